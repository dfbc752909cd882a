import { execFileSync } from 'node:child_process';
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { promises as fs } from 'node:fs';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import * as tls from 'node:tls';
import { loadOrCreatePki, type ReferencePki } from './index';
import { OCSP_NAMES, SERVER_HOSTS, certificateParts, contentOf, hexOf, tempDir } from './test-fixtures';

// From PATH unless named: the tests need an openssl independent of the code under test.
const OPENSSL = process.env.OPENSSL ?? 'openssl';
const SHA256_RSA_WITH_NULL = '300d06092a864886f70d01010b0500';
const DAY_S = 86_400;
// Whole seconds, as certificates store them.
const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);

let dir: string;
let pki: ReferencePki;
const files: Record<string, string> = {};

beforeAll(async () => {
  dir = await tempDir('pki-certs');
  pki = await loadOrCreatePki({ dir, hosts: SERVER_HOSTS, ocspNames: OCSP_NAMES, now: NOW });
  for (const intermediate of pki.intermediates) {
    files[intermediate.name] = path.join(dir, `${intermediate.name}.pem`);
    await fs.writeFile(files[intermediate.name], intermediate.certPem);
  }
  for (const leaf of pki.leaves) {
    files[leaf.role] = path.join(dir, `leaf-${leaf.role}.pem`);
    await fs.writeFile(files[leaf.role], leaf.certPem);
  }
});

afterAll(() => fs.rm(dir, { recursive: true, force: true }));

const allPems = () => [pki.rootPem, ...pki.intermediates.map((i) => i.certPem), ...pki.leaves.map((l) => l.certPem)];
const derOf = (pem: string) => new Uint8Array(new X509Certificate(pem).raw);

function openssl(args: string[], input?: string): string {
  return execFileSync(OPENSSL, args, { encoding: 'utf8', input, stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
}

test('issues a fresh PKI with one leaf per host, alternating R10 and R11 from R10', () => {
  expect(pki.generated).toBe(true);
  expect(pki.leaves.map((l) => [l.role, l.names, l.issuer])).toEqual(SERVER_HOSTS.map((h, i) => [h.role, h.names, i % 2 === 0 ? 'R10' : 'R11']));
  // Only the host asked revoked is, dated at issuance.
  expect(pki.leaves.filter((l) => l.revocation).map((l) => [l.role, l.revocation])).toEqual([
    ['revoked', { time: NOW.toISOString(), reason: 'keyCompromise' }],
  ]);
  expect(pki.intermediates.map((i) => [i.name, i.ocspName])).toEqual([
    ['R10', 'r10.o.pki.test'],
    ['R11', 'r11.o.pki.test'],
  ]);
});

test('openssl verifies every leaf for TLS servers and each of its names, through its own intermediate only', () => {
  const root = path.join(dir, 'root.pem');
  for (const leaf of pki.leaves) {
    for (const name of leaf.names) {
      const args = ['verify', '-x509_strict', '-purpose', 'sslserver', '-verify_hostname', name, '-CAfile', root];
      expect(openssl([...args, '-untrusted', files[leaf.issuer], files[leaf.role]])).toBe(`${files[leaf.role]}: OK\n`);
    }
    const other = leaf.issuer === 'R10' ? 'R11' : 'R10';
    // Through the other intermediate there is no path to the root (X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY).
    expect(() => openssl(['verify', '-CAfile', root, '-untrusted', files[other], files[leaf.role]])).toThrow(
      /error 20 at 0 depth lookup: unable to get local issuer certificate/,
    );
  }
});

test('every serial is 18 bytes led by 0x03 or 0x04, and unique', () => {
  const serials = allPems().map((pem) => {
    const der = derOf(pem);
    const serial = certificateParts(der).serial;
    expect(der[serial.start]).toBe(0x02);
    return Buffer.from(contentOf(der, serial));
  });
  for (const serial of serials) {
    expect(serial.length).toBe(18);
    expect([0x03, 0x04]).toContain(serial[0]);
  }
  expect(new Set(serials.map((s) => s.toString('hex'))).size).toBe(serials.length);
  for (const leaf of pki.leaves) expect(leaf.serialHex).toBe(new X509Certificate(leaf.certPem).serialNumber);
  expect(pki.leaves[0].serialHex).toMatch(/^0[34][0-9A-F]{34}$/);
});

test('both signature AlgorithmIdentifiers of every certificate are sha256WithRSAEncryption with NULL', () => {
  for (const pem of allPems()) {
    const der = derOf(pem);
    const parts = certificateParts(der);
    expect(hexOf(der, parts.signature)).toBe(SHA256_RSA_WITH_NULL);
    expect(hexOf(der, parts.signatureAlgorithm)).toBe(SHA256_RSA_WITH_NULL);
  }
});

test("intermediate names are C, O, CN in separate RDNs, all PrintableString, as Let's Encrypt's", () => {
  const printable = (oidLastByte: number, value: string) => {
    const atv = Buffer.concat([Buffer.from([0x06, 0x03, 0x55, 0x04, oidLastByte, 0x13, value.length]), Buffer.from(value)]);
    const sequence = Buffer.concat([Buffer.from([0x30, atv.length]), atv]);
    return Buffer.concat([Buffer.from([0x31, sequence.length]), sequence]);
  };
  const nameDer = (cn: string) => {
    const rdns = Buffer.concat([printable(0x06, 'US'), printable(0x0a, 'Reference PKI'), printable(0x03, cn)]);
    return Buffer.concat([Buffer.from([0x30, rdns.length]), rdns]).toString('hex');
  };
  // The OCSP responder's byName ResponderID must be as long as Let's Encrypt's.
  expect('Reference PKI'.length).toBe("Let's Encrypt".length);
  for (const intermediate of pki.intermediates) {
    const der = derOf(intermediate.certPem);
    expect(hexOf(der, certificateParts(der).subject)).toBe(nameDer(intermediate.name));
  }
  for (const leaf of pki.leaves) {
    const der = derOf(leaf.certPem);
    expect(hexOf(der, certificateParts(der).issuer)).toBe(nameDer(leaf.issuer));
  }
  const root = new X509Certificate(pki.rootPem);
  expect([root.subject, root.issuer]).toEqual(['C=US\nO=Reference PKI\nCN=Reference Root X1', root.subject]);
});

test("leaves: CN is the first name, SAN lists every name, AIA points at the issuer's OCSP host over http", () => {
  for (const leaf of pki.leaves) {
    const cert = new X509Certificate(leaf.certPem);
    expect(cert.subject).toBe(`CN=${leaf.names[0]}`);
    expect(cert.subjectAltName).toBe(leaf.names.map((n) => `DNS:${n}`).join(', '));
    expect(cert.infoAccess?.trim()).toBe(`OCSP - URI:http://${leaf.issuer.toLowerCase()}.o.pki.test`);
    expect(cert.ca).toBe(false);
    expect(cert.keyUsage).toEqual(['1.3.6.1.5.5.7.3.1']);
    expect(leaf.chainPem).toBe(leaf.certPem + pki.intermediates.find((i) => i.name === leaf.issuer)!.certPem);
  }
});

test('key usages, basic constraints and key identifiers follow the profile', () => {
  const text = (pem: string) => openssl(['x509', '-noout', '-text'], pem);
  const root = text(pki.rootPem);
  expect(root).toMatch(/Key Usage: critical\s+Certificate Sign, CRL Sign\n/);
  expect(root).toMatch(/Basic Constraints: critical\s+CA:TRUE\n/);
  expect(root).toContain('Subject Key Identifier');
  const intermediate = text(pki.intermediates[1].certPem);
  expect(intermediate).toMatch(/Key Usage: critical\s+Digital Signature, Certificate Sign, CRL Sign\n/);
  expect(intermediate).toMatch(/Extended Key Usage: \s+TLS Web Server Authentication, TLS Web Client Authentication\n/);
  expect(intermediate).toMatch(/Basic Constraints: critical\s+CA:TRUE, pathlen:0\n/);
  expect(intermediate).toContain('Authority Key Identifier');
  const leaf = text(pki.leaves[1].certPem);
  expect(leaf).toMatch(/Key Usage: critical\s+Digital Signature, Key Encipherment\n/);
  expect(leaf).toMatch(/Basic Constraints: critical\s+CA:FALSE\n/);
});

test('validity: backdated one hour; 10 years, 3 years and 90 days (inclusive)', () => {
  const seconds = (pem: string) => {
    const cert = new X509Certificate(pem);
    return [Date.parse(cert.validFrom) / 1000, Date.parse(cert.validTo) / 1000];
  };
  const notBefore = NOW.getTime() / 1000 - 3600;
  const [rootFrom, rootTo] = seconds(pki.rootPem);
  expect(rootFrom).toBe(notBefore);
  const rootEnd = new Date(notBefore * 1000);
  rootEnd.setUTCFullYear(rootEnd.getUTCFullYear() + 10);
  expect(rootTo).toBe(rootEnd.getTime() / 1000 - 1);
  const [intFrom, intTo] = seconds(pki.intermediates[0].certPem);
  expect(intFrom).toBe(notBefore);
  expect(intTo - intFrom).toBeGreaterThanOrEqual(3 * 365 * DAY_S - 1);
  expect(intTo - intFrom).toBeLessThanOrEqual(3 * 366 * DAY_S);
  for (const leaf of pki.leaves) expect(seconds(leaf.certPem)).toEqual([notBefore, notBefore + 90 * DAY_S - 1]);
});

test('keys are RSA-2048 PKCS#8 matching their certificates', () => {
  const pairs = [...pki.intermediates, ...pki.leaves].map((c) => [c.certPem, c.keyPem]);
  for (const [certPem, keyPem] of pairs) {
    expect(keyPem.startsWith('-----BEGIN PRIVATE KEY-----\n')).toBe(true);
    const key = createPrivateKey(keyPem);
    expect(key.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(new X509Certificate(certPem).checkPrivateKey(key)).toBe(true);
  }
});

test('root.pem is written at a stable path, pki.json is readable by its owner only', async () => {
  expect(pki.rootPath).toBe(path.join(dir, 'root.pem'));
  expect(await fs.readFile(pki.rootPath, 'utf8')).toBe(pki.rootPem);
  expect((await fs.stat(path.join(dir, 'pki.json'))).mode & 0o777).toBe(0o600);
});

describe('node:tls accepts the leaves', () => {
  let server: tls.Server;
  let port: number;

  beforeAll(async () => {
    const contexts = new Map(pki.leaves.flatMap((l) => l.names.map((n) => [n, tls.createSecureContext({ key: l.keyPem, cert: l.chainPem })])));
    // Unknown names get the first leaf, so that a client holding another name sees a mismatch.
    const fallback = contexts.get(pki.leaves[0].names[0]);
    server = tls.createServer({ SNICallback: (name, done) => done(null, contexts.get(name) ?? fallback) }, (socket) => socket.end('hi'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  function handshake(servername: string): Promise<{ authorized: boolean; names: string | undefined }> {
    return new Promise((resolve, reject) => {
      const socket = tls.connect({ host: '127.0.0.1', port, ca: pki.rootPem, servername }, () => {
        resolve({ authorized: socket.authorized, names: socket.getPeerCertificate().subjectaltname });
        socket.end();
      });
      socket.on('error', reject);
    });
  }

  test('every name of every leaf, with only the root trusted', async () => {
    for (const leaf of pki.leaves) {
      for (const name of leaf.names) {
        const result = await handshake(name);
        expect(result.authorized).toBe(true);
        expect(result.names).toContain(`DNS:${name}`);
      }
    }
  });

  test('a name the leaf does not hold is refused', async () => {
    await expect(handshake('other.lessons.test')).rejects.toMatchObject({ code: 'ERR_TLS_CERT_ALTNAME_INVALID' });
  });
});
