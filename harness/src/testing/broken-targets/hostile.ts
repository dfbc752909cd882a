/**
 * A hostile target on loopback, for the tests of what the harness sends and keeps: a mapped site
 * (`www.hostile.test`, https with h1 and h2, on 127.0.0.1) that redirects wherever it is told, sets
 * session cookies and serves crafted Alt-Svc, oversized and bomb bodies; a third party on another
 * address (`third.party.test`, https and plain http, on 127.0.0.2) that answers 401 with a Basic
 * challenge; and a plain-http origin of the site's own name (`www.hostile.test` on 127.0.0.1), which a
 * map may name as a role. Every server records every request it receives, header by header, so a
 * test can say what reached whom.
 */
import * as http from 'node:http';
import * as http2 from 'node:http2';
import * as zlib from 'node:zlib';
import type { AddressInfo, Socket } from 'node:net';
import { makeTestPki, type TestPki } from '../../target-map/test-pki';

export const SITE = 'www.hostile.test';
export const THIRD = 'third.party.test';

/** One request as a server received it: which server, the Host it named, the path, every header field (lowercase names). */
export interface Received {
  server: 'site' | 'site-http' | 'third' | 'third-http';
  host: string;
  path: string;
  headers: Record<string, string>;
}

export interface HostileTarget {
  pki: TestPki;
  /** The site's https port (127.0.0.1). */
  sitePort: number;
  /** The site's name over plain http (127.0.0.1). */
  siteHttpPort: number;
  /** The third party's https port (127.0.0.2). */
  thirdPort: number;
  thirdHttpPort: number;
  siteOrigin: string;
  siteHttpOrigin: string;
  thirdOrigin: string;
  thirdHttpOrigin: string;
  /** Every request every server received, in order. */
  received: Received[];
  /** Target variables that map the site role (and TARGET_RESOLVE for every name here). */
  env(extra?: Record<string, string>): Record<string, string>;
  /** `Alt-Svc` on every answer of the site (an HTTP/3 edge in front of it); undefined: none. */
  setAltSvc(value: string | undefined): void;
  /** A path of the site answered by `handler` instead (a test's own misbehaviour). */
  on(path: string, handler: (req: http.IncomingMessage | http2.Http2ServerRequest, res: http.ServerResponse | http2.Http2ServerResponse) => void): void;
  close(): Promise<void>;
}

const MiB = 1024 * 1024;
/**
 * Bodies under the cap (64 KB of gzip, about 100 bytes of brotli) that decode to 64 MiB of zeros.
 * Built in the test's own process while a request waits: brotli's default quality (11) takes
 * seconds of CPU, more than a request's budget on a loaded machine; quality 5 packs zeros as small
 * in a tenth of the time.
 */
const BOMBS: Record<string, () => Buffer> = {
  gzip: () => zlib.gzipSync(Buffer.alloc(64 * MiB), { level: 9 }),
  br: () => zlib.brotliCompressSync(Buffer.alloc(64 * MiB), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
};

type Req = http.IncomingMessage | http2.Http2ServerRequest;
type Res = http.ServerResponse | http2.Http2ServerResponse;

function record(received: Received[], server: Received['server'], req: Req): void {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  const host = String(req.headers[':authority'] ?? req.headers.host ?? '');
  received.push({ server, host, path: req.url ?? '', headers });
}

const PAGE = (third: string) => `<!doctype html><html><head><meta charset="utf-8"><title>hostile</title></head><body>
<h1>hostile</h1>
<img src="/to?u=${encodeURIComponent(`${third}/img-after-redirect.png`)}" alt="">
<img src="${third}/img.png" alt="">
<img src="${third}/challenge.png" alt="">
</body></html>`;

function siteHandler(t: { thirdOrigin: string; handlers: Map<string, (req: Req, res: Res) => void>; bombs: Map<string, Buffer> }) {
  return (req: Req, res: Res): void => {
    const url = new URL(req.url ?? '/', 'https://x');
    const own = t.handlers.get(url.pathname);
    if (own) return own(req, res);
    switch (url.pathname) {
      case '/':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return void res.end(PAGE(t.thirdOrigin));
      case '/to': {
        // Wherever it is told: the hostile part.
        res.writeHead(Number(url.searchParams.get('status') ?? 302), { location: url.searchParams.get('u') ?? '/', 'content-length': '0' });
        return void res.end();
      }
      case '/big': {
        const size = Number(url.searchParams.get('bytes') ?? 4 * MiB);
        res.writeHead(200, { 'content-type': url.searchParams.get('type') ?? 'application/octet-stream', 'content-length': String(size) });
        return void res.end(Buffer.alloc(size, 0x61));
      }
      case '/bomb': {
        const coding = url.searchParams.get('coding') ?? 'gzip';
        let body = t.bombs.get(coding);
        if (!body) t.bombs.set(coding, (body = BOMBS[coding]()));
        res.writeHead(200, { 'content-type': url.searchParams.get('type') ?? 'text/plain', 'content-encoding': coding, 'content-length': String(body.length) });
        return void res.end(body);
      }
      default:
        res.writeHead(200, { 'content-type': 'text/plain' });
        return void res.end(`hostile ${url.pathname}\n`);
    }
  };
}

function thirdHandler(req: Req, res: Res): void {
  if ((req.url ?? '').startsWith('/challenge')) {
    res.writeHead(401, { 'www-authenticate': 'Basic realm="third party"', 'content-type': 'text/plain' });
    return void res.end('credentials, please\n');
  }
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end('third party\n');
}

async function listen(server: http.Server | http2.Http2SecureServer, address: string): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, address, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export async function startHostileTarget(): Promise<HostileTarget> {
  const pki = makeTestPki([SITE, THIRD], 'Hostile Target Root');
  const received: Received[] = [];
  const handlers = new Map<string, (req: Req, res: Res) => void>();
  const tls = { key: pki.keyPem, cert: pki.certPem, allowHTTP1: true };
  const state = { thirdOrigin: '', handlers, bombs: new Map<string, Buffer>(), altSvc: undefined as string | undefined };
  const site = http2.createSecureServer(tls);
  site.on('request', (req: Req, res: Res) => {
    record(received, 'site', req);
    if (state.altSvc) res.setHeader('alt-svc', state.altSvc);
    siteHandler(state)(req, res);
  });
  const siteHttp = http.createServer((req, res) => {
    record(received, 'site-http', req);
    siteHandler(state)(req, res);
  });
  const third = http2.createSecureServer(tls);
  third.on('request', (req: Req, res: Res) => {
    record(received, 'third', req);
    thirdHandler(req, res);
  });
  const thirdHttp = http.createServer((req, res) => {
    record(received, 'third-http', req);
    thirdHandler(req, res);
  });
  const [s, sh, th, thh] = await Promise.all([
    listen(site, '127.0.0.1'),
    listen(siteHttp, '127.0.0.1'),
    listen(third, '127.0.0.2'),
    listen(thirdHttp, '127.0.0.2'),
  ]);
  const thirdOrigin = `https://${THIRD}:${th.port}`;
  state.thirdOrigin = thirdOrigin;
  return {
    pki,
    sitePort: s.port,
    siteHttpPort: sh.port,
    thirdPort: th.port,
    thirdHttpPort: thh.port,
    siteOrigin: `https://${SITE}:${s.port}`,
    siteHttpOrigin: `http://${SITE}:${sh.port}`,
    thirdOrigin,
    thirdHttpOrigin: `http://${THIRD}:${thh.port}`,
    received,
    env: (extra = {}) => ({
      TARGET_URL: `https://${SITE}:${s.port}`,
      TARGET_RESOLVE: [`${SITE}:${s.port}:127.0.0.1`, `${SITE}:${sh.port}:127.0.0.1`, `${THIRD}:${th.port}:127.0.0.2`, `${THIRD}:${thh.port}:127.0.0.2`].join(
        ',',
      ),
      TARGET_CA: pki.caFile,
      ...extra,
    }),
    on: (path, handler) => handlers.set(path, handler),
    setAltSvc: (value) => (state.altSvc = value),
    async close() {
      await Promise.all([s.close(), sh.close(), th.close(), thh.close()]);
      pki.cleanup();
    },
  };
}
