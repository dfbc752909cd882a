/**
 * The leaf deviations (revoked-leaf, expiring-leaf=DAYS): their parsing, and a reference of four
 * nodes serving them, as a client and an OCSP client see it.
 */
import { X509Certificate } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import * as tls from 'node:tls';
import type * as asn1js from 'asn1js';
import { ocspStoreFor } from './hosts/ocsp';
import { basicResponseOf, requestFor } from './hosts/ocsp/test-fixtures';
import { deviationsByNode, deviationText, parseNodeDeviation, type NodeDeviation } from './nodes';
import { loadOrCreatePki, type IssuedLeaf } from './pki';
import { expiringNotAfter } from './pki/node-leaves';
import { DAY_MS } from './pki/policy';
import { DEFAULT_PKI_DIR, ReferenceOptionsError, referencePkiOptions, type RunningReference } from './server';
import { startNodesReference } from './testing/reference';

describe('leaf deviations: parsing and checks', () => {
  test('the command-line forms', () => {
    expect(parseNodeDeviation('2:revoked-leaf')).toEqual({ node: 2, kind: 'revoked-leaf' });
    expect(parseNodeDeviation('3:expiring-leaf=5')).toEqual({ node: 3, kind: 'expiring-leaf', days: 5 });
    expect(parseNodeDeviation('3:expiring-leaf=05')).toEqual({ node: 3, kind: 'expiring-leaf', days: 5 });
    expect(deviationText({ node: 3, kind: 'expiring-leaf', days: 5 })).toBe('3:expiring-leaf=5');
    expect(deviationText({ node: 2, kind: 'revoked-leaf' })).toBe('2:revoked-leaf');
    const kinds = '(KIND one of drop-header=NAME, header=NAME:VALUE, no-intermediate, revoked-leaf, expiring-leaf=DAYS)';
    expect(parseNodeDeviation('2:revoked-leaf=1')).toEqual({ problem: `is not K:KIND ${kinds}` });
    expect(parseNodeDeviation('2:expiring-leaf')).toEqual({ problem: `is not K:KIND ${kinds}` });
    expect(parseNodeDeviation('2:expiring-leaf=-1')).toEqual({ problem: `has no DAYS: expiring-leaf=DAYS, DAYS a whole number ${kinds}` });
  });

  test('a leaf deviation and no-intermediate combine on one node', () => {
    const deviations: NodeDeviation[] = [
      { node: 2, kind: 'no-intermediate' },
      { node: 2, kind: 'expiring-leaf', days: 30 },
      { node: 3, kind: 'revoked-leaf' },
    ];
    expect(deviationsByNode(deviations, 3)).toEqual([[], deviations.slice(0, 2), deviations.slice(2)]);
  });

  test.each([
    [[{ node: 2, kind: 'expiring-leaf', days: 0 }], 'node deviation {"node":2,"kind":"expiring-leaf","days":0}: 0 is not a number of days from 1 to 30'],
    [[{ node: 2, kind: 'expiring-leaf', days: 31 }], 'node deviation {"node":2,"kind":"expiring-leaf","days":31}: 31 is not a number of days from 1 to 30'],
    [[{ node: 2, kind: 'expiring-leaf', days: 2.5 }], 'node deviation {"node":2,"kind":"expiring-leaf","days":2.5}: 2.5 is not a number of days from 1 to 30'],
    [
      [
        { node: 2, kind: 'revoked-leaf' },
        { node: 2, kind: 'revoked-leaf' },
      ],
      'node deviations: node 2 has two leaf deviations, 2:revoked-leaf and 2:revoked-leaf: a node serves one leaf per name',
    ],
    [
      [
        { node: 2, kind: 'expiring-leaf', days: 3 },
        { node: 3, kind: 'revoked-leaf' },
        { node: 2, kind: 'revoked-leaf' },
      ],
      'node deviations: node 2 has two leaf deviations, 2:expiring-leaf=3 and 2:revoked-leaf: a node serves one leaf per name',
    ],
  ] as Array<[NodeDeviation[], string]>)('%j is refused with exactly: %s', (deviations, message) => {
    expect(() => deviationsByNode(deviations, 3)).toThrow(ReferenceOptionsError);
    expect(() => deviationsByNode(deviations, 3)).toThrow(new ReferenceOptionsError(message));
  });

  test('an expiring leaf ends DAYS days after issuance, to the second, never later', () => {
    const now = new Date('2030-05-06T07:08:09.999Z');
    expect(expiringNotAfter(now, 5).toISOString()).toBe('2030-05-11T07:08:09.000Z');
  });
});

interface Served {
  leaf: X509Certificate;
  /** What the node sent after the leaf (its intermediate), DER. */
  sent: Buffer[];
  authorized: boolean;
}

/** The certificates a node's TLS sends for a name, trusting only the root. */
function served(address: string, port: number, servername: string, ca: string): Promise<Served> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: address, port, servername, ca, rejectUnauthorized: false, ALPNProtocols: ['http/1.1'] }, () => {
      const sent: Buffer[] = [];
      const first = socket.getPeerCertificate(true);
      // Node completes the chain from `ca`: what the node sent stops before the self-signed root.
      for (let cert = first.issuerCertificate; cert && cert !== cert.issuerCertificate && cert.issuer.CN !== cert.subject.CN; cert = cert.issuerCertificate) {
        sent.push(cert.raw);
      }
      resolve({ leaf: new X509Certificate(first.raw), sent, authorized: socket.authorized });
      socket.destroy();
    });
    socket.on('error', reject);
  });
}

type Status = { status: 'good' } | { status: 'revoked'; time: string; reason: number };

/** One reference of four nodes for the tests below: node 1 as it is, 2 revoked-leaf, 3 expiring-leaf=5, 4 revoked-leaf and no-intermediate. */
let ref: RunningReference;
let manifestBefore: string;
let startedAt: number;
let readyAt: number;
const manifestPath = path.join(DEFAULT_PKI_DIR, 'pki.json');
beforeAll(async () => {
  // The cache as any start without a deviation leaves it (issued here if missing or due).
  await loadOrCreatePki(referencePkiOptions(DEFAULT_PKI_DIR));
  manifestBefore = await fs.readFile(manifestPath, 'utf8');
  startedAt = Date.now();
  ref = await startNodesReference(4, [
    { node: 2, kind: 'revoked-leaf' },
    { node: 3, kind: 'expiring-leaf', days: 5 },
    { node: 4, kind: 'revoked-leaf' },
    { node: 4, kind: 'no-intermediate' },
  ]);
  readyAt = Date.now();
});
afterAll(async () => {
  // Its OCSP responses are signed in the background from the start: let that end before Jest does.
  if (ref) await ocspStoreFor(ref.context).refresh();
  await ref?.stop();
});

const tlsNames = () => ref.pki.leaves.flatMap((l) => l.names);
const serve = (node: number, name: string) => served(`127.0.0.${node}`, ref.tlsPort, name, ref.rootPem);

/** An OCSP exchange with a node's plain-HTTP port: the DER answer to a 200, else a failure. */
function ocspExchange(node: number, host: string, method: 'POST' | 'GET', der: Buffer): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const urlPath = method === 'GET' ? `/${encodeURIComponent(der.toString('base64'))}` : '/';
    const headers = { host, ...(method === 'POST' ? { 'content-type': 'application/ocsp-request' } : {}) };
    const req = http.request({ host: `127.0.0.${node}`, port: ref.httpPort, method, path: urlPath, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => (res.statusCode === 200 ? resolve(Buffer.concat(chunks)) : reject(new Error(`OCSP ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end(method === 'POST' ? der : undefined);
  });
}

/** A served leaf's status, asked of its AIA responder (by name) at a node's plain-HTTP port, as an OCSP client asks. */
async function ocspStatus(node: number, leaf: X509Certificate, method: 'POST' | 'GET'): Promise<Status> {
  const issuer = ref.pki.intermediates.find((i) => leaf.checkIssued(new X509Certificate(i.certPem)))!;
  const der = await requestFor(ref.pki, { issuer: issuer.name, certPem: leaf.toString() } as IssuedLeaf);
  const host = /OCSP - URI:http:\/\/([^\s/]+)/.exec(leaf.infoAccess ?? '')![1];
  const single = basicResponseOf(await ocspExchange(node, host, method, der)).tbsResponseData.responses[0];
  expect(Buffer.from(single.certID.serialNumber.valueBlock.valueHexView).toString('hex').toUpperCase()).toBe(leaf.serialNumber);
  const certStatus = single.certStatus as asn1js.Constructed;
  if (certStatus.idBlock.tagNumber === 0) return { status: 'good' };
  expect(certStatus.idBlock.tagNumber).toBe(1);
  const [time, reason] = certStatus.valueBlock.value as [asn1js.GeneralizedTime, asn1js.Constructed];
  return { status: 'revoked', time: time.toDate().toISOString(), reason: (reason.valueBlock.value[0] as asn1js.Enumerated).valueBlock.valueDec };
}

describe('revoked-leaf', () => {
  test('node 2 serves, for every name, a leaf of its own, by the same intermediate, with the intermediate', async () => {
    for (const name of tlsNames()) {
      const [one, two] = await Promise.all([serve(1, name), serve(2, name)]);
      expect(two.leaf.serialNumber).not.toBe(one.leaf.serialNumber);
      expect([two.leaf.subject, two.leaf.subjectAltName, two.leaf.infoAccess, two.leaf.issuer]).toEqual([
        one.leaf.subject,
        one.leaf.subjectAltName,
        one.leaf.infoAccess,
        one.leaf.issuer,
      ]);
      expect(two.sent).toEqual(one.sent);
      expect(two.authorized).toBe(true);
    }
  });

  test('the responder answers revoked, keyCompromise, for node 2 leaves (POST and GET, at every node); good for node 1', async () => {
    const [one, two] = await Promise.all([serve(1, 'www.lessons.test'), serve(2, 'www.lessons.test')]);
    expect(await ocspStatus(1, one.leaf, 'POST')).toEqual({ status: 'good' });
    const revoked = await ocspStatus(1, two.leaf, 'POST');
    // Revoked at issuance, in whole seconds; keyCompromise is CRLReason 1.
    expect(revoked).toEqual({ status: 'revoked', time: expect.stringMatching(/\.000Z$/), reason: 1 });
    const time = Date.parse((revoked as { time: string }).time);
    expect(time).toBeGreaterThanOrEqual(Math.floor(startedAt / 1000) * 1000);
    expect(time).toBeLessThanOrEqual(readyAt);
    for (const node of [1, 2, 3, 4]) expect(await ocspStatus(node, two.leaf, 'GET')).toEqual(revoked);
    // Every role's leaf, whichever intermediate issued it.
    const shop = await serve(2, 'shop.store.test');
    expect(shop.leaf.issuer).not.toBe(two.leaf.issuer);
    expect(await ocspStatus(2, shop.leaf, 'POST')).toMatchObject({ status: 'revoked', reason: 1 });
  });

  test('revoked-leaf with no-intermediate: node 4 serves a revoked leaf of its own, alone', async () => {
    const [two, four] = await Promise.all([serve(2, 'www.lessons.test'), serve(4, 'www.lessons.test')]);
    expect(four.sent).toEqual([]);
    expect(four.authorized).toBe(false);
    expect(four.leaf.serialNumber).not.toBe(two.leaf.serialNumber);
    expect(await ocspStatus(4, four.leaf, 'POST')).toMatchObject({ status: 'revoked', reason: 1 });
  });
});

describe('expiring-leaf, and the cache', () => {
  /**
   * notAfter is 5 days after issuance, to the second and never later, and issuance came between
   * startedAt and readyAt: so at any later instant (within a day) there are more than 4 and at
   * most 5 days left, which floor reads as 4 (as the harness's certs flow counts days left) and
   * ceil as 5.
   */
  test('node 3 (expiring-leaf=5) serves, for every name, a leaf with more than 4 and at most 5 days left, chained to the root by its intermediate', async () => {
    const intermediates = ref.pki.intermediates.map((i) => new X509Certificate(i.certPem));
    const root = new X509Certificate(ref.rootPem);
    for (const name of tlsNames()) {
      const [one, three] = await Promise.all([serve(1, name), serve(3, name)]);
      const notAfter = Date.parse(three.leaf.validTo);
      expect(notAfter).toBeGreaterThanOrEqual(expiringNotAfter(new Date(startedAt), 5).getTime());
      expect(notAfter).toBeLessThanOrEqual(readyAt + 5 * DAY_MS);
      const left = notAfter - Date.now();
      expect([Math.floor(left / DAY_MS), Math.ceil(left / DAY_MS)]).toEqual([4, 5]);
      expect(Date.parse(three.leaf.validFrom)).toBeLessThan(startedAt);
      expect(three.leaf.serialNumber).not.toBe(one.leaf.serialNumber);
      expect(three.leaf.subjectAltName).toBe(one.leaf.subjectAltName);
      // Sent with its intermediate, which the root signed: a client trusting the root alone accepts it.
      expect(three.authorized).toBe(true);
      expect(three.sent).toHaveLength(1);
      const intermediate = intermediates.find((i) => i.raw.equals(three.sent[0]))!;
      expect(three.leaf.checkIssued(intermediate) && three.leaf.verify(intermediate.publicKey)).toBe(true);
      expect(intermediate.checkIssued(root) && intermediate.verify(root.publicKey)).toBe(true);
    }
  });

  test('the responder answers good for it; the revoked host stays revoked', async () => {
    const three = await serve(3, 'www.lessons.test');
    expect(await ocspStatus(2, three.leaf, 'POST')).toEqual({ status: 'good' });
    const revokedHost = await serve(3, 'revoked.lessons.test');
    expect(await ocspStatus(3, revokedHost.leaf, 'POST')).toMatchObject({ status: 'revoked', reason: 1 });
  });

  test('the cache is neither reissued nor given the nodes own leaves', async () => {
    expect(ref.pki.generated).toBe(false);
    const manifest = await fs.readFile(manifestPath, 'utf8');
    expect(manifest).toBe(manifestBefore);
    const own = ref.context.nodeLeaves ?? [];
    // Nodes 2, 3 and 4, a leaf for each of the PKI's.
    expect(own).toHaveLength(3 * ref.pki.leaves.length);
    for (const leaf of own) expect(manifest).not.toContain(leaf.serialHex);
  });
});
