import { once } from 'node:events';
import * as http from 'node:http';
import * as https from 'node:https';
import * as net from 'node:net';
import type { TLSSocket } from 'node:tls';
import { limitsEnv, withTestBudgets } from '../testing/budgets';
import { startConnectProxy, type ConnectProxy } from '../testing/connect-proxy';
import { send, TransportError } from '../transport/send';
import { openTls } from './connect';
import { createDispatcher } from './dispatcher';
import { loadTargetMap } from './target-map';
import { makeTestPki, type TestPki } from './test-pki';
import { ProxyError } from './tunnel';

/*
 * Both clients of the target map through a CONNECT proxy of the test's own (which alone can resolve
 * made.up.test): the undici dispatcher (ProxyAgent) and openTls (the HTTP/2 leg). The tunnel goes
 * to the resolve entry's address when there is one, SNI and Host keep the name, credentials go in
 * Proxy-Authorization, and a refusing, silent or absent proxy is an error naming it, in bounded time.
 */

interface Seen {
  sni: string | false | null | undefined;
  host: string | undefined;
  extra: string | undefined;
  proxyAuthorization: string | undefined;
}

let pki: TestPki;
let tlsServer: https.Server;
let plainServer: http.Server;
let tlsPort: number;
let plainPort: number;
let proxy: ConnectProxy;
const seen: Seen[] = [];

function record(req: http.IncomingMessage, res: http.ServerResponse): void {
  const socket = req.socket as TLSSocket;
  seen.push({
    sni: 'servername' in socket ? socket.servername : undefined,
    host: req.headers.host,
    extra: req.headers['x-extra'] as string | undefined,
    proxyAuthorization: req.headers['proxy-authorization'],
  });
  res.end('ok');
}

async function listen(server: net.Server): Promise<number> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as net.AddressInfo).port;
}

beforeAll(async () => {
  pki = makeTestPki(['made.up.test']);
  tlsServer = https.createServer({ key: pki.keyPem, cert: pki.certPem, ALPNProtocols: ['http/1.1'] }, record);
  plainServer = http.createServer(record);
  [tlsPort, plainPort] = await Promise.all([listen(tlsServer), listen(plainServer)]);
  proxy = await startConnectProxy({ 'made.up.test': '127.0.0.1' });
});

afterAll(async () => {
  await proxy.close();
  for (const s of [tlsServer, plainServer]) {
    s.closeAllConnections();
    await new Promise<void>((done) => s.close(() => done()));
  }
  pki.cleanup();
});

beforeEach(() => {
  seen.length = 0;
  proxy.connects.length = 0;
  proxy.forwarded.length = 0;
  proxy.refuse = undefined;
  proxy.requireAuthorization = undefined;
});

const CREDENTIALS = 'Basic ' + Buffer.from('al@ice:pa ss').toString('base64');

function mapWith(env: Record<string, string>) {
  return loadTargetMap(
    withTestBudgets({ TARGET_URL: `https://made.up.test:${tlsPort}`, TARGET_OCSP_URL: `http://made.up.test:${plainPort}`, TARGET_CA: pki.caFile, ...env }),
  );
}

async function get(env: Record<string, string>, url: string, onSocket?: (s: net.Socket, o: { hostname: string; port: number }) => void) {
  const map = mapWith(env);
  const dispatcher = createDispatcher(map, { allowH2: false, ...(onSocket ? { onSocket } : {}) });
  try {
    return await send(dispatcher, { url, headers: { accept: 'text/plain' } }, map.limits);
  } finally {
    await dispatcher.close();
  }
}

async function failure(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (e) {
    return e as Error;
  }
  throw new Error('no error');
}

describe('the undici dispatcher through a proxy', () => {
  it('tunnels https to host:port with the credentials; TLS inside keeps SNI, Host, the roots, extra headers and onSocket', async () => {
    const sockets: string[] = [];
    const headers = { accept: 'text/plain' };
    const map = mapWith({ HTTPS_PROXY: `http://al%40ice:pa%20ss@127.0.0.1:${proxy.port}`, TARGET_HEADERS: JSON.stringify({ '*': { 'X-Extra': 'yes' } }) });
    const dispatcher = createDispatcher(map, {
      allowH2: false,
      onSocket: (s, o) =>
        sockets.push(`${o.protocol}//${o.hostname}:${o.port} ${'getPeerCertificate' in s ? (s as TLSSocket).getPeerCertificate().subject?.CN : 'plain'}`),
    });
    try {
      const res = await send(dispatcher, { url: `https://made.up.test:${tlsPort}/x`, headers }, map.limits);
      expect([res.status, res.body.toString()]).toEqual([200, 'ok']);
    } finally {
      await dispatcher.close();
    }
    expect(proxy.connects).toEqual([{ target: `made.up.test:${tlsPort}`, authorization: CREDENTIALS }]);
    expect(seen).toEqual([{ sni: 'made.up.test', host: `made.up.test:${tlsPort}`, extra: 'yes', proxyAuthorization: undefined }]);
    expect(sockets).toEqual([`https:` + `//made.up.test:${tlsPort} made.up.test`]);
    expect(headers).toEqual({ accept: 'text/plain' }); // what the caller records is left as it was
  });

  it('with a resolve entry, CONNECT goes to its address and port (curl --connect-to through a proxy) while SNI and Host keep the name', async () => {
    const map = loadTargetMap(
      withTestBudgets({
        TARGET_URL: 'https://made.up.test',
        TARGET_CA: pki.caFile,
        TARGET_RESOLVE: `made.up.test:443:127.0.0.1:${tlsPort}`,
        HTTPS_PROXY: proxy.url,
      }),
    );
    const res = await send(createDispatcher(map, { allowH2: false }), { url: 'https://made.up.test/' }, map.limits);
    expect(res.status).toBe(200);
    expect(proxy.connects).toEqual([{ target: `127.0.0.1:${tlsPort}` }]);
    expect(seen.map((s) => [s.sni, s.host])).toEqual([['made.up.test', 'made.up.test']]);
  });

  it('tunnels plain http (HTTP_PROXY) too, never absolute form', async () => {
    const res = await get({ HTTP_PROXY: proxy.url }, `http://made.up.test:${plainPort}/ocsp`);
    expect(res.status).toBe(200);
    expect(proxy.connects.map((c) => c.target)).toEqual([`made.up.test:${plainPort}`]);
    expect(proxy.forwarded).toEqual([]);
    expect(seen.map((s) => s.host)).toEqual([`made.up.test:${plainPort}`]);
  });

  it('goes direct, through the resolve map, for a NO_PROXY host and for a scheme without a proxy', async () => {
    const resolve = `made.up.test:${tlsPort}:127.0.0.1,made.up.test:${plainPort}:127.0.0.1`;
    expect((await get({ HTTPS_PROXY: proxy.url, NO_PROXY: '.up.test', TARGET_RESOLVE: resolve }, `https://made.up.test:${tlsPort}/`)).status).toBe(200);
    expect((await get({ HTTPS_PROXY: proxy.url, TARGET_RESOLVE: resolve }, `http://made.up.test:${plainPort}/`)).status).toBe(200);
    expect(proxy.connects).toEqual([]);
    expect(seen).toHaveLength(2);
  });

  it('a proxy answering 407 is an error naming the proxy (no credentials) and the status, not a timeout', async () => {
    proxy.requireAuthorization = 'Basic other';
    const err = await failure(get({ HTTPS_PROXY: `http://u:s3cret@127.0.0.1:${proxy.port}` }, `https://made.up.test:${tlsPort}/`));
    expect(err).toBeInstanceOf(TransportError);
    expect(err.message).toBe(
      `https://made.up.test:${tlsPort}/: proxy http://127.0.0.1:${proxy.port} (HTTPS_PROXY) refused CONNECT made.up.test:${tlsPort}: 407 Proxy Authentication Required (HARNESS_ERR_PROXY)`,
    );
    expect(seen).toEqual([]);
  });

  it('a proxy that never answers CONNECT fails within the connect timeout; an absent one at once', async () => {
    const short = limitsEnv({ connectTimeoutMs: 600, requestTimeoutMs: 5000 });
    proxy.refuse = 'silent';
    // Ended by the connect timeout (its message names it), not by the request's 5 s or a hang.
    const silent = await failure(get({ HTTPS_PROXY: proxy.url, ...short }, `https://made.up.test:${tlsPort}/`));
    expect(silent.message).toBe(
      `https://made.up.test:${tlsPort}/: proxy http://127.0.0.1:${proxy.port} (HTTPS_PROXY) did not answer CONNECT made.up.test:${tlsPort} within 600 ms (HARNESS_ERR_PROXY)`,
    );

    const closed = net.createServer();
    const port = await listen(closed);
    await new Promise<void>((done) => closed.close(() => done()));
    const absent = await failure(get({ HTTPS_PROXY: `http://127.0.0.1:${port}`, ...short }, `https://made.up.test:${tlsPort}/`));
    expect(absent.message).toMatch(
      new RegExp(`^https://made\\.up\\.test:${tlsPort}/: proxy http://127\\.0\\.0\\.1:${port} \\(HTTPS_PROXY\\) not reachable: .*ECONNREFUSED`),
    );
  });

  it("a certificate the roots do not vouch for still fails inside the tunnel, as the target's error", async () => {
    const map = loadTargetMap(withTestBudgets({ TARGET_URL: `https://made.up.test:${tlsPort}`, HTTPS_PROXY: proxy.url }));
    const dispatcher = createDispatcher(map, { allowH2: false });
    const err = await failure(send(dispatcher, { url: `https://made.up.test:${tlsPort}/` }, map.limits));
    expect(err.message).toMatch(/certificate/i);
    expect(err.message).not.toContain('HARNESS_ERR_PROXY');
    expect(proxy.connects).toHaveLength(1);
  });
});

describe('openTls (the HTTP/2 leg) through a proxy', () => {
  it('tunnels to the resolve address, handshakes with the name, offers the given ALPN, sends the credentials', async () => {
    const map = loadTargetMap(
      withTestBudgets({
        TARGET_URL: 'https://made.up.test',
        TARGET_CA: pki.caFile,
        TARGET_RESOLVE: `made.up.test:443:127.0.0.1:${tlsPort}`,
        HTTPS_PROXY: `http://al%40ice:pa%20ss@127.0.0.1:${proxy.port}`,
      }),
    );
    const socket = await openTls(map, new URL('https://made.up.test/'), ['h2', 'http/1.1']);
    try {
      expect(socket.authorized).toBe(true);
      expect(socket.alpnProtocol).toBe('http/1.1');
      expect(socket.getPeerCertificate().subject?.CN).toBe('made.up.test');
    } finally {
      socket.destroy();
    }
    expect(proxy.connects).toEqual([{ target: `127.0.0.1:${tlsPort}`, authorization: CREDENTIALS }]);
  });

  it.each([
    [403, 'Forbidden'],
    [502, 'Bad Gateway'],
  ])('a proxy refusing with %i rejects with a ProxyError naming it and the status', async (status, text) => {
    proxy.refuse = status;
    const err = await failure(openTls(mapWith({ HTTPS_PROXY: proxy.url }), new URL(`https://made.up.test:${tlsPort}/`), ['h2']));
    expect(err).toBeInstanceOf(ProxyError);
    expect(err.message).toBe(`proxy http://127.0.0.1:${proxy.port} (HTTPS_PROXY) refused CONNECT made.up.test:${tlsPort}: ${status} ${text}`);
    expect((err as ProxyError).status).toBe(status);
  });

  it('407, silence and an absent proxy are bounded the same way', async () => {
    // The 407 is told by the proxy's answer: a connect timeout out of a loaded machine's reach, so that only that answer can end it.
    const attempt = (connectTimeoutMs: number) =>
      failure(openTls(mapWith({ HTTPS_PROXY: proxy.url, ...limitsEnv({ connectTimeoutMs }) }), new URL(`https://made.up.test:${tlsPort}/`), ['h2']));
    proxy.requireAuthorization = 'Basic x';
    expect((await attempt(60_000)).message).toMatch(/refused CONNECT .*: 407 Proxy Authentication Required$/);
    proxy.refuse = 'silent';
    // Ended by the connect timeout, which the message names.
    expect((await attempt(500)).message).toMatch(/did not answer CONNECT made\.up\.test:\d+ within 500 ms$/);
    const closed = net.createServer();
    const port = await listen(closed);
    await new Promise<void>((done) => closed.close(() => done()));
    const absent = await failure(
      openTls(
        mapWith({ HTTPS_PROXY: `http://u:s3cret@127.0.0.1:${port}`, ...limitsEnv({ connectTimeoutMs: 500 }) }),
        new URL(`https://made.up.test:${tlsPort}/`),
        ['h2'],
      ),
    );
    expect(absent).toBeInstanceOf(ProxyError);
    expect(absent.message).toMatch(new RegExp(`^proxy http://127\\.0\\.0\\.1:${port} \\(HTTPS_PROXY\\) not reachable: .*ECONNREFUSED`));
    expect(absent.message).not.toContain('s3cret');
  });
});
