import { chromium, type LaunchOptions } from '@playwright/test';
import * as dgram from 'node:dgram';
import * as fs from 'node:fs';
import * as https from 'node:https';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadTargetMap, type TargetMap } from '../target-map';
import { makeTestPki, type TestPki } from '../target-map/test-pki';
import { findChromium } from './chromium-path';
import { confinementRules, WEBRTC_NO_UDP, withoutConfinement } from './confinement';
import { targetBrowserLaunch } from './launch';
import { quicLaunch } from './quic';
import { interceptRequests } from './request-gate';

/*
 * A hostile mapped page reaches for the runner's loopback by three ways the request gate never
 * sees: a WebSocket, an HTTP/3 alternative its answers name (`Alt-Svc`, acted on where QUIC is on),
 * WebRTC's STUN. The listeners on unmapped loopback addresses count what arrives. The control is
 * the same Chromium without the confinement: the page does reach all three there.
 */
const chromiumPath = findChromium().path;
// Chromium is a system package (or Playwright's download), not an npm one: npm test's set-up installs it where it
// may, so this runs in CI; on a machine without any Chromium the title says how to get one.
const it = chromiumPath ? test : test.skip;
const missing = chromiumPath ? '' : " (skipped: no Chromium; npm test's set-up names the package, or CHROMIUM_PATH=<path>)";

let pki: TestPki;
let server: https.Server;
let map: TargetMap;
const reached = { webSocket: 0, quic: 0, stun: 0 };
const closers: Array<() => void> = [];
const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'confinement-'));

async function udp(address: string, count: () => void): Promise<number> {
  const socket = dgram.createSocket('udp4');
  socket.on('message', count);
  await new Promise<void>((resolve) => socket.bind(0, address, resolve));
  closers.push(() => socket.close());
  return socket.address().port;
}

beforeAll(async () => {
  const tcp = net.createServer((s) => (reached.webSocket++, s.destroy()));
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.2', resolve));
  closers.push(() => tcp.close());
  const wsPort = (tcp.address() as net.AddressInfo).port;
  const quicPort = await udp('127.0.0.3', () => reached.quic++);
  const stunPort = await udp('127.0.0.4', () => reached.stun++);
  pki = makeTestPki(['www.lessons.test', 'shop.store.test']);
  const page =
    `<img src="/0.png"><script>` +
    `try { new WebSocket('ws://127.0.0.2:${wsPort}/') } catch {}` +
    `const pc = new RTCPeerConnection({ iceServers: [{ urls: 'stun:127.0.0.4:${stunPort}' }] }); pc.createDataChannel('x'); pc.createOffer().then((o) => pc.setLocalDescription(o));` +
    `setTimeout(() => { for (let i = 1; i < 6; i++) new Image().src = '/' + i + '.png'; }, 300)</script>`;
  server = https.createServer({ key: pki.keyPem, cert: pki.certPem }, (req, res) => {
    // Each answer on a connection of its own: every later image is a new connection, for which Chromium tries the alternative.
    res.setHeader('alt-svc', `h3="127.0.0.3:${quicPort}"; ma=60`);
    res.setHeader('connection', 'close');
    if (req.url !== '/') return void res.end('x');
    res.setHeader('content-type', 'text/html');
    res.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  map = loadTargetMap({
    TARGET_URL: `https://www.lessons.test:${port}`,
    TARGET_SHOP_URL: `https://shop.store.test:${port}`,
    TARGET_RESOLVE: `www.lessons.test:${port}:127.0.0.1,shop.store.test:${port}:127.0.0.1`,
    TARGET_CA: pki.caFile,
  });
});

afterAll(async () => {
  for (const close of closers) close();
  await new Promise((resolve) => server?.close(resolve));
  pki?.cleanup();
  fs.rmSync(cache, { recursive: true, force: true });
});

/** What reached the unmapped listeners while Chromium, behind the request gate, loaded the page twice (a reload's connections know the Alt-Svc). */
async function reachedWith(options: LaunchOptions): Promise<typeof reached> {
  const before = { ...reached };
  const browser = await chromium.launch(options);
  try {
    await interceptRequests(browser, map);
    const page = await browser.newPage();
    for (let i = 0; i < 2; i++) {
      await page.goto(map.roles.site![0].href);
      await page.waitForTimeout(800);
    }
  } finally {
    await browser.close();
  }
  return { webSocket: reached.webSocket - before.webSocket, quic: reached.quic - before.quic, stun: reached.stun - before.stun };
}

/** The launch as it was before the confinement: the map's rules only, WebRTC free. */
function unconfined(options: LaunchOptions): LaunchOptions {
  const args = (options.args ?? [])
    .filter((a) => a !== WEBRTC_NO_UDP)
    .map((a) => (a.startsWith('--host-resolver-rules=') ? `--host-resolver-rules=${withoutConfinement(a.slice('--host-resolver-rules='.length))}` : a));
  return { ...options, args };
}

it(`a page reaches no unmapped loopback address by WebSocket, QUIC or STUN, with QUIC on or off; unconfined it reaches all three${missing}`, async () => {
  const flows = targetBrowserLaunch(map, cache).options;
  // QUIC on, as the HTTP/3 flow has it: forced to another role's endpoint; the page's own origin goes over TCP and reads the Alt-Svc.
  const shop = map.roles.shop![0];
  const quic = quicLaunch(targetBrowserLaunch(map, cache), [
    { originHost: shop.hostname, originPort: Number(shop.port), address: '127.0.0.1', port: 9 },
  ]).options;
  expect(quic.args).toContain('--enable-quic');
  expect(quic.args?.find((a) => a.startsWith('--host-resolver-rules='))).toContain(confinementRules(map).join(', '));
  const control = await reachedWith(unconfined(quic));
  expect([control.webSocket, control.quic, control.stun].map((n) => n > 0)).toEqual([true, true, true]);
  expect(await reachedWith(flows)).toEqual({ webSocket: 0, quic: 0, stun: 0 });
  expect(await reachedWith(quic)).toEqual({ webSocket: 0, quic: 0, stun: 0 });
}, 60_000);
