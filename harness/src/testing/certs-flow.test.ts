/**
 * The `certs/<role>` flow end to end, in process, against small TLS servers of this test's own (not
 * the reference), each serving one flaw: the flow connects through the target map (TARGET_RESOLVE,
 * TARGET_CA) as a user's run does, and each case names the findings it must give.
 */
import { X509Certificate } from 'node:crypto';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import * as tls from 'node:tls';
import { runCertsFlow } from '../flows/raw/certs';
import type { CertificateFacts, ReplayFinding } from '../record';
import { allFindings, ReplayClients } from '../replay';
import { loadTargetMap } from '../target-map';
import { makeCertPki, type CertPki } from './cert-pki';
import { startConnectProxy } from './connect-proxy';

let pki: CertPki;
const servers: tls.Server[] = [];

beforeAll(() => {
  pki = makeCertPki();
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  pki.cleanup();
});

interface Served {
  /** An OCSP response to staple. */
  staple?: Buffer;
  cert: string;
  key: string;
  maxVersion?: tls.SecureVersion;
  /** ALPN protocols offered (default h2 and http/1.1). */
  alpn?: string[];
  minVersion?: tls.SecureVersion;
}

async function serve(o: Served): Promise<number> {
  const server = tls.createServer({
    cert: o.cert,
    key: o.key,
    ALPNProtocols: o.alpn ?? ['h2', 'http/1.1'],
    ...(o.maxVersion ? { maxVersion: o.maxVersion } : {}),
    ...(o.minVersion ? { minVersion: o.minVersion } : {}),
  });
  server.on('secureConnection', (s) => s.on('error', () => undefined));
  server.on('tlsClientError', () => undefined);
  if (o.staple) server.on('OCSPRequest', (_cert: Buffer, _issuer: Buffer, done: (err: Error | null, response?: Buffer) => void) => done(null, o.staple));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  servers.push(server);
  return (server.address() as AddressInfo).port;
}

/** The flow's findings for the site role served at `name` by a server of `o`, as `id: verdict` and by id. */
async function run(
  name: string,
  o: Served,
  env: Record<string, string> = {},
  now?: Date,
): Promise<{ verdicts: Record<string, string>; byId: Record<string, ReplayFinding>; certificate?: CertificateFacts }> {
  const port = await serve(o);
  const map = loadTargetMap({
    TARGET_URL: `https://${name}:${port}`,
    TARGET_RESOLVE: `${name}:${port}:127.0.0.1`,
    TARGET_CA: pki.rootFile,
    TARGET_H3: '0',
    ...env,
  });
  const clients = new ReplayClients(map, { h3: false });
  try {
    const record = await runCertsFlow('site', clients, { minDays: 14, ...(now ? { now } : {}) });
    const findings = allFindings(record);
    return {
      ...(record.certificates?.[0] ? { certificate: record.certificates[0] } : {}),
      verdicts: Object.fromEntries(findings.map((f) => [f.id.replace('certs/site ', ''), f.verdict])),
      byId: Object.fromEntries(findings.map((f) => [f.id.replace('certs/site ', ''), f])),
    };
  } finally {
    await clients.close();
  }
}

const ALL_PASS = {
  chain: 'pass',
  order: 'pass',
  san: 'pass',
  validity: 'pass',
  'days-left': 'pass',
  'tls1.2': 'pass',
  'tls1.3': 'pass',
  'alpn-h2': 'pass',
  key: 'pass',
  signature: 'pass',
  'ocsp-stapled': 'info',
};

test('a good chain: every certificate check passes, each finding naming the role and host with its check as aspect', async () => {
  const leaf = pki.leaf('good', { names: ['good.certs.test'], days: 90 });
  const { verdicts, byId, certificate } = await run('good.certs.test', { cert: leaf.certPem + pki.intermediatePem, key: leaf.keyPem });
  expect(verdicts).toEqual(ALL_PASS);
  // The facts the report's "Certificates" section shows.
  expect(certificate).toMatchObject({
    host: 'good.certs.test',
    subject: 'CN=good.certs.test',
    names: ['good.certs.test'],
    issuer: 'CN=Certs Test R1',
    chain: ['CN=good.certs.test', 'CN=Certs Test R1'],
    protocols: ['TLSv1.2', 'TLSv1.3'],
    stapled: false,
  });
  expect(certificate!.daysLeft).toBeGreaterThanOrEqual(88);
  expect(byId.chain.aspect).toEqual({ kind: 'check', check: 'cert/chain' });
  expect(byId.chain.message).toMatch(/^site \(good\.certs\.test:\d+\): as expected$/);
  expect(byId.order.actual).toBe('CN=good.certs.test <- CN=Certs Test R1');
  expect(byId['ocsp-stapled'].actual).toBe('not stapled');
});

test('a stapled OCSP response: good, current and signed by the issuer passes; one that is not an answer, stale or revoked fails, saying which', async () => {
  const leaf = pki.leaf('stapler', { names: ['stapler.certs.test'], days: 90 });
  const served = (staple: Buffer) => ({ cert: leaf.certPem + pki.intermediatePem, key: leaf.keyPem, staple });
  const good = await run('stapler.certs.test', served(pki.ocspResponse('stapler')));
  expect(good.verdicts).toEqual({ ...ALL_PASS, 'ocsp-stapled': 'pass' });
  expect(good.byId['ocsp-stapled'].actual).toMatch(/^good, thisUpdate \S+, nextUpdate \S+, signed by the issuer \(CN=Certs Test R1\)$/);
  expect(good.byId['ocsp-stapled'].level).toBe('must');
  expect(good.certificate?.stapled).toBe(true);

  // An OCSPResponse of status successful without its basic response: not an answer about anything.
  const empty = await run('stapler.certs.test', served(Buffer.from([0x30, 0x03, 0x0a, 0x01, 0x00])));
  expect(empty.verdicts).toEqual({ ...ALL_PASS, 'ocsp-stapled': 'fail' });
  expect(empty.byId['ocsp-stapled'].actual).toBe('response status successful, no basic response');

  // Its nextUpdate one day ahead, judged three days later.
  const stale = await run('stapler.certs.test', served(pki.ocspResponse('stapler', { days: 1 })), {}, new Date(Date.now() + 3 * 86_400_000));
  expect(stale.verdicts['ocsp-stapled']).toBe('fail');
  expect(stale.byId['ocsp-stapled'].actual).toMatch(/^stale: nextUpdate \S+ has passed$/);

  const revoked = await run('stapler.certs.test', served(pki.ocspResponse('stapler', { status: 'revoked' })));
  expect(revoked.byId['ocsp-stapled']).toMatchObject({ verdict: 'fail', actual: 'the leaf is revoked' });
});

test('the intermediate not sent: the chain fails naming the missing issuer', async () => {
  const leaf = pki.leaf('alone', { names: ['alone.certs.test'], days: 90 });
  const { verdicts, byId } = await run('alone.certs.test', { cert: leaf.certPem, key: leaf.keyPem });
  expect(verdicts).toEqual({ ...ALL_PASS, chain: 'fail' });
  expect(byId.chain.level).toBe('must');
  expect(byId.chain.message).toMatch(
    /^site \(alone\.certs\.test:\d+\): missing issuer: CN=Certs Test R1, the issuer of CN=alone\.certs\.test, was not sent \(its AIA CA Issuers: http:\/\/ca\.test\/r1\.der\); clients do not fetch it, so the server must send it$/,
  );
  expect(byId.chain.actual).toBe('CN=alone.certs.test; Node: UNABLE_TO_VERIFY_LEAF_SIGNATURE');
});

test('the chain sent out of order (the root between leaf and intermediate): the order warns, the chain still verifies', async () => {
  const leaf = pki.leaf('mixed', { names: ['mixed.certs.test'], days: 90 });
  const { verdicts, byId } = await run('mixed.certs.test', { cert: leaf.certPem + pki.rootPem + pki.intermediatePem, key: leaf.keyPem });
  expect(verdicts).toEqual({ ...ALL_PASS, order: 'warn' });
  expect(byId.order.actual).toBe('CN=mixed.certs.test <- CN=Certs Test Root <- CN=Certs Test R1');
  expect(byId.order.message).toMatch(/: CN=mixed\.certs\.test \(#1\) is not issued by CN=Certs Test Root \(#2\)$/);
});

test('through an HTTPS_PROXY tunnel: the same checks, the chain as sent read inside the tunnel', async () => {
  const proxy = await startConnectProxy();
  try {
    const leaf = pki.leaf('proxied', { names: ['proxied.certs.test'], days: 90 });
    const { verdicts, byId } = await run('proxied.certs.test', { cert: leaf.certPem + pki.intermediatePem, key: leaf.keyPem }, { HTTPS_PROXY: proxy.url });
    expect(verdicts).toEqual(ALL_PASS);
    expect(byId.order.actual).toBe('CN=proxied.certs.test <- CN=Certs Test R1');
    // Three handshakes, each through the proxy, to the resolved address: inspection, TLS 1.2, TLS 1.3 (no HTTP request).
    expect(proxy.connects.map((c) => c.target.replace(/:\d+$/, ''))).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1']);
  } finally {
    await proxy.close();
  }
});

test('a leaf whose SAN does not cover the name: the san check fails', async () => {
  const leaf = pki.leaf('other', { names: ['other.certs.test'], days: 90 });
  const { verdicts, byId } = await run('wrong.certs.test', { cert: leaf.certPem + pki.intermediatePem, key: leaf.keyPem });
  expect(verdicts).toEqual({ ...ALL_PASS, san: 'fail' });
  expect(byId.san.actual).toBe('DNS:other.certs.test');
  expect(byId.san.message).toContain("Host: wrong.certs.test. is not in the cert's altnames: DNS:other.certs.test");
});

test('a leaf with 5 days left: days-left warns with the days and the notAfter date', async () => {
  const leaf = pki.leaf('short', { names: ['short.certs.test'], days: 6 });
  const notAfter = new Date(new X509Certificate(leaf.certPem).validTo).toISOString();
  const { verdicts, byId, certificate } = await run('short.certs.test', { cert: leaf.certPem + pki.intermediatePem, key: leaf.keyPem });
  expect(verdicts).toEqual({ ...ALL_PASS, 'days-left': 'warn' });
  expect([certificate?.daysLeft, certificate?.notAfter]).toEqual([5, notAfter]);
  expect(byId['days-left'].actual).toBe(`5 days left: CN=short.certs.test notAfter ${notAfter}`);
  expect(byId['days-left'].message).toMatch(
    new RegExp(`: CN=short\\.certs\\.test has 5 days left \\(notAfter ${notAfter.replace(/\./g, '\\.')}\\): renew it$`),
  );
});

test('a server that does not negotiate h2 by ALPN: alpn-h2 warns, naming what it chose', async () => {
  const leaf = pki.leaf('h1only', { names: ['h1only.certs.test'], days: 90 });
  const { verdicts, byId } = await run('h1only.certs.test', { cert: leaf.certPem + pki.intermediatePem, key: leaf.keyPem, alpn: ['http/1.1'] });
  expect(verdicts).toEqual({ ...ALL_PASS, 'alpn-h2': 'warn' });
  expect(byId['alpn-h2'].actual).toBe('http/1.1');
});

test('TLS 1.2 only: the TLS 1.3 finding warns; TLS 1.3 only: TLS 1.2 warns and the order, read from a TLS 1.2 handshake, is n/a', async () => {
  const leaf = pki.leaf('v12', { names: ['v12.certs.test'], days: 90 });
  const old = await run('v12.certs.test', { cert: leaf.certPem + pki.intermediatePem, key: leaf.keyPem, maxVersion: 'TLSv1.2' });
  expect(old.verdicts).toEqual({ ...ALL_PASS, 'tls1.3': 'warn' });
  expect(old.byId['tls1.3'].actual).toMatch(/^refused: /);
  const only13 = await run('v12.certs.test', { cert: leaf.certPem + pki.intermediatePem, key: leaf.keyPem, minVersion: 'TLSv1.3' });
  expect(only13.verdicts).toEqual({ ...ALL_PASS, 'tls1.2': 'warn', order: 'n/a' });
  // What the server sent is Node's chain without the trusted root Node appends from its own store.
  expect(only13.byId.validity.actual).toMatch(/^CN=v12\.certs\.test until [^;]+; CN=Certs Test R1 until [^;]+$/);
});

test('nothing listening: one error naming the role and the address, no certificate finding', async () => {
  const map = loadTargetMap({
    TARGET_URL: 'https://down.certs.test:1',
    TARGET_RESOLVE: 'down.certs.test:1:127.0.0.1',
    TARGET_CA: pki.rootFile,
    TARGET_H3: '0',
  });
  const clients = new ReplayClients(map, { h3: false });
  try {
    const findings = allFindings(await runCertsFlow('site', clients));
    expect(findings.map((f) => [f.id, f.verdict, f.aspect])).toEqual([['certs/site handshake', 'error', { kind: 'transport' }]]);
    expect(findings[0].message).toMatch(/^site \(down\.certs\.test:1\): .*ECONNREFUSED/);
  } finally {
    await clients.close();
  }
});

test('an unmapped role and a plain-HTTP role are skipped with the reason', async () => {
  const map = loadTargetMap({ TARGET_URL: 'https://www.certs.test', TARGET_OCSP_URL: 'http://r1.o.certs.test', TARGET_H3: '0' });
  const clients = new ReplayClients(map, { h3: false });
  try {
    expect(allFindings(await runCertsFlow('shop', clients)).map((f) => [f.id, f.verdict, f.actual])).toEqual([
      ['certs/shop handshake', 'skip', 'role not mapped (shop)'],
    ]);
    expect(allFindings(await runCertsFlow('ocsp', clients)).map((f) => [f.id, f.verdict, f.actual])).toEqual([
      ['certs/ocsp handshake', 'skip', 'ocsp is not served over TLS (http://r1.o.certs.test)'],
    ]);
  } finally {
    await clients.close();
  }
});
