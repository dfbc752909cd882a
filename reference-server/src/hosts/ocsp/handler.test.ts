import { randomBytes } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as net from 'node:net';
import type { ReferencePki } from '../../pki';
import { createOcspHandler, type ResponseSource } from './handler';
import { DEFAULT_RESPONDER_OPTIONS } from './policy';
import { OcspStore } from './store';
import { issueTestPki, leafOf, requestFor } from './test-fixtures';

let pki: ReferencePki;
let cleanup: () => Promise<void>;
let store: OcspStore;
let server: http.Server;
let port: number;
let mode: 'store' | 'throw' | 'reject' = 'store';
let site: Buffer;
let revoked: Buffer;

const source: ResponseSource = {
  lookup: (certId) => {
    if (mode === 'throw') throw new Error('boom');
    if (mode === 'reject') return Promise.reject(new Error('boom'));
    return store.lookup(certId);
  },
};

beforeAll(async () => {
  ({ pki, cleanup } = await issueTestPki());
  store = new OcspStore(pki, DEFAULT_RESPONDER_OPTIONS);
  await store.start();
  site = await requestFor(pki, leafOf(pki, 'site'));
  revoked = await requestFor(pki, leafOf(pki, 'revoked'));
  server = http.createServer(createOcspHandler(source));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  store.stop();
  await new Promise((r) => server.close(r));
  await cleanup();
});
afterEach(() => (mode = 'store'));

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function send(method: string, path: string, headers: Record<string, string | number> = {}, body?: Buffer): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const OCSP = { 'content-type': 'application/ocsp-request' };
const MALFORMED = '30030a0101';
const INTERNAL = '30030a0102';
const UNAUTHORIZED = '30030a0106';

describe('the OCSP handler', () => {
  test('POST of a known request: 200, the stored response and its cache headers', async () => {
    const reply = await send('POST', '/', OCSP, site);
    expect(reply.status).toBe(200);
    expect(reply.body.length).toBe(504);
    expect(reply.headers).toMatchObject({
      'content-type': 'application/ocsp-response',
      'content-length': '504',
      etag: expect.stringMatching(/^"[0-9A-F]{64}"$/),
      'cache-control': expect.stringMatching(/^max-age=\d+, public, no-transform, must-revalidate$/),
    });
    expect(reply.headers.expires).toBeDefined();
    expect(reply.headers['last-modified']).toBeDefined();
  });

  test('GET of the URL-encoded base64 of the same request gets the same bytes; GET / is 200 and empty', async () => {
    const post = await send('POST', '/', OCSP, site);
    const get = await send('GET', `/${encodeURIComponent(site.toString('base64'))}`);
    expect([get.status, get.body]).toEqual([200, post.body]);
    const head = await send('HEAD', `/${encodeURIComponent(site.toString('base64'))}`);
    expect([head.status, head.headers['content-length'], head.body.length]).toEqual([200, '504', 0]);
    const root = await send('GET', '/');
    expect([root.status, root.body.length, root.headers['content-length']]).toEqual([200, 0, '0']);
    expect((await send('GET', '/?health')).status).toBe(200);
  });

  test('If-None-Match with the ETag: 304 with the same headers and no body', async () => {
    const first = await send('POST', '/', OCSP, site);
    for (const reply of [
      await send('GET', `/${encodeURIComponent(site.toString('base64'))}`, { 'if-none-match': first.headers.etag! }),
      await send('POST', '/', { ...OCSP, 'if-none-match': first.headers.etag! }, site),
    ]) {
      expect(reply.status).toBe(304);
      expect(reply.body.length).toBe(0);
      for (const name of ['content-type', 'etag', 'last-modified', 'expires']) expect(reply.headers[name]).toBe(first.headers[name]);
      expect(reply.headers['cache-control']).toMatch(/^max-age=\d+, public, no-transform, must-revalidate$/);
    }
    expect((await send('POST', '/', { ...OCSP, 'if-none-match': '"0"' }, site)).status).toBe(200);
  });

  test.each([
    ['a wrong content type', { 'content-type': 'application/octet-stream' }, () => site, 400, MALFORMED],
    ['no content type', {}, () => site, 400, MALFORMED],
    ['an empty body', OCSP, () => Buffer.alloc(0), 400, MALFORMED],
    ['unparsable DER', OCSP, () => Buffer.from('hello'), 400, MALFORMED],
    ['a truncated request', OCSP, () => site.subarray(0, 60), 400, MALFORMED],
    [
      'an unknown serial',
      OCSP,
      () => Buffer.from(site.toString('hex').replace(leafOf(pki, 'site').serialHex.toLowerCase(), '04'.repeat(18)), 'hex'),
      200,
      UNAUTHORIZED,
    ],
  ] as const)('%s: answered as specified, with no public caching', async (_name, headers, body, status, hex) => {
    const reply = await send('POST', '/', headers, body());
    expect([reply.status, reply.body.toString('hex')]).toEqual([status, hex]);
    expect(reply.headers['content-type']).toBe('application/ocsp-response');
    expect(reply.headers['cache-control']).toBe('no-cache');
    for (const name of ['etag', 'expires', 'last-modified']) expect(reply.headers[name]).toBeUndefined();
  });

  test('a revoked leaf is answered from the store too', async () => {
    const reply = await send('POST', '/', OCSP, revoked);
    expect([reply.status, reply.body.length]).toEqual([200, 528]);
  });

  test.each([
    ['GET', '/%E0%A4%A'],
    ['GET', '/not-an-ocsp-request'],
    ['GET', '/AAAA'],
  ])('%s %s is malformed', async (method, path) => {
    const reply = await send(method, path);
    expect([reply.status, reply.body.toString('hex')]).toEqual([400, MALFORMED]);
  });

  test.each(['throw', 'reject'] as const)('a store that fails (%s) gives 500 internalError', async (how) => {
    mode = how;
    const reply = await send('POST', '/', OCSP, site);
    expect([reply.status, reply.body.toString('hex'), reply.headers['cache-control']]).toEqual([500, INTERNAL, 'no-cache']);
  });

  test.each(['PUT', 'DELETE', 'PATCH', 'OPTIONS'])('%s gets 405 with Allow', async (method) => {
    const reply = await send(method, '/', OCSP, site);
    expect([reply.status, reply.headers.allow]).toEqual([405, 'GET, HEAD, POST']);
  });

  test('a declared body over 10,000 bytes gets 400 before it is sent, and the connection is closed', async () => {
    const reply = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/ocsp-request\r\nContent-Length: 10001\r\n\r\n' + 'a'.repeat(100));
      });
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
    expect(reply).toMatch(/\r\nConnection: close\r\n/i);
    expect(reply.endsWith('\x30\x03\x0a\x01\x01')).toBe(true);
    expect((await send('POST', '/', OCSP, Buffer.alloc(10_000))).status).toBe(400); // at the limit: read, then malformed
  });

  test('a chunked body that grows over 10,000 bytes is cut off with 400', async () => {
    const reply = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/ocsp-request\r\nTransfer-Encoding: chunked\r\n\r\n');
        for (let i = 0; i < 6; i++) socket.write(`7d0\r\n${'b'.repeat(2000)}\r\n`);
      });
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
      socket.on('error', () => resolve(Buffer.concat(chunks).toString('latin1')));
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
  });

  test('a burst of random bytes (bodies and paths) never crashes it', async () => {
    const replies = await Promise.all(
      Array.from({ length: 300 }, (_, i) => {
        const bytes = randomBytes(1 + (i % 120));
        if (i % 2 === 0) bytes[0] = 0x30;
        return i % 3 === 0 ? send('GET', `/${encodeURIComponent(bytes.toString('base64'))}`) : send('POST', '/', OCSP, bytes);
      }),
    );
    for (const reply of replies) expect([400, 200]).toContain(reply.status);
    expect(replies.every((r) => r.status === 400 || r.body.toString('hex') === UNAUTHORIZED)).toBe(true);
    expect((await send('POST', '/', OCSP, site)).status).toBe(200);
  });
});
