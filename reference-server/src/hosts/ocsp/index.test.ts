import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { useReference } from '../../testing/reference';
import type { IssuedLeaf } from '../../pki';
import { defaultHostContext } from '../context';
import { createOcspApp, ocspStoreFor } from './index';
import { basicResponseOf, requestFor } from './test-fixtures';

// From PATH unless named: an OCSP client independent of the code under test.
const OPENSSL = process.env.OPENSSL ?? 'openssl';
const run = promisify(execFile);
const reference = useReference();
const NAMES = ['r10.o.pki.test', 'r11.o.pki.test'];
const OCSP_TYPE = { 'content-type': 'application/ocsp-request' };

let dir: string;
const file = (name: string) => path.join(dir, name);
const leaf = (role: string): IssuedLeaf => reference.ref().pki.leaves.find((l) => l.role === role)!;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ocsp-host-'));
  const { pki } = reference.ref();
  await fs.writeFile(file('root.pem'), pki.rootPem);
  for (const i of pki.intermediates) await fs.writeFile(file(`${i.name}.pem`), i.certPem);
  for (const l of pki.leaves) await fs.writeFile(file(`${l.role}.pem`), l.certPem);
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One exchange on the plain-HTTP port, as a real OCSP client makes it. */
function plain(method: string, host: string, urlPath: string, headers: Record<string, string> = {}, body?: Buffer): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: reference.ref().httpPort, method, path: urlPath, headers: { host, ...headers }, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function opensslOcsp(role: string, extra: string[]): Promise<string> {
  const l = leaf(role);
  const args = ['ocsp', '-issuer', file(`${l.issuer}.pem`), '-cert', file(`${role}.pem`), '-CAfile', file('root.pem'), '-no_nonce', ...extra];
  const { stdout, stderr } = await run(OPENSSL, args, { timeout: 20_000 });
  return stdout + stderr;
}

const serverUrl = () => `http://127.0.0.1:${reference.ref().httpPort}/`;

describe('the OCSP host in the composed reference', () => {
  test('openssl ocsp over the HTTP port: Response verify OK and good for a live leaf, 85 bytes in, 504 out', async () => {
    const out = await opensslOcsp('site', ['-url', serverUrl(), '-header', `Host=${NAMES[0]}`, '-reqout', file('req.der'), '-respout', file('resp.der')]);
    expect(out).toContain('Response verify OK');
    expect(out).toContain(`${file('site.pem')}: good`);
    expect((await fs.stat(file('req.der'))).size).toBe(85);
    expect((await fs.stat(file('resp.der'))).size).toBe(504);
  });

  test('openssl ocsp: revoked, with its reason, for the leaf the PKI issued revoked', async () => {
    expect(leaf('revoked')).toMatchObject({ names: ['revoked.lessons.test'], revocation: { reason: 'keyCompromise' } });
    const out = await opensslOcsp('revoked', ['-url', serverUrl(), '-header', `Host=${NAMES[1]}`]);
    expect(out).toContain('Response verify OK');
    expect(out).toContain(`${file('revoked.pem')}: revoked`);
    expect(out).toContain('Reason: keyCompromise');
  });

  test('GET variant: the RFC 5019 URL answers the same bytes, and openssl verifies them', async () => {
    const der = await requestFor(reference.ref().pki, leaf('bare'));
    const reply = await plain('GET', NAMES[0], `/${encodeURIComponent(der.toString('base64'))}`);
    expect([reply.status, reply.body.length]).toEqual([200, 504]);
    await fs.writeFile(file('get.der'), reply.body);
    const out = await opensslOcsp('bare', ['-respin', file('get.der')]);
    expect(out).toContain('Response verify OK');
    expect(out).toContain(`${file('bare.pem')}: good`);
  });

  test('both names, over HTTPS (h1 and h2) and plain HTTP, answer identically; the headers agree with the response times', async () => {
    const der = await requestFor(reference.ref().pki, leaf('site'));
    const replies: Reply[] = [];
    for (const host of NAMES) {
      replies.push(await plain('POST', host, '/', OCSP_TYPE, der));
      for (const protocol of ['h1', 'h2'] as const) {
        const r = await reference.request({ host, path: '/', method: 'POST', protocol, headers: OCSP_TYPE, body: der });
        replies.push({ status: r.status, headers: r.headers as http.IncomingHttpHeaders, body: r.body });
      }
    }
    for (const reply of replies) {
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual(replies[0].body);
      expect(reply.headers['etag']).toBe(replies[0].headers['etag']);
    }
    const { headers, body } = replies[0];
    const single = basicResponseOf(body).tbsResponseData.responses[0];
    expect(body.length).toBe(504);
    expect(headers['content-type']).toBe('application/ocsp-response');
    expect(Date.parse(headers['last-modified']!)).toBe(single.thisUpdate.getTime());
    expect(Date.parse(headers.expires!)).toBe(single.nextUpdate!.getTime());
    expect(single.thisUpdate.getTime() % 60_000).toBe(0);
    expect(single.nextUpdate!.getTime() - single.thisUpdate.getTime()).toBe(15_299_000);
    const maxAge = Number(/^max-age=(\d+), public, no-transform, must-revalidate$/.exec(headers['cache-control']!)![1]);
    expect(Date.parse(headers.date!) + maxAge * 1000).toBe(single.nextUpdate!.getTime());
    expect(maxAge).toBeGreaterThanOrEqual(6_000);
    expect(maxAge).toBeLessThanOrEqual(15_300);
  });

  test('requests never sign: the store signed ahead of time', async () => {
    const store = ocspStoreFor(reference.ref().context);
    await store.refresh();
    const before = store.signatures;
    const der = await requestFor(reference.ref().pki, leaf('shop'));
    for (let i = 0; i < 20; i++) expect((await plain('POST', NAMES[1], '/', OCSP_TYPE, der)).status).toBe(200);
    expect(store.signatures).toBe(before);
  });

  test.each([
    [
      'a CertID hash other than SHA-1 and SHA-256',
      async () => requestFor(reference.ref().pki, leaf('site'), { hash: 'SHA-384' }),
      OCSP_TYPE,
      200,
      '30030a0106',
    ],
    [
      'an unknown serial',
      async () =>
        Buffer.from(
          (await requestFor(reference.ref().pki, leaf('site'))).toString('hex').replace(leaf('site').serialHex.toLowerCase(), '03'.repeat(18)),
          'hex',
        ),
      OCSP_TYPE,
      200,
      '30030a0106',
    ],
    ['unparsable DER', async () => Buffer.from('not der'), OCSP_TYPE, 400, '30030a0101'],
    ['an empty body', async () => Buffer.alloc(0), OCSP_TYPE, 400, '30030a0101'],
    ['a wrong content type', async () => requestFor(reference.ref().pki, leaf('site')), { 'content-type': 'text/plain' }, 400, '30030a0101'],
  ] as const)('%s is answered as specified, without public caching', async (_name, body, headers, status, hex) => {
    const reply = await plain('POST', NAMES[0], '/', headers, await body());
    expect([reply.status, reply.body.toString('hex'), reply.headers['cache-control']]).toEqual([status, hex, 'no-cache']);
  });

  test('a nonce is accepted and not echoed; only the first of several CertIDs is answered', async () => {
    const pki = reference.ref().pki;
    for (const der of [await requestFor(pki, leaf('site'), { nonce: true }), await requestFor(pki, leaf('site'), { extraCertIds: 2 })]) {
      const reply = await plain('POST', NAMES[0], '/', OCSP_TYPE, der);
      expect([reply.status, reply.body.length]).toEqual([200, 504]);
      const data = basicResponseOf(reply.body).tbsResponseData;
      expect([data.responses.length, data.responseExtensions]).toEqual([1, undefined]);
    }
  });

  test('GET / is 200 and empty, other methods 405, over HTTPS too', async () => {
    const root = await reference.request({ host: NAMES[1], path: '/', protocol: 'h2' });
    expect([root.status, root.body.length]).toEqual([200, 0]);
    const put = await reference.request({ host: NAMES[0], path: '/', method: 'PUT', protocol: 'h1' });
    expect([put.status, put.headers.allow]).toEqual([405, 'GET, HEAD, POST']);
    expect((await plain('DELETE', NAMES[1], '/')).status).toBe(405);
  });

  test('the revoked host has a certificate but no app: 421', async () => {
    const reply = await reference.request({ host: 'revoked.lessons.test', path: '/' }).catch((e: Error) => e);
    // Its certificate is issued by the reference root, so the TLS handshake succeeds.
    expect(reply).not.toBeInstanceOf(Error);
    expect((reply as { status: number }).status).toBe(421);
  });

  test('a burst of random bytes never crashes the responder', async () => {
    const replies = await Promise.all(Array.from({ length: 200 }, (_, i) => plain('POST', NAMES[i % 2], '/', OCSP_TYPE, randomBytes(1 + (i % 150)))));
    expect(replies.every((r) => r.status === 400 || r.status === 200)).toBe(true);
    expect((await opensslOcsp('site', ['-url', serverUrl(), '-header', `Host=${NAMES[0]}`])).includes('good')).toBe(true);
  });
});

describe('ResponderID byKey, by configuration', () => {
  test('a 473-byte response that openssl verifies', async () => {
    const { pki } = reference.ref();
    const ctx = defaultHostContext({ pki, ocsp: { responderId: 'byKey' } });
    const server = http.createServer(createOcspApp(ctx));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const out = await opensslOcsp('site', [
        '-url',
        `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
        '-respout',
        file('bykey.der'),
        '-resp_text',
      ]);
      expect(out).toContain('Response verify OK');
      expect(out).toMatch(/Responder Id: [0-9A-F]{40}/);
      expect((await fs.stat(file('bykey.der'))).size).toBe(473);
    } finally {
      ocspStoreFor(ctx).stop();
      await new Promise((r) => server.close(r));
    }
  });
});
