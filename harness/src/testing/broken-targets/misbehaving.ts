/**
 * Tiny targets that each misbehave at the transport level, for the robustness tests of the run:
 * they break the connection, the framing or the size, not the content. Each listens on a free
 * loopback port and is closed by its `close()`.
 */
import * as http from 'node:http';
import * as net from 'node:net';
import * as tls from 'node:tls';
import type { AddressInfo } from 'node:net';

export interface Misbehaving {
  port: number;
  /** The scheme the harness must be told (the target's lie is elsewhere). */
  scheme: 'https' | 'http';
  close(): Promise<void>;
}

export type Kind =
  'refuse' | 'hang' | 'reset' | 'plain-on-tls' | 'wrong-name' | 'giant-body' | 'endless-body' | 'slow' | 'close-mid-body' | 'bad-gzip' | 'many-headers';

interface Pki {
  keyPem: string;
  certPem: string;
}

function track(server: net.Server): () => Promise<void> {
  const sockets = new Set<net.Socket>();
  server.on('connection', (s: net.Socket) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  return () =>
    new Promise((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
}

async function listen(server: net.Server, scheme: 'https' | 'http'): Promise<Misbehaving> {
  const close = track(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, scheme, close };
}

/** An HTTP handler served over TLS (with the given certificate) or plain HTTP. */
function httpTarget(handler: http.RequestListener, scheme: 'https' | 'http', pki: Pki): Promise<Misbehaving> {
  if (scheme === 'http') return listen(http.createServer(handler), 'http');
  const server = tls.createServer({ key: pki.keyPem, cert: pki.certPem, ALPNProtocols: ['http/1.1'] });
  const inner = http.createServer(handler);
  server.on('secureConnection', (s) => inner.emit('connection', s));
  return listen(server, 'https');
}

const MiB = 1024 * 1024;

export async function startMisbehaving(kind: Kind, pki: Pki, otherNamePki: Pki): Promise<Misbehaving> {
  switch (kind) {
    case 'refuse': {
      const t = await listen(net.createServer(), 'https');
      await t.close();
      return { ...t, close: async () => {} };
    }
    case 'hang':
      return listen(
        net.createServer(() => {}),
        'https',
      );
    case 'reset':
      return listen(
        net.createServer((s) => s.resetAndDestroy()),
        'https',
      );
    case 'plain-on-tls': {
      const t = await listen(
        http.createServer((_q, r) => r.end('plain')),
        'http',
      );
      return { ...t, scheme: 'https' };
    }
    case 'wrong-name':
      return httpTarget((_q, r) => r.end('ok'), 'https', otherNamePki);
    case 'giant-body':
      // 1 GiB announced and sent as fast as the client reads.
      return httpTarget(
        (_q, r) => {
          r.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(1024 * MiB) });
          const chunk = Buffer.alloc(MiB, 0x61);
          let sent = 0;
          const pump = () => {
            while (sent < 1024) {
              sent++;
              if (!r.write(chunk)) return void r.once('drain', pump);
            }
            r.end();
          };
          r.on('close', () => (sent = 1024));
          pump();
        },
        'http',
        pki,
      );
    case 'endless-body':
      return httpTarget(
        (_q, r) => {
          r.writeHead(200, { 'content-type': 'application/octet-stream' });
          const chunk = Buffer.alloc(64 * 1024, 0x62);
          let open = true;
          r.on('close', () => (open = false));
          const pump = () => {
            while (open) if (!r.write(chunk)) return void r.once('drain', pump);
          };
          pump();
        },
        'http',
        pki,
      );
    case 'slow':
      return httpTarget(
        (_q, r) => {
          r.writeHead(200, { 'content-type': 'text/plain', 'content-length': '100' });
          const timer = setInterval(() => r.write('x'), 1000);
          r.on('close', () => clearInterval(timer));
        },
        'https',
        pki,
      );
    case 'close-mid-body':
      return httpTarget(
        (_q, r) => {
          r.writeHead(200, { 'content-type': 'text/plain', 'content-length': '1000' });
          r.write(Buffer.alloc(500, 0x63), () => r.socket?.destroy());
        },
        'https',
        pki,
      );
    case 'bad-gzip':
      return httpTarget(
        (_q, r) => {
          const junk = Buffer.from('1f8b0800000000000003' + 'ff'.repeat(64), 'hex');
          r.writeHead(200, { 'content-type': 'text/css', 'content-encoding': 'gzip', 'content-length': String(junk.length) });
          r.end(junk);
        },
        'https',
        pki,
      );
    case 'many-headers':
      // Written raw: Node's own server would refuse to build it.
      return listen(
        tls.createServer({ key: pki.keyPem, cert: pki.certPem, ALPNProtocols: ['http/1.1'] }, (s) => {
          s.once('data', () => {
            const lines = ['HTTP/1.1 200 OK', 'content-length: 2'];
            for (let i = 0; i < 10_000; i++) lines.push(`x-h${i}: ${i}`);
            s.end(`${lines.join('\r\n')}\r\n\r\nok`);
          });
          s.on('error', () => {});
        }),
        'https',
      );
  }
}
