/**
 * Slowloris-style and idle connections must not stop other clients, and must be closed once
 * their timeout runs out. The reference runs here with short timeouts (the defaults are seconds
 * to a minute); every loop is bounded and every socket is closed at the end.
 */
import * as http2 from 'node:http2';
import * as net from 'node:net';
import { performance } from 'node:perf_hooks';
import * as tls from 'node:tls';
import { startReference, type RunningReference } from './server';
import { send } from './testing/client';

const TIMEOUTS = { handshakeMs: 1500, headersMs: 1500, requestMs: 3000, keepAliveMs: 1000, idleMs: 2500 };
/** How much later than its timeout a connection may close: Node checks header timeouts periodically. */
const SLACK_MS = 1500;

let ref: RunningReference;
const opened: Array<net.Socket | http2.ClientHttp2Session> = [];

beforeAll(async () => {
  ref = await startReference({ port: 0, httpPort: 0, drainMs: 500, timeouts: TIMEOUTS });
});
afterAll(async () => {
  for (const s of opened) s.destroy();
  await ref?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A socket that records when it closed and what the server sent. */
interface Watched {
  socket: net.Socket;
  received: () => string;
  closedAt: Promise<number>;
}

function watch(socket: net.Socket): Watched {
  opened.push(socket);
  const chunks: Buffer[] = [];
  socket.on('data', (c: Buffer) => chunks.push(c));
  socket.on('error', () => undefined);
  const closedAt = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now())));
  return { socket, received: () => Buffer.concat(chunks).toString('latin1'), closedAt };
}

function rawTcp(port: number): Promise<Watched> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(watch(socket)));
    socket.once('error', reject);
  });
}

function tlsSocket(alpn: string[]): Promise<Watched> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: '127.0.0.1', port: ref.tlsPort, servername: 'www.lessons.test', ca: ref.rootPem, ALPNProtocols: alpn }, () =>
      resolve(watch(socket)),
    );
    socket.once('error', reject);
  });
}

function h2Session(): Promise<http2.ClientHttp2Session> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(`https://www.lessons.test:${ref.tlsPort}`, { host: '127.0.0.1', servername: 'www.lessons.test', ca: ref.rootPem });
    opened.push(session);
    session.once('connect', () => resolve(session));
    session.once('error', reject);
  });
}

/** A normal client on both protocols and the plain port: each answer must come promptly. */
async function normalClientsServed(): Promise<number> {
  let slowest = 0;
  const endpoint = { port: ref.tlsPort, ca: ref.rootPem };
  for (const protocol of ['h1', 'h2'] as const) {
    const started = performance.now();
    const res = await send(endpoint, { host: 'www.lessons.test', path: '/static/css/main.css', protocol, headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    slowest = Math.max(slowest, performance.now() - started);
  }
  const started = performance.now();
  const plain = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(ref.httpPort, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: r10.o.pki.test\r\nConnection: close\r\n\r\n'));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
  });
  expect(plain).toMatch(/^HTTP\/1\.1 200 /);
  return Math.max(slowest, performance.now() - started);
}

/** Writes `text` one byte at a time, `intervalMs` apart, until done or the socket closes. */
async function trickle(w: Watched, text: string, intervalMs: number): Promise<void> {
  for (const ch of text) {
    if (w.socket.destroyed || !w.socket.writable) return;
    w.socket.write(ch);
    await sleep(intervalMs);
  }
}

describe('slow and idle clients', () => {
  test.each([
    ['TLS port, HTTP/1.1', 'tls'],
    ['plain-HTTP port', 'plain'],
  ] as const)('%s: headers trickled one byte at a time get 408 and the socket closed after the header timeout', async (_name, port) => {
    const w = port === 'tls' ? await tlsSocket(['http/1.1']) : await rawTcp(ref.httpPort);
    const host = port === 'tls' ? 'www.lessons.test' : 'r10.o.pki.test';
    const started = performance.now();
    // The request line and Host arrive, then one header byte per second, never the blank line.
    w.socket.write(`GET / HTTP/1.1\r\nHost: ${host}\r\n`);
    const trickling = trickle(w, `X-Slow: ${'a'.repeat(40)}`, 1000);
    // Meanwhile other clients are served promptly.
    expect(await normalClientsServed()).toBeLessThan(1000);
    const closedAt = await w.closedAt;
    await trickling;
    expect(closedAt - started).toBeGreaterThanOrEqual(TIMEOUTS.headersMs - 50);
    expect(closedAt - started).toBeLessThan(TIMEOUTS.headersMs + SLACK_MS);
    expect(w.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  });

  test('a request body trickled slowly is cut off by the request timeout', async () => {
    const w = await tlsSocket(['http/1.1']);
    const started = performance.now();
    w.socket.write('POST /ccm/collect?v=2 HTTP/1.1\r\nHost: analytics.beacon.test\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n');
    const trickling = trickle(w, 'x'.repeat(100), 200);
    expect(await normalClientsServed()).toBeLessThan(1000);
    const closedAt = await w.closedAt;
    await trickling;
    expect(closedAt - started).toBeLessThan(TIMEOUTS.requestMs + SLACK_MS);
  });

  test('an HTTP/2 stream trickling its body does not hold up the session or other clients', async () => {
    const session = await h2Session();
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
    // Another stream of the same session, and other clients, are answered meanwhile.
    const other = await new Promise<number>((resolve, reject) => {
      const s = session.request({ ':path': '/', ':authority': 'lessons.test' });
      s.on('response', (h) => resolve(Number(h[':status'])));
      s.on('error', reject);
      s.resume();
      s.end();
    });
    expect(other).toBe(301);
    expect(await normalClientsServed()).toBeLessThan(1000);
    await writing;
    slow.end();
    session.destroy();
  });

  test('hundreds of idle sockets (TCP, TLS, HTTP/2) do not stop a normal client, and all are closed after their timeouts', async () => {
    const started = performance.now();
    const tcp = await Promise.all(Array.from({ length: 200 }, () => rawTcp(ref.tlsPort)));
    const plain = await Promise.all(Array.from({ length: 100 }, () => rawTcp(ref.httpPort)));
    const h1 = await Promise.all(Array.from({ length: 100 }, () => tlsSocket(['http/1.1'])));
    const h2 = await Promise.all(Array.from({ length: 50 }, () => h2Session()));
    const h2Closed = h2.map((s) => new Promise<number>((resolve) => s.once('close', () => resolve(performance.now()))));
    for (const s of h2) s.on('error', () => undefined);

    // 450 idle connections open: the normal client is still served promptly, twice.
    expect(await normalClientsServed()).toBeLessThan(1000);
    expect(await normalClientsServed()).toBeLessThan(1000);

    const bound = (ms: number) => ms + SLACK_MS + 1000; // + the time it took to open them all
    const tcpClosed = await Promise.all(tcp.map((w) => w.closedAt));
    expect(Math.max(...tcpClosed) - started).toBeLessThan(bound(TIMEOUTS.handshakeMs));
    const plainClosed = await Promise.all(plain.map((w) => w.closedAt));
    expect(Math.max(...plainClosed) - started).toBeLessThan(bound(TIMEOUTS.headersMs));
    const h1Closed = await Promise.all(h1.map((w) => w.closedAt));
    expect(Math.max(...h1Closed) - started).toBeLessThan(bound(TIMEOUTS.headersMs));
    const h2ClosedAt = await Promise.all(h2Closed);
    expect(Math.max(...h2ClosedAt) - started).toBeLessThan(bound(TIMEOUTS.idleMs));
    expect(await normalClientsServed()).toBeLessThan(1000);
  });

  test('a kept-alive HTTP/1.1 connection is closed after the keep-alive timeout', async () => {
    const w = await tlsSocket(['http/1.1']);
    w.socket.write('GET / HTTP/1.1\r\nHost: lessons.test\r\n\r\n');
    let answeredAt = 0;
    for (let i = 0; i < 100 && !answeredAt; i++) {
      await sleep(20);
      if (w.received().includes('\r\n\r\n')) answeredAt = performance.now();
    }
    expect(w.received()).toMatch(/^HTTP\/1\.1 301 /);
    const closedAt = await w.closedAt;
    expect(closedAt - answeredAt).toBeGreaterThanOrEqual(TIMEOUTS.keepAliveMs - 100);
    expect(closedAt - answeredAt).toBeLessThan(TIMEOUTS.keepAliveMs + SLACK_MS);
  });
});
