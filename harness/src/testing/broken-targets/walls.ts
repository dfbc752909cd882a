/**
 * Targets that answer every address with something that tests nothing, for the inconclusive
 * detection: a sign-in page (served in place, or reached by a redirect), and a bot challenge as a
 * CDN serves it. One TLS port (HTTP/1.1) answers every name it is given a certificate for.
 */
import * as http from 'node:http';
import * as tls from 'node:tls';
import type { AddressInfo, Socket } from 'node:net';

export type WallKind = 'sign-in' | 'sign-in-redirect' | 'challenge';

export interface Wall {
  port: number;
  close(): Promise<void>;
}

/** A sign-in page of a little over two kilobytes, as an identity provider's would be. */
export const SIGN_IN_PAGE = Buffer.from(
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Sign in</title><meta name="viewport" content="width=device-width"><style>${'body{font-family:sans-serif}form{max-width:20em;margin:4em auto}'.repeat(28)}</style></head><body><form method="post" action="/account/login"><h1>Sign in to continue</h1><label>Email <input name="email" type="email"></label><label>Password <input name="password" type="password"></label><input type="hidden" name="__RequestVerificationToken" value="${'a1b2c3d4'.repeat(16)}"><button>Sign in</button></form></body></html>`,
);

const CHALLENGE_PAGE = Buffer.from(
  `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title><meta http-equiv="refresh" content="390"></head><body><div id="challenge-body-text">Checking if the site connection is secure</div><script src="/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1?ray=8f0c1d2e3a4b5c6d"></script></body></html>`,
);

function answer(kind: WallKind, req: http.IncomingMessage, res: http.ServerResponse): void {
  const path = req.url ?? '/';
  const send = (status: number, headers: Record<string, string>, body: Buffer) => {
    res.writeHead(status, { ...headers, 'content-length': String(body.length) });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  const page = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };
  if (kind === 'challenge') return send(403, { ...page, server: 'cloudflare', 'cf-mitigated': 'challenge', 'cf-ray': '8f0c1d2e3a4b5c6d-AMS' }, CHALLENGE_PAGE);
  if (kind === 'sign-in-redirect' && !path.startsWith('/account/login'))
    return send(302, { location: `/account/login?ReturnUrl=${encodeURIComponent(path)}` }, Buffer.alloc(0));
  send(200, page, SIGN_IN_PAGE);
}

export async function startWall(kind: WallKind, pki: { keyPem: string; certPem: string }): Promise<Wall> {
  const inner = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => answer(kind, req, res));
  });
  const server = tls.createServer({ key: pki.keyPem, cert: pki.certPem, ALPNProtocols: ['http/1.1'] });
  server.on('secureConnection', (s) => inner.emit('connection', s));
  const sockets = new Set<Socket>();
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
