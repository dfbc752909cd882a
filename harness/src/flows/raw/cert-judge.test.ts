import { X509Certificate } from 'node:crypto';
import { makeCertPki, type CertPki } from '../../testing/cert-pki';
import { certificatesInTls12, daysLeft, judgeChain, judgeDaysLeft, judgeKeys, judgeName, judgeOrder, judgeSignatures, judgeValidity } from './cert-judge';

let pki: CertPki;
let root: X509Certificate;
let int: X509Certificate;
let leaf: X509Certificate;
const DAY = 86_400_000;

beforeAll(() => {
  pki = makeCertPki();
  root = new X509Certificate(pki.rootPem);
  int = new X509Certificate(pki.intermediatePem);
  leaf = new X509Certificate(pki.leaf('good', { names: ['a.test', '*.b.test'] }).certPem);
});
afterAll(() => pki.cleanup());

describe('judgeChain: only what the server sent, to a trusted root', () => {
  test('leaf and intermediate sent, root trusted: met', () => {
    const j = judgeChain([leaf, int], [root]);
    expect(j.ok).toBe(true);
    expect(j.actual).toBe('CN=a.test <- CN=Certs Test R1 -> trusted root CN=Certs Test Root');
  });
  test('the intermediate not sent: missed, naming the missing issuer and where it could be fetched', () => {
    const j = judgeChain([leaf], [root], 'UNABLE_TO_VERIFY_LEAF_SIGNATURE');
    expect(j).toEqual({
      ok: false,
      expected: 'a chain from the leaf to a trusted root (TARGET_CA, else the system roots) with only the certificates the server sent',
      actual: 'CN=a.test; Node: UNABLE_TO_VERIFY_LEAF_SIGNATURE',
      message:
        'missing issuer: CN=Certs Test R1, the issuer of CN=a.test, was not sent (its AIA CA Issuers: http://ca.test/r1.der); clients do not fetch it, so the server must send it',
    });
  });
  test('the root not trusted: missed, naming the root as the missing issuer; a lone self-signed certificate is said to be one', () => {
    expect(judgeChain([leaf, int], []).message).toBe(
      'missing issuer: CN=Certs Test Root, the issuer of CN=Certs Test R1, was not sent; clients do not fetch it, so the server must send it',
    );
    expect(judgeChain([root], []).message).toBe('CN=Certs Test Root is self-signed and not among the trusted roots (is TARGET_CA set?)');
  });
  test('out of order still verifies (the order is its own rule); a sent root changes nothing; a trusted certificate served itself is its own anchor', () => {
    expect(judgeChain([leaf, root, int], [root]).ok).toBe(true);
    expect(judgeChain([leaf, int, root], [root]).actual).toBe('CN=a.test <- CN=Certs Test R1 <- CN=Certs Test Root -> trusted root CN=Certs Test Root');
    expect(judgeChain([root], [root])).toMatchObject({ ok: true, actual: 'CN=Certs Test Root (anchored at CN=Certs Test Root)' });
  });
});

test('judgeOrder: each certificate issued by the next', () => {
  expect(judgeOrder([leaf, int]).ok).toBe(true);
  expect(judgeOrder([leaf, int, root]).ok).toBe(true);
  expect(judgeOrder([leaf]).ok).toBe(true);
  const j = judgeOrder([leaf, root, int]);
  expect([j.ok, j.actual, j.message]).toEqual([
    false,
    'CN=a.test <- CN=Certs Test Root <- CN=Certs Test R1',
    'CN=a.test (#1) is not issued by CN=Certs Test Root (#2)',
  ]);
});

test('judgeName: the SAN covers the mapped name, wildcards one label deep', () => {
  expect(judgeName(leaf, 'a.test')).toEqual({ ok: true, expected: 'a subjectAltName covering a.test', actual: 'DNS:a.test, DNS:*.b.test' });
  expect(judgeName(leaf, 'x.b.test').ok).toBe(true);
  expect(judgeName(leaf, 'b.test').ok).toBe(false);
  const j = judgeName(leaf, 'www.a.test');
  expect([j.ok, j.message]).toEqual([
    false,
    "Hostname/IP does not match certificate's altnames: Host: www.a.test. is not in the cert's altnames: DNS:a.test, DNS:*.b.test",
  ]);
});

describe('validity and days left', () => {
  const notAfter = () => new Date(leaf.validTo);
  test('within the period: met; after notAfter or before notBefore: missed, naming the date', () => {
    expect(judgeValidity([leaf, int], new Date()).ok).toBe(true);
    const late = new Date(notAfter().getTime() + DAY);
    expect(judgeValidity([leaf, int], late)).toMatchObject({ ok: false, message: `CN=a.test expired on ${notAfter().toISOString()}` });
    const early = new Date(new Date(int.validFrom).getTime() - DAY);
    expect(judgeValidity([leaf, int], early)).toMatchObject({ ok: false, message: 'CN=a.test is not yet valid' });
  });
  test('fewer days left than the threshold: missed with the days and the notAfter date; the chain is judged by what expires first', () => {
    const now = new Date(notAfter().getTime() - 5.5 * DAY);
    expect(daysLeft(leaf, now)).toBe(5);
    const j = judgeDaysLeft([int, leaf], now, 14);
    expect(j).toEqual({
      ok: false,
      expected: 'at least 14 days left (HARNESS_CERT_MIN_DAYS)',
      actual: `5 days left: CN=a.test notAfter ${notAfter().toISOString()}`,
      message: `CN=a.test has 5 days left (notAfter ${notAfter().toISOString()}): renew it`,
    });
    expect(judgeDaysLeft([int, leaf], now, 5).ok).toBe(true);
    expect(judgeDaysLeft([int, leaf], now, 6).ok).toBe(false);
  });
});

describe('keys and signatures', () => {
  test('EC P-256 with ECDSA-SHA256: met (the self-signed root is not judged)', () => {
    expect(judgeKeys([leaf, int, root])).toEqual({
      ok: true,
      expected: 'RSA >= 2048 bits or EC >= 256 bits',
      actual: 'CN=a.test: EC 256 (prime256v1); CN=Certs Test R1: EC 256 (prime256v1)',
    });
    expect(judgeSignatures([leaf, int]).actual).toBe('CN=a.test: ecdsa-with-SHA256; CN=Certs Test R1: ecdsa-with-SHA256');
    expect(judgeSignatures([leaf, int]).ok).toBe(true);
  });
  test('RSA 1024: missed; RSA 2048: met', () => {
    const weak = new X509Certificate(pki.leaf('rsa1024', { names: ['w.test'], key: 'rsa:1024' }).certPem);
    expect(judgeKeys([weak, int])).toMatchObject({ ok: false, message: 'CN=w.test has a weak key: RSA 1024' });
    const strong = new X509Certificate(pki.leaf('rsa2048', { names: ['s.test'], key: 'rsa:2048' }).certPem);
    expect(judgeKeys([strong, int])).toMatchObject({ ok: true, actual: 'CN=s.test: RSA 2048; CN=Certs Test R1: EC 256 (prime256v1)' });
  });
  test('a SHA-1 signature: missed, naming the algorithm', () => {
    const sha1 = new X509Certificate(pki.leaf('sha1', { names: ['h.test'], digest: 'sha1' }).certPem);
    expect(judgeSignatures([sha1, int])).toMatchObject({ ok: false, message: 'CN=h.test is signed with ecdsa-with-SHA1' });
  });
});

describe('certificatesInTls12: the certificate_list as sent', () => {
  const u24 = (n: number) => Buffer.from([n >> 16, (n >> 8) & 0xff, n & 0xff]);
  const record = (type: number, body: Buffer) => Buffer.concat([Buffer.from([type, 3, 3, body.length >> 8, body.length & 0xff]), body]);
  const message = (type: number, body: Buffer) => Buffer.concat([Buffer.from([type]), u24(body.length), body]);
  test('ServerHello then Certificate split across records: the certificates in order', () => {
    const certs = [leaf.raw, int.raw];
    const list = Buffer.concat(certs.flatMap((c) => [u24(c.length), c]));
    const hs = Buffer.concat([message(2, Buffer.alloc(70, 1)), message(11, Buffer.concat([u24(list.length), list])), message(14, Buffer.alloc(0))]);
    const cut = 300;
    const bytes = Buffer.concat([record(22, hs.subarray(0, cut)), record(22, hs.subarray(cut))]);
    expect(certificatesInTls12(bytes)).toEqual(certs);
  });
  test('no Certificate message in the clear (TLS 1.3: ServerHello, then encrypted records): none', () => {
    const bytes = Buffer.concat([record(22, message(2, Buffer.alloc(90, 1))), record(20, Buffer.from([1])), record(23, Buffer.alloc(400, 7))]);
    expect(certificatesInTls12(bytes)).toBeUndefined();
  });
  test('a Certificate message cut short: none', () => {
    const hs = message(11, Buffer.concat([u24(leaf.raw.length + 3), u24(leaf.raw.length), leaf.raw]));
    expect(certificatesInTls12(record(22, hs.subarray(0, 100)))).toBeUndefined();
  });
});
