import { chromium, type Browser, type BrowserContextOptions } from '@playwright/test';
import * as fs from 'node:fs';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadTargetMap, type TargetMap } from '../target-map';
import { makeTestPki, type TestPki } from '../target-map/test-pki';
import { findChromium } from './chromium-path';
import { targetContextOptions } from './context-options';
import { targetBrowserLaunch } from './launch';

/*
 * A hostile mapped page sends the browser to an attachment of 96 MiB (endless, for all it could
 * tell). Chromium writes a download to disk as it comes, past every body cap: in a context of the
 * harness it is cancelled at its first bytes. The control, the same context accepting downloads,
 * takes it whole.
 */
const chromiumPath = findChromium().path;
// Chromium is a system package (or Playwright's download), not an npm one: npm test's set-up installs it where it
// may, so this runs in CI; on a machine without any Chromium the title says how to get one.
const it = chromiumPath ? test : test.skip;
const missing = chromiumPath ? '' : " (skipped: no Chromium; npm test's set-up names the package, or CHROMIUM_PATH=<path>)";

const MiB = 1024 * 1024;
const SIZE = 96 * MiB;
const CHUNK = Buffer.alloc(MiB, 'a');

let pki: TestPki;
let server: https.Server;
let map: TargetMap;
let browser: Browser;
/** Bytes of the attachment written to each connection that asked for it, when it ended. */
const sent: number[] = [];
const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'context-options-'));

beforeAll(async () => {
  if (!chromiumPath) return;
  pki = makeTestPki(['www.lessons.test']);
  server = https.createServer({ key: pki.keyPem, cert: pki.certPem }, (req, res) => {
    if (req.url === '/') {
      res.setHeader('content-type', 'text/html');
      return void res.end(`<p>saved lesson plans</p><script>setTimeout(() => { location.href = '/plans.bin' }, 100)</script>`);
    }
    res.writeHead(200, {
      'content-type': 'application/octet-stream',
      'content-disposition': 'attachment; filename="plans.bin"',
      'content-length': String(SIZE),
    });
    let written = 0;
    const more = (): void => {
      while (written < SIZE) {
        written += CHUNK.length;
        if (!res.write(CHUNK)) return void res.once('drain', more);
      }
      res.end();
    };
    res.once('close', () => sent.push(written));
    more();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  map = loadTargetMap({ TARGET_URL: `https://www.lessons.test:${port}`, TARGET_RESOLVE: `www.lessons.test:${port}:127.0.0.1`, TARGET_CA: pki.caFile });
  browser = await chromium.launch(targetBrowserLaunch(map, cache).options);
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  pki?.cleanup();
  fs.rmSync(cache, { recursive: true, force: true });
});

/** The attachment's bytes the server wrote before the browser was done with it. */
async function sentWith(options: BrowserContextOptions): Promise<number> {
  const before = sent.length;
  const context = await browser.newContext(options);
  try {
    const page = await context.newPage();
    await page.goto(map.roles.site![0].href);
    // Until the attachment's connection ends: cancelled at once, or taken whole.
    for (let waited = 0; sent.length === before && waited < 20_000; waited += 100) await page.waitForTimeout(100);
  } finally {
    await context.close();
  }
  return sent[before] ?? -1;
}

it(`a context of the harness refuses a download: Chromium stops it at its first bytes; a context accepting downloads takes it whole${missing}`, async () => {
  expect(targetContextOptions(map).acceptDownloads).toBe(false);
  expect(await sentWith({ ...targetContextOptions(map), acceptDownloads: true })).toBe(SIZE);
  const refused = await sentWith(targetContextOptions(map));
  expect(refused).toBeGreaterThan(0);
  expect(refused).toBeLessThan(SIZE / 3);
}, 60_000);
