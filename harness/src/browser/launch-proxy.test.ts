import { once } from 'node:events';
import * as fs from 'node:fs';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { loadTargetMap } from '../target-map';
import { makeTestPki, type TestPki } from '../target-map/test-pki';
import { startConnectProxy, type ConnectProxy } from '../testing/connect-proxy';
import { targetBrowserLaunch } from './launch';
import { WHOLE_RUN_MS } from '../testing/budgets';

/*
 * Chromium launched from a map with a proxy, for real (npm test's set-up provides Chromium; without
 * one the launch fails with the missing-browser message, never a silent skip): it tunnels
 * through the test's proxy, which alone resolves the name; NO_PROXY hosts go direct through the
 * resolve rules; proxy credentials reach the proxy through Playwright's option; and a loopback
 * target goes through the proxy like it does over HTTP/1.1 and HTTP/2 (`<-loopback>`).
 */

let pki: TestPki;
let server: https.Server;
let port: number;
let proxy: ConnectProxy;
const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'launch-proxy-'));
const hosts: string[] = [];

beforeAll(async () => {
  pki = makeTestPki(['made.up.test']);
  server = https.createServer({ key: pki.keyPem, cert: pki.certPem }, (req, res) => {
    hosts.push(req.headers.host ?? '');
    res.writeHead(200, { 'content-type': 'text/html' }).end('<title>ok</title>');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
  proxy = await startConnectProxy({ 'made.up.test': '127.0.0.1' });
});

afterAll(async () => {
  await proxy.close();
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
  pki.cleanup();
  fs.rmSync(cache, { recursive: true, force: true });
});

/** CONNECTs for the test's own hosts (Chromium's own background requests go through the proxy too). */
const ours = () => proxy.connects.filter((c) => /^(made\.up\.test|127\.0\.0\.1):/.test(c.target));

beforeEach(() => {
  proxy.connects.length = 0;
  proxy.requireAuthorization = undefined;
  hosts.length = 0;
});

async function visit(env: Record<string, string>, url: string): Promise<{ status?: number; title?: string; error?: string }> {
  const launch = targetBrowserLaunch(loadTargetMap({ TARGET_CA: pki.caFile, ...env }), cache);
  const browser: Browser = await chromium.launch(launch.options);
  try {
    const context = await browser.newContext({ ignoreHTTPSErrors: launch.ignoreHTTPSErrors });
    const page = await context.newPage();
    const res = await page.goto(url, { timeout: 10_000 });
    return { status: res?.status(), title: await page.title() };
  } catch (e) {
    return { error: (e as Error).message.split('\n')[0] };
  } finally {
    await browser.close();
  }
}

describe('Chromium behind a proxy', () => {
  it(
    'tunnels through --proxy-server, asking the proxy for the name (which only the proxy resolves here)',
    async () => {
      expect(await visit({ TARGET_URL: `https://made.up.test:${port}`, HTTPS_PROXY: proxy.url }, `https://made.up.test:${port}/`)).toEqual({
        status: 200,
        title: 'ok',
      });
      expect(new Set(ours().map((c) => c.target))).toEqual(new Set([`made.up.test:${port}`]));
      expect(hosts).toContain(`made.up.test:${port}`);
    },
    WHOLE_RUN_MS,
  );

  it(
    'goes direct through --host-resolver-rules for a NO_PROXY host',
    async () => {
      const env = {
        TARGET_URL: `https://made.up.test:${port}`,
        TARGET_RESOLVE: `made.up.test:${port}:127.0.0.1`,
        HTTPS_PROXY: proxy.url,
        NO_PROXY: '.up.test',
      };
      expect(await visit(env, `https://made.up.test:${port}/`)).toEqual({ status: 200, title: 'ok' });
      expect(ours()).toEqual([]);
    },
    WHOLE_RUN_MS,
  );

  it(
    "answers the proxy's 407 with the credentials of the proxy URL (Playwright's proxy option)",
    async () => {
      const authorization = `Basic ${Buffer.from('al@ice:s3:cret').toString('base64')}`;
      proxy.requireAuthorization = authorization;
      const env = { TARGET_URL: `https://made.up.test:${port}`, HTTPS_PROXY: `http://al%40ice:s3%3Acret@127.0.0.1:${proxy.port}` };
      expect(await visit(env, `https://made.up.test:${port}/`)).toEqual({ status: 200, title: 'ok' });
      expect(ours().some((c) => c.authorization === authorization)).toBe(true);
    },
    WHOLE_RUN_MS,
  );

  it(
    'sends a loopback target through the proxy too, as the HTTP/1.1 and HTTP/2 legs do (<-loopback>)',
    async () => {
      expect(await visit({ TARGET_URL: `https://127.0.0.1:${port}`, TARGET_INSECURE: '1', HTTPS_PROXY: proxy.url }, `https://127.0.0.1:${port}/`)).toEqual({
        status: 200,
        title: 'ok',
      });
      expect(ours().map((c) => c.target)).toContain(`127.0.0.1:${port}`);
    },
    WHOLE_RUN_MS,
  );
});
