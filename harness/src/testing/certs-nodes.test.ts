/**
 * The `certs/<role>` flow against a name with two nodes (TARGET_RESOLVE `name:port:127.0.0.1,127.0.0.2`),
 * the second serving one flaw: each flaw is caught on that node alone, every finding names it, and
 * the run's cause says which node.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import * as tls from 'node:tls';
import { runCertsFlow } from '../flows/raw/certs';
import type { ReplayRecord } from '../record';
import { allFindings, ReplayClients } from '../replay';
import { buildResults } from '../report/build';
import { causeHeadline, causes } from '../report/causes';
import { collected, runMeta } from '../report/fixtures';
import { loadTargetMap } from '../target-map';
import { makeCertPki, type CertPki } from './cert-pki';

const NAME = 'pool.certs.test';
const [FIRST, SECOND] = ['127.0.0.1', '127.0.0.2'];
let pki: CertPki;
let good: { cert: string; key: string };
let servers: tls.Server[] = [];

beforeAll(() => {
  pki = makeCertPki();
  const leaf = pki.leaf('pool', { names: [NAME], days: 90 });
  good = { cert: leaf.certPem + pki.intermediatePem, key: leaf.keyPem };
});
afterAll(() => pki.cleanup());
afterEach(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  servers = [];
});

async function serve(o: { cert: string; key: string; staple?: Buffer }, address: string, port: number): Promise<number> {
  const server = tls.createServer({ cert: o.cert, key: o.key, ALPNProtocols: ['h2', 'http/1.1'] });
  server.on('secureConnection', (s) => s.on('error', () => undefined));
  server.on('tlsClientError', () => undefined);
  if (o.staple) server.on('OCSPRequest', (_c: Buffer, _i: Buffer, done: (err: Error | null, r?: Buffer) => void) => done(null, o.staple));
  server.listen(port, address);
  await once(server, 'listening');
  servers.push(server);
  return (server.address() as AddressInfo).port;
}

async function twoNodes(second: { cert: string; key: string; staple?: Buffer }, now?: Date): Promise<ReplayRecord> {
  const port = await serve(good, FIRST, 0);
  await serve(second, SECOND, port);
  const map = loadTargetMap({
    TARGET_URL: `https://${NAME}:${port}`,
    TARGET_RESOLVE: `${NAME}:${port}:${FIRST},${SECOND}`,
    TARGET_CA: pki.rootFile,
    TARGET_H3: '0',
  });
  const clients = new ReplayClients(map, { h3: false });
  try {
    return await runCertsFlow('site', clients, { minDays: 14, ...(now ? { now } : {}) });
  } finally {
    await clients.close();
  }
}

/** Every finding that is not a pass (nor the stapling note), as `check verdict node`. */
const misses = (record: ReplayRecord) =>
  allFindings(record)
    .filter((f) => f.verdict !== 'pass' && f.verdict !== 'info')
    .map((f) => `${f.id.replace('certs/site ', '')} ${f.verdict} ${f.node}`);

const headlines = (record: ReplayRecord) =>
  causes(buildResults({ run: runMeta(), tests: [collected(['site', record.id], record, { status: 'failed' })] }), (v) => v === 'fail' || v === 'warn').map(
    causeHeadline,
  );

test('two nodes serving one good leaf: every check passes on each, both are named, and the leaf is the same', async () => {
  const record = await twoNodes(good);
  expect(record.nodes).toEqual([FIRST, SECOND]);
  expect(misses(record)).toEqual([]);
  expect(record.certificates!.map((c) => c.node)).toEqual([FIRST, SECOND]);
  expect(allFindings(record).find((f) => f.id === 'certs/site same-leaf')).toMatchObject({ verdict: 'pass', node: SECOND });
});

test('the second node without its intermediate: the chain fails there alone, and the cause names it', async () => {
  const alone = good.cert.slice(0, good.cert.indexOf('-----END CERTIFICATE-----') + 26);
  const record = await twoNodes({ cert: alone, key: good.key });
  expect(misses(record)).toEqual([`chain fail ${SECOND}`]);
  expect(headlines(record)).toEqual([`site: check cert/chain is "CN=${NAME}; Node: UNABLE_TO_VERIFY_LEAF_SIGNATURE" on h1 at ${SECOND}`]);
});

test('the second node with a leaf whose SAN does not cover the name: san fails there, and its leaf is another', async () => {
  const other = pki.leaf('pool-other', { names: ['other.certs.test'], days: 90 });
  const record = await twoNodes({ cert: other.certPem + pki.intermediatePem, key: other.keyPem });
  expect(misses(record)).toEqual([`san fail ${SECOND}`, `same-leaf warn ${SECOND}`]);
});

test('the second node with a leaf of 5 days left: days-left warns there, and its leaf is another', async () => {
  const short = pki.leaf('pool-short', { names: [NAME], days: 6 });
  const record = await twoNodes({ cert: short.certPem + pki.intermediatePem, key: short.keyPem });
  expect(misses(record)).toEqual([`days-left warn ${SECOND}`, `same-leaf warn ${SECOND}`]);
  expect(record.certificates!.map((c) => [c.node, c.daysLeft])).toEqual([
    [FIRST, 89],
    [SECOND, 5],
  ]);
});

test('the second node stapling a revoked answer, or a stale one: ocsp-stapled fails there alone', async () => {
  const revoked = await twoNodes({ ...good, staple: pki.ocspResponse('pool', { status: 'revoked' }) });
  expect(misses(revoked)).toEqual([`ocsp-stapled fail ${SECOND}`]);
  expect(allFindings(revoked).find((f) => f.id === 'certs/site ocsp-stapled' && f.node === SECOND)?.actual).toBe('the leaf is revoked');
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  servers = [];
  const stale = await twoNodes({ ...good, staple: pki.ocspResponse('pool', { days: 1 }) }, new Date(Date.now() + 3 * 86_400_000));
  expect(misses(stale)).toEqual([`ocsp-stapled fail ${SECOND}`]);
});
