import * as path from 'node:path';
import type { EmbeddedReference } from '../embedded/reference-process';
import type { TestPki } from '../target/test-pki';
import { type MutatingProxy, type Mutation, type ProxiedExchange } from './mutating-proxy';
import { runPlaywright } from './playwright-run';
import { startProxiedReference, stopProxiedReference } from './proxied-reference';

/*
 * The first raw spec must catch deviations, not just pass on the reference: each case runs it
 * against the reference behind a proxy that breaks one thing, and expects exactly the tests that
 * own that thing to fail, with the deviation in the message.
 */

const root = path.resolve(__dirname, '../../..');
const NAMES = ['www.lessons.test', 'lessons.test', 'media.lessons.test', 'maintenance.lessons.test'];
const ROLES = { TARGET_URL: NAMES[0], TARGET_BARE_URL: NAMES[1], TARGET_ASSETS_URL: NAMES[2], TARGET_MAINTENANCE_URL: NAMES[3] };

let reference: EmbeddedReference;
let pki: TestPki;
let proxy: MutatingProxy;

beforeAll(async () => {
  ({ reference, pki, proxy } = await startProxiedReference(NAMES, 'Mutating Proxy Root'));
}, 120000);

afterAll(async () => {
  await stopProxiedReference({ reference, pki, proxy });
});

const on = (predicate: (e: ProxiedExchange) => boolean, change: Mutation): Mutation => (e) => {
  if (predicate(e)) change(e);
};
const setHeader = (e: ProxiedExchange, name: string, value: string | undefined) => {
  e.lines = e.lines.filter(([n]) => n !== name);
  if (value !== undefined) e.lines.push([name, value]);
};
const mapCookies = (e: ProxiedExchange, f: (line: string) => string) => {
  e.lines = e.lines.map(([n, v]) => [n, n === 'set-cookie' ? f(v) : v]);
};
const isHome = (e: ProxiedExchange) => e.host === NAMES[0] && e.path === '/';
const path0 = (e: ProxiedExchange) => e.path.split('?')[0];

async function outcomes(): Promise<Map<string, { status: string; message: string }>> {
  const results = await runPlaywright(root, ['specs/site-family.spec.ts', '--project', 'raw', '--grep', 'over h1'], proxy.targetEnv(ROLES, pki.caFile));
  return new Map(results.map((r) => [r.title.replace(/^.*over h1 › /, ''), { status: r.status, message: r.message }]));
}

test('the unmodified reference behind the proxy passes every test (the proxy itself is faithful)', async () => {
  proxy.setMutation(undefined);
  const results = await outcomes();
  expect(results.size).toBe(9);
  for (const [title, r] of results) expect(`${title}: ${r.status} ${r.message}`).toBe(`${title}: passed `);
}, 120000);

const CASES: Array<[string, Mutation, string, RegExp]> = [
  ['x-frame-options sent once on the home page', on(isHome, (e) => setHeader(e, 'x-frame-options', 'SAMEORIGIN')), 'site/home', /x-frame-options/],
  ['ARRAffinitySameSite without SameSite=None', on(isHome, (e) => mapCookies(e, (l) => l.replace(';SameSite=None', ''))), 'site/home', /SameSite|None/i],
  ['analytics cookie expiring after one year', on(isHome, (e) => mapCookies(e, (l) => (l.startsWith('SC_ANALYTICS') ? l.replace(/expires=[^;]+/, `expires=${new Date(Date.now() + 365 * 86400e3).toUTCString()}`) : l))), 'site/home', /toBeLessThan/],
  ['session cookie sent once', on(isHome, (e) => {
    let seen = false;
    e.lines = e.lines.filter(([n, v]) => !(n === 'set-cookie' && v.startsWith('ASP.NET_SessionId') && (seen ? true : ((seen = true), false))));
  }), 'site/home', /session cookie sent twice/],
  ['woff2 served as application/octet-stream', on((e) => path0(e).endsWith('.woff2'), (e) => setHeader(e, 'content-type', 'application/octet-stream')), 'site/static', /application\/font-woff2/],
  ['stylesheet with a weak ETag', on((e) => path0(e).endsWith('.css'), (e) => setHeader(e, 'etag', 'W/"abc"')), 'site/static', /etag|toMatch/i],
  ['visitor flag flip that changes the id', on((e) => path0(e).endsWith('VisitorIdentificationCSS.aspx'), (e) => mapCookies(e, (l) => l.replace(/=[0-9a-f]{32}\|/, `=${'f'.repeat(32)}|`))), 'site/visitor-flag', /\|True/],
  ['lesson-plan answer that is cacheable', on((e) => path0(e).startsWith('/api/'), (e) => setHeader(e, 'cache-control', 'private, max-age=60')), 'site/lesson-plan', /no-cache/],
  ['malformed path answered 404', on((e) => e.path.startsWith('/%7B'), (e) => (e.status = 404)), 'site/malformed-path', /302/],
  ['bare host redirecting with 302', on((e) => e.host === NAMES[1], (e) => (e.status = 302)), 'bare:', /301/],
  ['media cached for a day', on((e) => e.host === NAMES[2], (e) => setHeader(e, 'cache-control', 'public, max-age=86400')), 'assets:', /604800/],
  ['maintenance document without its BOM', on((e) => e.host === NAMES[3], (e) => (e.body = e.body.subarray(3))), 'maintenance:', /246/],
  ['referrer-policy changed on the lesson-plan API', on((e) => path0(e).startsWith('/api/'), (e) => setHeader(e, 'referrer-policy', 'no-referrer')), 'site/lesson-plan', /referrer-policy/],
];

test.each(CASES)('a target with %s fails exactly the owning test', async (_name, mutation, owner, message) => {
  proxy.setMutation(mutation);
  const results = await outcomes();
  const failed = [...results].filter(([, r]) => r.status !== 'passed');
  expect(failed.map(([t]) => t)).toEqual([expect.stringContaining(owner)]);
  expect(failed[0][1].message).toMatch(message);
}, 120000);
