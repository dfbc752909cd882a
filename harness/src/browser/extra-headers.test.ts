import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadTargetMap, type TargetMap } from '../target-map';
import { startHostileTarget, type HostileTarget, type Received } from '../testing/broken-targets/hostile';
import { httpCredentialsFor } from './extra-headers';
import { BLOCKED, interceptRequests } from './request-gate';
import { targetBrowserLaunch } from './launch';

/*
 * The browser's gate, TARGET_HEADERS and Basic credentials in Chromium, against a hostile target: its mapped site
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
  await interceptRequests(browser, map);
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

test('a navigation a mapped role redirects to a third party is refused: the third party gets nothing; the mapped hop had the headers', async () => {
  const seen = await visit(to(`${t.thirdOrigin}/landing`));
  expect(seen.find((r) => r.server === 'site' && r.path.startsWith('/to'))?.headers.authorization).toBe(AUTHORIZATION);
  expect(seen.filter((r) => r.server === 'third')).toEqual([]);
});

test('a redirect back to a mapped https origin carries them again, hop by hop', async () => {
  const seen = await visit(to(`${t.siteOrigin}/landing`));
  const landing = seen.find((r) => r.server === 'site' && r.path === '/landing');
  expect(landing && carried(landing)).toEqual([AUTHORIZATION, BYPASS]);
});

test('a navigation redirected to the same name over plain http (another origin) is refused', async () => {
  const seen = await visit(to(`http://${t.thirdOrigin.slice('https://'.length).replace(/:\d+$/, '')}:${t.thirdHttpPort}/plain`));
  expect(seen.filter((r) => r.server === 'third-http')).toEqual([]);
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

test("a page's resources on the runner's own network, or at a metadata address, are refused; nothing reaches them", async () => {
  const listener = http.createServer((_req, res) => res.end());
  const hits: string[] = [];
  // Any connection counts, TLS or not: nothing may reach the address at all.
  listener.on('connection', (socket) => hits.push(String(socket.remotePort)));
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.3', resolve));
  const port = (listener.address() as AddressInfo).port;
  t.on('/internal', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      `<!doctype html><img src="https://127.0.0.3:${port}/loopback.png"><img src="https://169.254.169.254/latest/meta-data/">` +
        `<img src="https://intranet:${port}/x.png"><script src="https://metadata.google.internal/computeMetadata/v1/"></script>`,
    );
  });
  try {
    const page = await context.newPage();
    const failed: string[] = [];
    // Chromium says which DevTools client blocked it (`net::ERR_BLOCKED_BY_CLIENT.Inspector`).
    page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText.startsWith(BLOCKED) ? 'blocked' : r.failure()?.errorText}`));
    await page.goto(`${t.siteOrigin}/internal`, { waitUntil: 'networkidle' }).catch(() => undefined);
    await page.close();
    expect(hits).toEqual([]);
    expect(failed.sort()).toEqual(
      [
        `https://127.0.0.3:${port}/loopback.png blocked`,
        'https://169.254.169.254/latest/meta-data/ blocked',
        `https://intranet:${port}/x.png blocked`,
        'https://metadata.google.internal/computeMetadata/v1/ blocked',
      ].sort(),
    );
  } finally {
    await new Promise<void>((resolve) => listener.close(() => resolve()));
  }
});

test('the favicon of a mapped role gets them too (no route for Playwright to abort it)', async () => {
  const seen = await visit(`${t.siteOrigin}/favicon.ico`);
  const icon = seen.find((r) => r.server === 'site' && r.path === '/favicon.ico');
  expect(icon && carried(icon)).toEqual([AUTHORIZATION, BYPASS]);
});
