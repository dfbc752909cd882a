/**
 * Slowloris-style and idle connections must not stop other clients, and must be closed once
 * their timeout runs out. Nothing here depends on how fast a loaded machine runs: that slow and
 * idle clients do not stop others is shown by a reference whose timeouts are all out of the test's
 * reach (they are all still open when the others have been answered, whatever the time it took);
 * that each is closed by its own timeout, by two references with some timeouts short and every
 * other limit that could close the same connection out of reach, so that a connection closes no
 * earlier than its configured timeout, with that timeout's mark (a 408, or nothing). Every loop is
 * bounded and every socket is closed at the end.
 */
import * as http2 from 'node:http2';
import * as net from 'node:net';
import { performance } from 'node:perf_hooks';
import * as tls from 'node:tls';
import { startReference, type RunningReference } from './server';
import { send } from './testing/client';

/** Out of any test's reach: a connection it bounds is closed by another timeout first. */
const UNREACHED_MS = 600_000;
/** No timeout in reach: every slow or idle connection stays open until the test closes it. */
const NONE_SHORT = { handshakeMs: UNREACHED_MS, headersMs: UNREACHED_MS, requestMs: UNREACHED_MS, keepAliveMs: UNREACHED_MS, idleMs: UNREACHED_MS };
/** The handshake, header and keep-alive timeouts (request and idle out of reach). */
const SHORT_HEADERS = { handshakeMs: 5000, headersMs: 5000, requestMs: UNREACHED_MS, keepAliveMs: 1000, idleMs: UNREACHED_MS };
/** The request and idle timeouts (a request's headers arrive at once; nothing else is short). */
const SHORT_REQUEST = { handshakeMs: UNREACHED_MS, headersMs: 5000, requestMs: 5000, keepAliveMs: UNREACHED_MS, idleMs: 6000 };
/** performance.now() and the server's clock are the same monotonic clock, read at different resolutions. */
const CLOCK_MS = 1;

let noneShort: RunningReference;
let shortHeaders: RunningReference;
let shortRequest: RunningReference;
/** The reference the current test talks to. */
let ref: RunningReference;
const opened: Array<net.Socket | http2.ClientHttp2Session> = [];

beforeAll(async () => {
  [noneShort, shortHeaders, shortRequest] = await Promise.all([
    startReference({ port: 0, httpPort: 0, drainMs: 500, timeouts: NONE_SHORT }),
    startReference({ port: 0, httpPort: 0, drainMs: 500, timeouts: SHORT_HEADERS }),
    startReference({ port: 0, httpPort: 0, drainMs: 500, timeouts: SHORT_REQUEST }),
  ]);
});
afterAll(async () => {
  for (const s of opened) s.destroy();
  await Promise.all([noneShort?.stop(), shortHeaders?.stop(), shortRequest?.stop()]);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A socket that records when it started connecting, when it was open, what the server sent (and when), and when it closed. */
interface Watched {
  socket: net.Socket;
  connectingAt: number;
  openAt: number;
  received: () => string;
  lastDataAt: () => number;
  closed: () => boolean;
  closedAt: Promise<number>;
}

function watch(socket: net.Socket, connectingAt: number): Watched {
  opened.push(socket);
  const chunks: Buffer[] = [];
  let lastDataAt = 0;
  let closed = false;
  socket.on('data', (c: Buffer) => {
    chunks.push(c);
    lastDataAt = performance.now();
  });
  socket.on('error', () => undefined);
  const closedAt = new Promise<number>((resolve) =>
    socket.once('close', () => {
      closed = true;
      resolve(performance.now());
    }),
  );
  return {
    socket,
    connectingAt,
    openAt: performance.now(),
    received: () => Buffer.concat(chunks).toString('latin1'),
    lastDataAt: () => lastDataAt,
    closed: () => closed,
    closedAt,
  };
}

function rawTcp(port: number): Promise<Watched> {
  const connectingAt = performance.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(watch(socket, connectingAt)));
    socket.once('error', reject);
  });
}

function tlsSocket(alpn: string[]): Promise<Watched> {
  const connectingAt = performance.now();
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: '127.0.0.1', port: ref.tlsPort, servername: 'www.lessons.test', ca: ref.rootPem, ALPNProtocols: alpn }, () =>
      resolve(watch(socket, connectingAt)),
    );
    socket.once('error', reject);
  });
}

interface WatchedSession {
  session: http2.ClientHttp2Session;
  connectingAt: number;
  closed: () => boolean;
  closedAt: Promise<number>;
}

function h2Session(): Promise<WatchedSession> {
  const connectingAt = performance.now();
  return new Promise((resolve, reject) => {
    const session = http2.connect(`https://www.lessons.test:${ref.tlsPort}`, { host: '127.0.0.1', servername: 'www.lessons.test', ca: ref.rootPem });
    opened.push(session);
    let closed = false;
    const closedAt = new Promise<number>((r) =>
      session.once('close', () => {
        closed = true;
        r(performance.now());
      }),
    );
    session.once('connect', () => resolve({ session, connectingAt, closed: () => closed, closedAt }));
    session.once('error', reject);
  });
}

/** A normal client on both protocols and the plain port: each is answered. */
async function normalClientsServed(): Promise<void> {
  const endpoint = { port: ref.tlsPort, ca: ref.rootPem };
  for (const protocol of ['h1', 'h2'] as const) {
    const res = await send(endpoint, { host: 'www.lessons.test', path: '/static/css/main.css', protocol, headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
  }
  const plain = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(ref.httpPort, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: r10.o.pki.test\r\nConnection: close\r\n\r\n'));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
  });
  expect(plain).toMatch(/^HTTP\/1\.1 200 /);
}

/** Writes `text` one byte at a time, `intervalMs` apart, until done or the socket closes; resolves with the bytes written. */
async function trickle(w: Watched, text: string, intervalMs: number): Promise<number> {
  let written = 0;
  for (const ch of text) {
    if (w.socket.destroyed || !w.socket.writable) return written;
    w.socket.write(ch);
    written++;
    await sleep(intervalMs);
  }
  return written;
}

describe('slow and idle clients do not stop others (no timeout in reach)', () => {
  beforeAll(() => void (ref = noneShort));

  test('hundreds of idle sockets and trickling clients (TCP, TLS, plain, HTTP/2): every other client is answered while all of them are open', async () => {
    const h2 = await Promise.all(Array.from({ length: 50 }, () => h2Session()));
    for (const s of h2) s.session.on('error', () => undefined);
    const h1 = await Promise.all(Array.from({ length: 100 }, () => tlsSocket(['http/1.1'])));
    const [tcp, plain] = await Promise.all([
      Promise.all(Array.from({ length: 200 }, () => rawTcp(ref.tlsPort))),
      Promise.all(Array.from({ length: 100 }, () => rawTcp(ref.httpPort))),
    ]);
    // Headers trickled on both ports, and a body trickled, one byte at a time.
    const [slowTls, slowPlain, slowBody] = await Promise.all([tlsSocket(['http/1.1']), rawTcp(ref.httpPort), tlsSocket(['http/1.1'])]);
    slowTls.socket.write('GET / HTTP/1.1\r\nHost: www.lessons.test\r\n');
    slowPlain.socket.write('GET / HTTP/1.1\r\nHost: r10.o.pki.test\r\n');
    slowBody.socket.write('POST /ccm/collect?v=2 HTTP/1.1\r\nHost: analytics.beacon.test\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n');
    let stop = false;
    const trickling = Promise.all(
      [slowTls, slowPlain, slowBody].map(async (w) => {
        for (let i = 0; i < 1000 && !stop && w.socket.writable; i++) {
          w.socket.write('x');
          await sleep(100);
        }
      }),
    );
    try {
      await normalClientsServed();
      await normalClientsServed();
      const sockets = [...tcp, ...plain, ...h1, slowTls, slowPlain, slowBody];
      expect(sockets.filter((w) => w.closed())).toHaveLength(0);
      expect(h2.filter((s) => s.closed())).toHaveLength(0);
      // Those trickling their headers were sent nothing: their requests are still waited for.
      for (const w of [slowTls, slowPlain]) expect(w.received()).toBe('');
    } finally {
      stop = true;
      await trickling;
    }
  });

  test('an HTTP/2 stream trickling its body does not hold up the session or other clients', async () => {
    const { session } = await h2Session();
    session.on('error', () => undefined);
    const slow = session.request({ ':method': 'POST', ':path': '/ccm/collect?v=2', ':authority': 'analytics.beacon.test', 'content-type': 'text/plain' });
    slow.on('error', () => undefined);
    slow.resume();
    const writing = (async () => {
      for (let i = 0; i < 3 && !slow.destroyed; i++) {
        slow.write('x');
        await sleep(1000);
      }
    })();
    // Another stream of the same session, and other clients, are answered meanwhile ...
    const other = await new Promise<number>((resolve, reject) => {
      const s = session.request({ ':path': '/', ':authority': 'lessons.test' });
      s.on('response', (h) => resolve(Number(h[':status'])));
      s.on('error', reject);
      s.resume();
      s.end();
    });
    expect(other).toBe(301);
    await normalClientsServed();
    // ... while the slow stream is still open, its body still coming (no timeout in reach can end it).
    expect(slow.closed).toBe(false);
    await writing;
    expect(slow.closed).toBe(false);
    slow.end();
    session.destroy();
  });
});

describe('slow and idle clients, with the handshake, header and keep-alive timeouts short', () => {
  beforeAll(() => void (ref = shortHeaders));
  const TIMEOUTS = SHORT_HEADERS;

  test.each([
    ['TLS port, HTTP/1.1', 'tls'],
    ['plain-HTTP port', 'plain'],
  ] as const)('%s: headers trickled one byte at a time get 408 and the socket closed after the header timeout', async (_name, port) => {
    const w = port === 'tls' ? await tlsSocket(['http/1.1']) : await rawTcp(ref.httpPort);
    const host = port === 'tls' ? 'www.lessons.test' : 'r10.o.pki.test';
    // The request line and Host arrive, then one header byte per second, never the blank line.
    w.socket.write(`GET / HTTP/1.1\r\nHost: ${host}\r\n`);
    const trickling = trickle(w, `X-Slow: ${'a'.repeat(40)}`, 1000);
    const closedAt = await w.closedAt;
    const written = await trickling;
    // A 408 (the idle timeout sends nothing), and the request timeout is out of reach: the header timeout closed it ...
    expect(w.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    // ... not before it ran out (counted from the connection's opening at the earliest) ...
    expect(closedAt - w.connectingAt).toBeGreaterThanOrEqual(TIMEOUTS.headersMs - CLOCK_MS);
    // ... and while the headers were still coming (48 bytes at one a second).
    expect(written).toBeLessThan(48);
    await normalClientsServed();
  });

  test('hundreds of idle sockets (TCP, TLS, plain) are each closed by their own timeout', async () => {
    const h1 = await Promise.all(Array.from({ length: 100 }, () => tlsSocket(['http/1.1'])));
    const [tcp, plain] = await Promise.all([
      Promise.all(Array.from({ length: 200 }, () => rawTcp(ref.tlsPort))),
      Promise.all(Array.from({ length: 100 }, () => rawTcp(ref.httpPort))),
    ]);
    // Each closes no earlier than its own timeout. The idle and request timeouts are out of reach,
    // so the handshake timeout closed the TCP connections that never began one (no bytes), and the
    // header timeout the plain and TLS HTTP/1.1 sockets that never sent a request (a 408).
    for (const [group, timeout] of [
      [tcp, TIMEOUTS.handshakeMs],
      [plain, TIMEOUTS.headersMs],
      [h1, TIMEOUTS.headersMs],
    ] as const) {
      const spans = await Promise.all(group.map(async (w) => (await w.closedAt) - w.connectingAt));
      expect(Math.min(...spans)).toBeGreaterThanOrEqual(timeout - CLOCK_MS);
    }
    for (const w of [...plain, ...h1]) expect(w.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    for (const w of tcp) expect(w.received()).toBe('');
    await normalClientsServed();
  });

  test('a kept-alive HTTP/1.1 connection is closed after the keep-alive timeout', async () => {
    const w = await tlsSocket(['http/1.1']);
    const writtenAt = performance.now();
    w.socket.write('GET / HTTP/1.1\r\nHost: lessons.test\r\n\r\n');
    const closedAt = await w.closedAt;
    // One answer, which keeps the connection open (no Connection: close) ...
    expect(w.received()).toMatch(/^HTTP\/1\.1 301 /);
    expect(w.received()).not.toMatch(/\r\nconnection: close\r\n/i);
    expect(w.received().match(/HTTP\/1\.1 /g)).toHaveLength(1);
    // ... until the keep-alive timeout (the answer cannot precede the request); the idle timeout, which would also close it, is out of reach.
    expect(closedAt - writtenAt).toBeGreaterThanOrEqual(TIMEOUTS.keepAliveMs - CLOCK_MS);
  });
});

describe('slow and idle clients, with the request and idle timeouts short', () => {
  beforeAll(() => void (ref = shortRequest));
  const TIMEOUTS = SHORT_REQUEST;

  test('a request body trickled slowly is cut off by the request timeout', async () => {
    const w = await tlsSocket(['http/1.1']);
    w.socket.write('POST /ccm/collect?v=2 HTTP/1.1\r\nHost: analytics.beacon.test\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n');
    // 100 bytes, 200 ms apart: traffic all along (the idle timeout never applies), for longer than the request timeout.
    const trickling = trickle(w, 'x'.repeat(100), 200);
    const closedAt = await w.closedAt;
    const written = await trickling;
    // Not before the request timeout, and while the body was still coming.
    expect(closedAt - w.connectingAt).toBeGreaterThanOrEqual(TIMEOUTS.requestMs - CLOCK_MS);
    expect(written).toBeLessThan(100);
    await normalClientsServed();
  });

  test('idle HTTP/2 sessions are closed after the idle timeout', async () => {
    const h2 = await Promise.all(Array.from({ length: 50 }, () => h2Session()));
    for (const s of h2) s.session.on('error', () => undefined);
    const spans = await Promise.all(h2.map(async (s) => (await s.closedAt) - s.connectingAt));
    expect(Math.min(...spans)).toBeGreaterThanOrEqual(TIMEOUTS.idleMs - CLOCK_MS);
    await normalClientsServed();
  });
});
