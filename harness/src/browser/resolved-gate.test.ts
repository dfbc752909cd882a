import { chromium, type Browser } from '@playwright/test';
import * as fs from 'node:fs';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadTargetMap, type TargetMap } from '../target-map';
import type { Lookup } from '../target-map/address-guard';
import { makeTestPki, type TestPki } from '../target-map/test-pki';
import { findChromium } from './chromium-path';
import { targetBrowserLaunch } from './launch';
import { BLOCKED, gateRefusal, interceptRequests } from './request-gate';

/*
 * Chromium resolves names itself, so the request gate asks what a request's name resolves to
 * before letting it go. A hostile target's DNS points one of its mapped names and a third-party
 * name its page loads at the metadata address, and another third-party name into the runner's
 * private network; Chromium itself is told (by its resolver rules) that all three are on loopback,
 * where a server counts what arrives. Nothing reaches the server under those names, and each
 * refusal names the address. The control, the same page with a name service that answers the
 * mapped name on loopback (a staging on the runner's network is the user's to map) and the third
 * parties at public addresses, reaches the server under all three.
 */
const chromiumPath = findChromium().path;
// Chromium is a system package (or Playwright's download), not an npm one: npm test's set-up installs it where it
// may, so this runs in CI; on a machine without any Chromium the title says how to get one.
const it = chromiumPath ? test : test.skip;
const missing = chromiumPath ? '' : " (skipped: no Chromium; npm test's set-up names the package, or CHROMIUM_PATH=<path>)";

let pki: TestPki;
let server: https.Server;
let port = 0;
let map: TargetMap;
const hosts: string[] = [];
const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'resolved-gate-'));

beforeAll(async () => {
  pki = makeTestPki(['www.lessons.test', 'assets.lessons.test', 'pixel.tracker.test', 'files.tracker.test']);
  server = https.createServer({ key: pki.keyPem, cert: pki.certPem }, (req, res) => {
    hosts.push(`${(req.headers.host ?? '').replace(/:\d+$/, '')}${req.url}`);
    if (req.url !== '/' || !req.headers.host?.startsWith('www.')) return void res.end('x');
    res.setHeader('content-type', 'text/html');
    res.end(
      ['pixel.tracker.test/p.png', 'files.tracker.test/f.png', 'assets.lessons.test/a.png']
        .map((u) => `<img src="https://${u.replace('/', `:${port}/`)}">`)
        .join(''),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  // The site is pinned by the map; the asset host is mapped by name only, so its DNS is the target's.
  map = loadTargetMap({
    TARGET_URL: `https://www.lessons.test:${port}`,
    TARGET_ASSETS_URL: `https://assets.lessons.test:${port}`,
    TARGET_RESOLVE: `www.lessons.test:${port}:127.0.0.1`,
    TARGET_CA: pki.caFile,
  });
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  pki?.cleanup();
  fs.rmSync(cache, { recursive: true, force: true });
});

/** A name service answering each name with its address in `answers`. */
const answering =
  (answers: Record<string, string>): Lookup =>
  (hostname, options, callback) => {
    const address = answers[hostname];
    if (address === undefined) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '');
    return options.all ? callback(null, [{ address, family: 4 }]) : callback(null, address, 4);
  };

/** What the server saw while Chromium, behind the gate asking `lookup`, loaded the site and then the asset host directly. */
async function seenWith(lookup: Lookup): Promise<{ seen: string[]; direct: string | undefined }> {
  const launch = targetBrowserLaunch(map, cache).options;
  // Chromium's own resolver puts the two unpinned names on loopback, where the server is (first: the first rule that matches wins).
  const rules = '--host-resolver-rules=';
  const args = (launch.args ?? []).map((a) =>
    a.startsWith(rules) ? `${rules}MAP assets.lessons.test 127.0.0.1, MAP *.tracker.test 127.0.0.1, ${a.slice(rules.length)}` : a,
  );
  const browser: Browser = await chromium.launch({ ...launch, args });
  const before = hosts.length;
  let direct: string | undefined;
  try {
    await interceptRequests(browser, map, { lookup });
    const page = await browser.newPage({ ignoreHTTPSErrors: false });
    await page.goto(map.roles.site![0].href, { waitUntil: 'load' });
    await page.goto(`https://assets.lessons.test:${port}/`).catch((e: Error) => (direct = e.message));
  } finally {
    await browser.close();
  }
  return { seen: hosts.slice(before).sort(), direct };
}

it(`names whose DNS answers the metadata address (mapped or not), or a private address (off the map), are never asked, and each refusal says why${missing}`, async () => {
  const { seen, direct } = await seenWith(
    answering({ 'assets.lessons.test': '169.254.169.254', 'pixel.tracker.test': '169.254.169.254', 'files.tracker.test': '10.1.2.3' }),
  );
  expect(seen).toEqual(['www.lessons.test/']);
  expect(direct).toContain(BLOCKED);
  expect(gateRefusal(map, `https://assets.lessons.test:${port}/`, true)).toBe('resolves to a link-local address (169.254.169.254), never asked');
  expect(gateRefusal(map, `https://pixel.tracker.test:${port}/p.png`, false)).toBe('resolves to a link-local address (169.254.169.254), never asked');
  expect(gateRefusal(map, `https://files.tracker.test:${port}/f.png`, false)).toBe(
    `is not the origin of a mapped role (https://files.tracker.test:${port}): only the target map's origins are asked, and it resolves to 10.1.2.3, on the runner's own network`,
  );

  // The control: the mapped name on loopback, the third parties at public addresses.
  const control = await seenWith(answering({ 'assets.lessons.test': '127.0.0.1', 'pixel.tracker.test': '203.0.113.7', 'files.tracker.test': '203.0.113.8' }));
  expect(control.seen).toEqual([
    'assets.lessons.test/',
    'assets.lessons.test/a.png',
    'files.tracker.test/f.png',
    'pixel.tracker.test/p.png',
    'www.lessons.test/',
  ]);
  expect(control.direct).toBeUndefined();
});
