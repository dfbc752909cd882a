import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadTargetMap, type TargetMap } from '../target-map';
import { startHostileTarget, type HostileTarget, type Received } from '../testing/broken-targets/hostile';
import { httpCredentialsFor, sendExtraHeaders } from './extra-headers';
import { targetBrowserLaunch } from './launch';

/*
 * TARGET_HEADERS and Basic credentials in Chromium, against a hostile target: its mapped site
 * redirects to a third party on another address, to its own name over plain http and to itself;
 * the third party answers 401 with a Basic challenge. Every request each server received is
 * recorded, so what reached whom is read on the far side.
 */
const USER_PASS = 'staging:browser-canary-password';
const AUTHORIZATION = `Basic ${Buffer.from(USER_PASS).toString('base64')}`;
const BYPASS = 'bypass-canary-value';

let t: HostileTarget;
let browser: Browser;
let context: BrowserContext;
let map: TargetMap;
const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'extra-headers-test-'));

beforeAll(async () => {
  t = await startHostileTarget();
  map = loadTargetMap(
    t.env({
      // The site's own name over plain http is the OCSP role here: mapped, but not over TLS.
      TARGET_OCSP_URL: t.siteHttpOrigin,
      TARGET_HEADERS: JSON.stringify({ '*': { Authorization: AUTHORIZATION, 'X-Staging-Bypass': BYPASS } }),
    }),
  );
  browser = await chromium.launch(targetBrowserLaunch(map, cache).options);
  await sendExtraHeaders(browser, map);
  context = await browser.newContext({ httpCredentials: httpCredentialsFor(map) });
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
  fs.rmSync(cache, { recursive: true, force: true });
});

const carried = (r: Received) => [r.headers.authorization, r.headers['x-staging-bypass']].filter((v) => v !== undefined);
const to = (url: string) => `${t.siteOrigin}/to?u=${encodeURIComponent(url)}`;

async function visit(url: string): Promise<Received[]> {
  const before = t.received.length;
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'networkidle' }).catch(() => undefined);
  await page.close();
  return t.received.slice(before);
}

test('a mapped role that redirects to a third party hands it none of the extra headers; the mapped hop has them', async () => {
  const seen = await visit(to(`${t.thirdOrigin}/landing`));
  expect(seen.find((r) => r.server === 'site' && r.path.startsWith('/to'))?.headers.authorization).toBe(AUTHORIZATION);
  const third = seen.filter((r) => r.server === 'third');
  expect(third.map((r) => r.path)).toContain('/landing');
  expect(third.flatMap(carried)).toEqual([]);
});

test('a redirect back to a mapped https origin carries them again, hop by hop', async () => {
  const seen = await visit(to(`${t.siteOrigin}/landing`));
  const landing = seen.find((r) => r.server === 'site' && r.path === '/landing');
  expect(landing && carried(landing)).toEqual([AUTHORIZATION, BYPASS]);
});

test('a redirect to the same name over plain http (another origin) carries none', async () => {
  const seen = await visit(to(`http://${t.thirdOrigin.slice('https://'.length).replace(/:\d+$/, '')}:${t.thirdHttpPort}/plain`));
  const plain = seen.filter((r) => r.server === 'third-http');
  expect(plain.map((r) => r.path)).toContain('/plain');
  expect(plain.flatMap(carried)).toEqual([]);
});

test('a mapped role over plain http gets none of the headers set for every role', async () => {
  const seen = await visit(`${t.siteHttpOrigin}/ocsp`);
  const plain = seen.filter((r) => r.server === 'site-http');
  expect(plain.map((r) => r.path)).toContain('/ocsp');
  expect(plain.flatMap(carried)).toEqual([]);
});

test("a page's third-party resources (direct, after a redirect, behind a Basic challenge) get none", async () => {
  const seen = await visit(`${t.siteOrigin}/`);
  const third = seen.filter((r) => r.server === 'third');
  expect(third.map((r) => r.path).sort()).toEqual(['/challenge.png', '/img-after-redirect.png', '/img.png']);
  expect(third.flatMap(carried)).toEqual([]);
});

test('a third party answering 401 with a Basic challenge gets no credentials', async () => {
  const seen = await visit(`${t.thirdOrigin}/challenge`);
  const third = seen.filter((r) => r.server === 'third' && r.path === '/challenge');
  expect(third.length).toBeGreaterThan(0);
  expect(third.flatMap(carried)).toEqual([]);
});

test('the favicon of a mapped role gets them too (no route for Playwright to abort it)', async () => {
  const seen = await visit(`${t.siteOrigin}/favicon.ico`);
  const icon = seen.find((r) => r.server === 'site' && r.path === '/favicon.ico');
  expect(icon && carried(icon)).toEqual([AUTHORIZATION, BYPASS]);
});
