import { chromium, type LaunchOptions } from '@playwright/test';
import * as dgram from 'node:dgram';
import * as fs from 'node:fs';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadTargetMap, type TargetMap } from '../target-map';
import { makeTestPki, type TestPki } from '../target-map/test-pki';
import { findChromium } from './chromium-path';
import { targetBrowserLaunch } from './launch';
import { quicLaunch } from './quic';

/*
 * A hostile answer over TLS names an HTTP/3 alternative on an unmapped loopback address. Chromium
 * with QUIC on acts on it beneath every request interception: the QUIC Chromium of the HTTP/3 legs
 * and flows must send it nothing. The control, the same Chromium with QUIC on and no confinement,
 * shows that the page does make it try.
 */
const chromiumPath = findChromium().path;
const it = chromiumPath ? test : test.skip;
const missing = chromiumPath ? '' : " (skipped: no Chromium; npm test's set-up names the package, or CHROMIUM_PATH=<path>)";

let pki: TestPki;
let server: https.Server;
let quic: dgram.Socket;
let datagrams = 0;
let map: TargetMap;
const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'quic-confinement-'));

beforeAll(async () => {
  quic = dgram.createSocket('udp4');
  quic.on('message', () => datagrams++);
  await new Promise<void>((resolve) => quic.bind(0, '127.0.0.3', resolve));
  const alternative = `h3="127.0.0.3:${(quic.address() as AddressInfo).port}"; ma=60`;
  pki = makeTestPki(['www.lessons.test']);
  server = https.createServer({ key: pki.keyPem, cert: pki.certPem }, (req, res) => {
    // Each answer on a connection of its own: every later image is a new connection, for which Chromium tries the alternative.
    res.setHeader('alt-svc', alternative);
    res.setHeader('connection', 'close');
    if (req.url !== '/') return void res.end('x');
    res.setHeader('content-type', 'text/html');
    res.end(`<img src="/0.png"><script>setTimeout(() => { for (let i = 1; i < 6; i++) new Image().src = '/' + i + '.png'; }, 300)</script>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  map = loadTargetMap({ TARGET_URL: `https://www.lessons.test:${port}`, TARGET_RESOLVE: `www.lessons.test:${port}:127.0.0.1`, TARGET_CA: pki.caFile });
});

afterAll(async () => {
  quic?.close();
  await new Promise((resolve) => server?.close(resolve));
  pki?.cleanup();
  fs.rmSync(cache, { recursive: true, force: true });
});

/** The datagrams the alternative got while Chromium loaded the page twice (a reload's connections know the Alt-Svc). */
async function datagramsWith(options: LaunchOptions): Promise<number> {
  const before = datagrams;
  const browser = await chromium.launch(options);
  try {
    const page = await browser.newPage();
    for (let i = 0; i < 2; i++) {
      await page.goto(map.roles.site![0].href);
      await page.waitForTimeout(800);
    }
  } finally {
    await browser.close();
  }
  return datagrams - before;
}

it(`a QUIC Chromium sends nothing to an alternative off the map; the same Chromium unconfined does (the control)${missing}`, async () => {
  const launch = targetBrowserLaunch(map, cache);
  const unconfined = { ...launch.options, args: (launch.options.args ?? []).map((a) => (a === '--disable-quic' ? '--enable-quic' : a)) };
  expect(await datagramsWith(unconfined)).toBeGreaterThan(0);
  expect(await datagramsWith(quicLaunch(launch, [], map).options)).toBe(0);
}, 60_000);
