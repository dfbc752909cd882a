import { randomBytes } from 'node:crypto';
import type { ReferencePki } from '../../pki';
import { DecodedRequestCache, decodeOcspRequest, derFromGetPath } from './request-decoder';
import { issueTestPki, leafOf, requestFor } from './test-fixtures';

let pki: ReferencePki;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ pki, cleanup } = await issueTestPki()));
afterAll(() => cleanup());

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ''), 'hex');

describe('decodeOcspRequest', () => {
  test('an 85-byte SHA-1 request for an 18-byte serial decodes to its CertID', async () => {
    const leaf = leafOf(pki, 'site');
    const der = await requestFor(pki, leaf);
    expect(der.length).toBe(85);
    const decoded = decodeOcspRequest(der);
    expect(decoded).toEqual({
      ok: true,
      requests: 1,
      nonce: false,
      certId: {
        hashOid: '1.3.14.3.2.26',
        hash: 'SHA-1',
        issuerNameHash: expect.stringMatching(/^[0-9A-F]{40}$/),
        issuerKeyHash: expect.stringMatching(/^[0-9A-F]{40}$/),
        serialHex: leaf.serialHex,
      },
    });
  });

  test.each([
    ['SHA-256 (95 + 18 bytes)', { hash: 'SHA-256' }, 113, { hash: 'SHA-256', hashOid: '2.16.840.1.101.3.4.2.1' }, 1, false],
    ['a nonce', { nonce: true }, undefined, { hash: 'SHA-1' }, 1, true],
    ['three CertIDs', { extraCertIds: 2 }, undefined, { hash: 'SHA-1' }, 3, false],
    ['a SHA-384 CertID (decoded, no supported hash)', { hash: 'SHA-384' }, undefined, { hashOid: '2.16.840.1.101.3.4.2.2' }, 1, false],
  ] as const)('with %s', async (_name, options, size, certId, requests, nonce) => {
    const der = await requestFor(pki, leafOf(pki, 'site'), options);
    if (size !== undefined) expect(der.length).toBe(size);
    const decoded = decodeOcspRequest(der);
    expect(decoded).toMatchObject({ ok: true, requests, nonce, certId: { ...certId, serialHex: leafOf(pki, 'site').serialHex } });
    if (!('hash' in certId) && decoded.ok) expect(decoded.certId.hash).toBeUndefined();
  });

  test.each([
    ['empty', ''],
    ['one byte', '30'],
    ['a truncated SEQUENCE', '3053305130'],
    ['an INTEGER instead of a SEQUENCE', '020101'],
    ['an empty OCSPRequest', '3000'],
    ['an empty requestList', '3004 3002 3000'],
    ['a CertID with three fields', '300e 300c 300a 3008 3006 3000 0400 0400'],
    ['a version other than v1', '3019 3017 a003 020101 3010 300e 300c 3002 0600 0400 0400 020101'.replace('0600', '0603 2b0e03')],
  ])('%s is malformed', (_name, bytes) => {
    expect(decodeOcspRequest(hex(bytes))).toMatchObject({ ok: false, reason: expect.any(String) });
  });

  test('trailing bytes and a cut request are malformed', async () => {
    const der = await requestFor(pki, leafOf(pki, 'site'));
    expect(decodeOcspRequest(Buffer.concat([der, Buffer.from([0])]))).toMatchObject({ ok: false, reason: '1 bytes after the request' });
    for (let cut = 1; cut < der.length; cut += 7) expect(decodeOcspRequest(der.subarray(0, cut)).ok).toBe(false);
  });

  test('random bytes never throw', () => {
    for (let i = 0; i < 2000; i++) {
      const bytes = randomBytes(1 + (i % 200));
      if (i % 3 === 0) bytes[0] = 0x30;
      expect(() => decodeOcspRequest(bytes)).not.toThrow();
    }
  });
});

describe('DecodedRequestCache', () => {
  test('repeats of a well-formed request are served from the cache; malformed ones are never kept', async () => {
    const cache = new DecodedRequestCache(2);
    const [a, b, c] = await Promise.all(['site', 'bare', 'revoked'].map((role) => requestFor(pki, leafOf(pki, role))));
    const first = cache.decode(a);
    expect(cache.decode(Buffer.from(a))).toBe(first);
    expect(cache.decode(hex('3000')).ok).toBe(false);
    expect(cache.size).toBe(1);
    cache.decode(b);
    cache.decode(c);
    expect(cache.size).toBe(2);
    expect(cache.decode(a)).not.toBe(first); // the oldest went out
    expect(cache.decode(a)).toEqual(first);
  });
});

describe('derFromGetPath (RFC 5019 GET)', () => {
  const der = hex('3003 0a0101 ff'.replace(/ /g, ''));
  const b64 = der.toString('base64');
  test.each([
    ['URL-encoded base64', `/${encodeURIComponent(b64)}`],
    ['plain base64', `/${b64}`],
    ['a doubled leading slash', `//${b64}`],
    ['base64url', `/${der.toString('base64url')}`],
  ])('%s', (_name, path) => {
    expect(Buffer.from(derFromGetPath(path)!)).toEqual(der);
  });

  test('a "+" sent as a space is restored', () => {
    const plus = Buffer.from([0xfb, 0xef, 0xbe]); // "++++" in base64
    expect(Buffer.from(derFromGetPath('/%20%20++')!)).toEqual(plus);
  });

  test.each([['/'], ['/%'], ['/not*base64'], ['/A'], ['/AAAAA'], ['/=AAA']])('%s is no request', (path) => {
    expect(derFromGetPath(path)).toBeUndefined();
  });
});
