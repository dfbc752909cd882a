import * as path from 'node:path';
import type { EmbeddedReference } from '../embedded/reference-process';
import type { TestPki } from '../target/test-pki';
import { type MutatingProxy, type Mutation, type ProxiedExchange } from './mutating-proxy';
import { runPlaywright } from './playwright-run';
import { startProxiedReference, stopProxiedReference } from './proxied-reference';

/*
 * The data-driven replay must catch deviations, not just pass on the reference: each case replays
 * every spec against the reference behind a proxy that breaks one thing, and expects exactly the
 * tests that own that thing to fail, with the deviation in the message. The OCSP role (plain
 * http) is left unmapped here: its tests are skipped.
 */

const root = path.resolve(__dirname, '../../..');
const SITE = 'www.lessons.test';
const NAMES = [SITE, 'lessons.test', 'media.lessons.test', 'maintenance.lessons.test', 'shop.store.test', 'go.redirect.test', 'hop2.redirect.test', 'hop3.redirect.test', 'analytics.beacon.test'];
const ROLES = {
  TARGET_URL: NAMES[0],
  TARGET_BARE_URL: NAMES[1],
  TARGET_ASSETS_URL: NAMES[2],
  TARGET_MAINTENANCE_URL: NAMES[3],
  TARGET_SHOP_URL: NAMES[4],
  TARGET_REDIRECTOR_URL: NAMES[5],
  TARGET_ANALYTICS_URL: NAMES[8],
};

let reference: EmbeddedReference;
let pki: TestPki;
let proxy: MutatingProxy;

beforeAll(async () => {
  ({ reference, pki, proxy } = await startProxiedReference(NAMES, 'Replay Mutating Proxy Root'));
}, 120000);

afterAll(async () => {
  await stopProxiedReference({ reference, pki, proxy });
});

const on = (predicate: (e: ProxiedExchange) => boolean, change: Mutation): Mutation => (e) => {
  if (predicate(e)) change(e);
};
const setHeader = (e: ProxiedExchange, name: string, value: string) => {
  e.lines = [...e.lines.filter(([n]) => n !== name), [name, value]];
};
const path0 = (e: ProxiedExchange) => e.path.split('?')[0];
const isHome = (e: ProxiedExchange) => e.host === SITE && e.path === '/';

interface Outcome {
  status: string;
  message: string;
}

async function outcomes(): Promise<Map<string, Outcome>> {
  const env = proxy.targetEnv(ROLES, pki.caFile);
  env.TARGET_REDIRECTOR_URL = NAMES.slice(5, 8).map((n) => `https://${n}:${proxy.port}`).join(',');
  const results = await runPlaywright(root, ['specs/replay.spec.ts', '--project', 'raw'], env);
  return new Map(results.map((r) => [r.title.split(' › ').pop()!, { status: r.status, message: r.message }]));
}

test('the unmodified reference behind the proxy passes every mapped replay test; OCSP is skipped as not mapped', async () => {
  proxy.setMutation(undefined);
  const results = await outcomes();
  expect(results.size).toBeGreaterThan(60);
  const bad = [...results].filter(([id, r]) => (id.startsWith('ocsp/') ? r.status !== 'skipped' : r.status !== 'passed'));
  expect(bad.map(([id, r]) => `${id}: ${r.status} ${r.message}`)).toEqual([]);
}, 180000);

// Rows have five elements each: a shorter row would make Jest take the test's last parameter for `done`.
const CASES: Array<[string, Mutation, string[], RegExp, Record<string, RegExp>]> = [
  [
    'a header changed (theme stylesheet cached for a day)',
    on((e) => path0(e).endsWith('/assets/base.css'), (e) => setHeader(e, 'cache-control', 'public, max-age=86400')),
    ['shop/theme/css'],
    /shop\/theme\/css header cache-control: expected "public, max-age=31557600", got "public, max-age=86400"/,
    {},
  ],
  [
    'a cookie attribute dropped (ARRAffinitySameSite without SameSite=None)',
    on(isHome, (e) => {
      e.lines = e.lines.map(([n, v]) => [n, n === 'set-cookie' ? v.replace(';SameSite=None', '') : v]);
    }),
    ['site/home'],
    /site\/home cookie ARRAffinitySameSite samesite: expected "None", got "\(absent\)"/,
    {},
  ],
  [
    'a body size changed (the 452-byte icon cut short)',
    on((e) => path0(e) === '/cdn-cgi/images/icon-exclamation.png', (e) => (e.body = e.body.subarray(0, 400))),
    ['redirector/icon'],
    /redirector\/icon body size: expected "452", got "400"/,
    {},
  ],
  [
    'a repeated header collapsed over HTTP/1.1 (X-Frame-Options on one line)',
    on(
      (e) => isHome(e) && e.httpVersion === '1.1',
      (e) => {
        const values = e.lines.filter(([n]) => n === 'x-frame-options').map(([, v]) => v);
        setHeader(e, 'x-frame-options', values.join(', '));
      },
    ),
    // Every test that fetches the home page sees the protocols differ; site/home also checks the lines.
    ['site/home', 'site/visitor-flip', 'bare/redirect-to-www'],
    /parity header x-frame-options: expected "over h2 as over h1: SAMEORIGIN, SAMEORIGIN", got "over h2: 2 lines: SAMEORIGIN \| SAMEORIGIN"/,
    {
      'site/home': /site\/home header x-frame-options \(h1 only\): expected "2 lines: \[1\] SAMEORIGIN; \[2\] SAMEORIGIN", got "1 line: \[1\] SAMEORIGIN, SAMEORIGIN"/,
    },
  ],
  [
    'a CORS answer that stops echoing the Origin',
    on((e) => path0(e) === '/ccm/collect' && e.method === 'POST', (e) => setHeader(e, 'access-control-allow-origin', '*')),
    ['analytics/collect'],
    /analytics\/collect header access-control-allow-origin: expected "https:\/\/www\.lessons\.test:\d+", got "\*"/,
    {},
  ],
];

test.each(CASES)('a target with %s fails exactly the owning replay tests', async (_name, mutation, owners, message, perTest) => {
  proxy.setMutation(mutation);
  const results = await outcomes();
  const failed = [...results].filter(([id, r]) => r.status !== 'passed' && !(id.startsWith('ocsp/') && r.status === 'skipped'));
  expect(failed.map(([id]) => id).sort()).toEqual([...owners].sort());
  for (const [, r] of failed) expect(r.message).toMatch(message);
  for (const [id, re] of Object.entries(perTest)) expect(results.get(id)?.message).toMatch(re);
}, 180000);
