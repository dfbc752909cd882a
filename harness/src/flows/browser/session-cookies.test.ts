/**
 * The stored cookies are judged against the exchange that set them: a cookie a later answer of the
 * same page set again (the visitor-identification stylesheet flipping the analytics flag, after a
 * mouse move the page may receive at any moment) holds that answer's value, so it is n/a for the
 * earlier exchange (its Set-Cookie line is the raw replay's to judge), never a failure; a cookie
 * the judged answer set last is judged as before.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { loadTargetMap } from '../../target-map';
import type { StoredCookie } from './cookies';
import type { FlowEnvironment } from './environment';
import type { ObservedResource } from './resources';
import { FlowSession, type BrowserFlow } from './session';

const FLOW: BrowserFlow = { id: 'site/browser/test', role: 'site', title: 't', clause: 'c', requires: ['site'], har: 'test', run: async () => undefined };
const SITE = 'https://www.example.test';
const ID = 'b'.repeat(32);
const HOME = `${SITE}/`;
const FLIP = `${SITE}/layouts/system/VisitorIdentificationCSS.aspx?1712345678901`;
const DATE = new Date('2026-04-08T16:54:00Z');

function resource(url: string, setCookie?: string): ObservedResource {
  return {
    url,
    method: 'GET',
    resourceType: url === HOME ? 'document' : 'stylesheet',
    requestHeaders: {},
    status: 200,
    responseHeaders: setCookie ? { 'set-cookie': setCookie } : {},
  };
}

function session(log: ObservedResource[], flag: 'True' | 'False'): FlowSession {
  const page = { on: () => page } as unknown as Page;
  const jar: StoredCookie[] = [
    { name: 'SC', value: `${ID}|${flag}`, domain: 'www.example.test', path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' },
    { name: 'sid', value: 's', domain: 'www.example.test', path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' },
  ];
  const context = { cookies: async () => jar } as unknown as BrowserContext;
  const env = {
    map: loadTargetMap({ TARGET_URL: SITE }),
    timeouts: { navigationMs: 100, settleMs: 100, responseMs: 100, flowMs: 1000 },
    values: {},
    index: {
      cookieSpecs: () => ({
        from: 'site/home',
        clause: 'Cookies set by {base_url}',
        source: 'capture',
        cookies: { SC: { value: { regex: '^[0-9a-f]{32}\\|False$' }, path: '/' }, sid: { path: '/', httpOnly: true } },
      }),
    },
  } as unknown as FlowEnvironment;
  const s = new FlowSession(FLOW, page, context, env);
  (s as unknown as { network: { snapshot: () => Promise<ObservedResource[]> } }).network = { snapshot: async () => log };
  return s;
}

const judge = async (log: ObservedResource[], flag: 'True' | 'False', url = HOME) => {
  const s = session(log, flag);
  await s.checkCookies({ role: 'site', method: 'GET', url: new URL(url), headers: {} }, DATE);
  return s.findings.items;
};
const summary = (items: Awaited<ReturnType<typeof judge>>) => items.map((f) => `${f.verdict} ${f.id}`);

test('a cookie a later answer of the page set again is n/a for the earlier exchange, naming that answer; the others are judged', async () => {
  const items = await judge(
    [resource(HOME, `SC=${ID}|False; path=/; HttpOnly\nsid=s; path=/; HttpOnly`), resource(FLIP, `SC=${ID}|True; path=/; HttpOnly`)],
    'True',
  );
  expect(summary(items)).toEqual([
    'n/a site/browser/test cookie SC stored',
    'pass site/browser/test cookie sid path',
    'pass site/browser/test cookie sid httpOnly',
  ]);
  expect(items[0].actual).toBe('set again by GET {base_url}/layouts/system/VisitorIdentificationCSS.aspx');
  expect(items[0].message).toContain('judged by the raw replay of site/home');
});

test('the same stored value with no later setter is judged against the exchange and fails', async () => {
  const items = await judge([resource(HOME, `SC=${ID}|True; path=/; HttpOnly`), resource(`${SITE}/css/main.css`)], 'True');
  expect(summary(items)).toContain('fail site/browser/test cookie SC value');
  expect(items.some((f) => f.verdict === 'n/a')).toBe(false);
});

test('an answer that set the cookie before the judged one does not excuse it: the judged answer set it last', async () => {
  const items = await judge([resource(FLIP, `SC=${ID}|True; path=/; HttpOnly`), resource(HOME, `SC=${ID}|False; path=/; HttpOnly`)], 'True');
  expect(summary(items)).toContain('fail site/browser/test cookie SC value');
});

test('the judged exchange missing from the log changes nothing: every stated cookie is judged', async () => {
  const items = await judge([resource(FLIP, `SC=${ID}|True; path=/; HttpOnly`)], 'True', `${SITE}/elsewhere`);
  expect(summary(items)).toContain('fail site/browser/test cookie SC value');
});
