import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import * as fs from 'node:fs';
import * as http2 from 'node:http2';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as tls from 'node:tls';
import { ROLE_NAMES } from './roles';
import { ReferenceOptionsError, startReference } from './server';
import { useReference } from './testing/reference';

const reference = useReference();

function tlsConnect(servername: string, alpn: string[]): Promise<tls.TLSSocket> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: '127.0.0.1', port: reference.ref().tlsPort, servername, ca: reference.ref().rootPem, ALPNProtocols: alpn }, () =>
      resolve(socket),
    );
    socket.on('error', reject);
  });
}

/** Writes raw bytes over TLS and returns what came back until the server closed. */
async function rawExchange(bytes: string): Promise<string> {
  const socket = await tlsConnect('www.lessons.test', ['http/1.1']);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.write(bytes);
  });
}

describe('reference server core', () => {
  test('SNI picks each host certificate, verified against the reference root', async () => {
    for (const [role, names] of Object.entries(ROLE_NAMES)) {
      for (const name of names) {
        const socket = await tlsConnect(name, ['h2', 'http/1.1']);
        expect(socket.authorized).toBe(true);
        expect(socket.getPeerCertificate().subjectaltname).toContain(`DNS:${name}`);
        expect(socket.alpnProtocol).toBe('h2');
        socket.destroy();
        expect(role).toBeTruthy();
      }
    }
  });

  test('ALPN offers http/1.1 on the same port', async () => {
    const socket = await tlsConnect('www.lessons.test', ['http/1.1']);
    expect(socket.alpnProtocol).toBe('http/1.1');
    socket.destroy();
  });

  test.each(['h1', 'h2'] as const)('a name no role serves gets 421 over %s', async (protocol) => {
    const res = await reference.request({
      host: 'www.lessons.test',
      path: '/',
      protocol,
      headers: protocol === 'h1' ? { host: 'unknown.test' } : { ':authority': 'unknown.test' },
    });
    expect(res.status).toBe(421);
    expect(res.body.toString()).toContain('unknown.test');
  });

  test.each(['h1', 'h2'] as const)('an overlong URL gets 414 over %s', async (protocol) => {
    const res = await reference.request({ host: 'www.lessons.test', path: `/${'a'.repeat(5000)}`, protocol });
    expect(res.status).toBe(414);
  });

  test('a URL beyond the parser limit gets 414, oversized headers 431 (HTTP/1.1)', async () => {
    const longUrl = await rawExchange(`GET /${'a'.repeat(20000)} HTTP/1.1\r\nHost: www.lessons.test\r\n\r\n`);
    expect(longUrl).toMatch(/^HTTP\/1\.1 414 /);
    const bigHeaders = await rawExchange(`GET / HTTP/1.1\r\nHost: www.lessons.test\r\nX-Big: ${'b'.repeat(20000)}\r\n\r\n`);
    expect(bigHeaders).toMatch(/^HTTP\/1\.1 431 /);
  });

  test('oversized headers over HTTP/2 get 431', async () => {
    const res = await reference.request({ host: 'www.lessons.test', path: '/', protocol: 'h2', headers: { 'x-big': 'b'.repeat(17000) } });
    expect(res.status).toBe(431);
  });

  test('HTTP/2 announces its header list limit (SETTINGS_MAX_HEADER_LIST_SIZE); a list over it is refused, one under it answered 431', async () => {
    const session = http2.connect(`https://www.lessons.test:${reference.ref().tlsPort}`, {
      host: '127.0.0.1',
      servername: 'www.lessons.test',
      ca: reference.ref().rootPem,
    });
    try {
      await new Promise((resolve, reject) => {
        session.once('remoteSettings', resolve);
        session.once('error', reject);
      });
      expect(session.remoteSettings.maxHeaderListSize).toBe(65535);
      const ask = (size: number) =>
        new Promise<[number, number | undefined]>((resolve) => {
          const stream = session.request({ ':path': '/', 'x-big': 'b'.repeat(size) });
          let status = 0;
          stream.on('response', (h) => (status = Number(h[':status'])));
          stream.on('error', () => undefined);
          stream.resume();
          stream.on('close', () => resolve([status, stream.rstCode]));
        });
      expect(await ask(60_000)).toEqual([431, 0]);
      expect(await ask(70_000)).toEqual([0, http2.constants.NGHTTP2_REFUSED_STREAM]);
    } finally {
      session.destroy();
    }
  });

  test('a method the HTTP/1.1 parser does not know gets 405 with Allow', async () => {
    const reply = await rawExchange('FROB / HTTP/1.1\r\nHost: www.lessons.test\r\n\r\n');
    expect(reply).toMatch(/^HTTP\/1\.1 405 /);
    expect(reply).toMatch(/\r\nAllow: GET, HEAD\r\n/);
  });

  test('garbage instead of HTTP gets 400 and the server keeps serving', async () => {
    const reply = await rawExchange('\x00\x01\x02 not http\r\n\r\n');
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
    const res = await reference.request({ host: 'lessons.test', path: '/' });
    expect(res.status).toBe(301);
  });

  test('the plain-HTTP port answers 421 for names it does not serve', async () => {
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(reference.ref().httpPort, '127.0.0.1', () =>
        socket.write('GET / HTTP/1.1\r\nHost: www.lessons.test\r\nConnection: close\r\n\r\n'),
      );
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.on('end', () => resolve(Buffer.concat(chunks).toString()));
      socket.on('error', reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 421 /);
  });

  test('curl --http2 sees two x-frame-options lines and two session Set-Cookie lines on the home page', async () => {
    const { tlsPort, rootPath } = reference.ref();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'curl-'));
    const headersFile = path.join(dir, 'headers.txt');
    // Asynchronous: the server under test lives in this process.
    await promisify(execFile)('curl', [
      '--max-time',
      '20',
      '--silent',
      '--show-error',
      '--http2',
      '--resolve',
      `www.lessons.test:${tlsPort}:127.0.0.1`,
      '--cacert',
      rootPath,
      '--dump-header',
      headersFile,
      '--output',
      '/dev/null',
      `https://www.lessons.test:${tlsPort}/`,
    ]);
    const lines = fs.readFileSync(headersFile, 'utf8').split('\r\n');
    expect(lines[0]).toBe('HTTP/2 200 ');
    expect(lines.filter((l) => /^x-frame-options: SAMEORIGIN$/i.test(l))).toHaveLength(2);
    expect(lines.filter((l) => /^set-cookie: ASP\.NET_SessionId=[a-z0-9]{24}; path=\/; HttpOnly; SameSite=Lax$/i.test(l))).toHaveLength(2);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('options of startReference', () => {
  test.each([
    [{ deployment: 'staging' as never }, /deployment "staging" is not one of reference, alt/],
    [{ ocspResponderId: 'byHash' as never }, /OCSP responder id "byHash" is not one of byName, byKey/],
  ])('%j is refused before anything listens, naming the value', async (options, message) => {
    const started = startReference({ port: 0, httpPort: 0, drainMs: 0, ...options });
    await expect(started).rejects.toThrow(ReferenceOptionsError);
    await expect(started).rejects.toThrow(message);
    await expect(started).rejects.toMatchObject({ code: 'REFERENCE_ERR_OPTIONS' });
  });
});
