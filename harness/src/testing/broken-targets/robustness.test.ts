import * as fs from 'node:fs';
import * as path from 'node:path';
import { makeTestPki, type TestPki } from '../../target-map/test-pki';
import { loadTargetMap } from '../../target-map';
import { allFindings, ReplayClients, replayItem } from '../../replay/run';
import type { ExchangeSpec } from '../../spec-model/types';
import { setLimits } from '../../transport/limits';
import { startMisbehaving, type Kind } from './misbehaving';

/*
 * The run under targets that misbehave at the transport level: each ends within its timeouts as
 * an `error` finding naming the role, URL and cause (never a pass), with bounded memory.
 */
const NAME = 'www.broken.test';
let pki: TestPki;
let other: TestPki;

const LIMITS = { connectTimeoutMs: 1500, requestTimeoutMs: 2500, bodyCapBytes: 1024 * 1024 };

beforeAll(() => {
  pki = makeTestPki([NAME], 'Robustness Root');
  other = makeTestPki(['someone-else.test'], 'Robustness Other Root');
  // Both roots trusted: the only fault of the other certificate is its name.
  fs.writeFileSync(path.join(pki.dir, 'both.pem'), pki.caPem + other.caPem);
  setLimits(LIMITS);
});
afterAll(() => {
  setLimits(undefined);
  pki?.cleanup();
  other?.cleanup();
});

const EXCHANGE: ExchangeSpec = { id: 'site/robust', title: 't', clause: 'c', source: 'capture', request: { path: '/', headers: { 'accept-encoding': 'gzip' } }, expect: { status: 200 } };

// [kind, cause in the message]
const CASES: Array<[Kind, RegExp]> = [
  ['refuse', /ECONNREFUSED/],
  ['hang', /timeout|within 1500 ms|Connect Timeout/i],
  ['reset', /ECONNRESET|socket|closed/i],
  ['plain-on-tls', /wrong version number|SSL|TLS|EPROTO/i],
  ['wrong-name', /altname|Hostname\/IP does not match|ERR_TLS_CERT_ALTNAME_INVALID/i],
  ['giant-body', /larger than the cap|within 2500 ms/],
  ['endless-body', /within 2500 ms|larger than the cap/],
  ['slow', /within 2500 ms|Body Timeout/i],
  ['close-mid-body', /closed|socket|terminated|other side/i],
  ['bad-gzip', /could not be decoded|gzip/],
  ['many-headers', /Headers Overflow|header|HPE/i],
];

test.each(CASES)('a target that %s ends as an error finding within the timeouts', async (kind, cause) => {
  const target = await startMisbehaving(kind, pki, other);
  const url = `${target.scheme}://${NAME}:${target.port}`;
  const clients = new ReplayClients(loadTargetMap({ TARGET_URL: url, TARGET_RESOLVE: `${NAME}:${target.port}:127.0.0.1`, TARGET_CA: path.join(pki.dir, 'both.pem') }));
  const rssBefore = process.memoryUsage().rss;
  const t0 = Date.now();
  try {
    const record = await replayItem(EXCHANGE, clients, { role: 'site' });
    const elapsed = Date.now() - t0;
    const findings = allFindings(record);
    const errors = findings.filter((f) => f.verdict === 'error');
    expect(errors.length).toBeGreaterThan(0);
    // Every leg that ran ends with an error: none reads as a clean pass.
    for (const leg of record.legs.filter((l) => !l.skipped)) expect(leg.steps.some((s) => s.findings.some((f) => f.verdict === 'error'))).toBe(true);
    const text = errors.map((e) => `${e.id} ${e.message ?? ''} ${e.actual}`).join('\n');
    expect(text).toMatch(cause);
    expect(text).toMatch(/site: /);
    expect(text).toContain(`${NAME}:${target.port}`);
    // Two legs at most, each bounded by connect + request timeouts (plus scheduling slack).
    expect(elapsed).toBeLessThan(2 * (LIMITS.connectTimeoutMs + LIMITS.requestTimeoutMs) + 2000);
    const grown = (process.memoryUsage().rss - rssBefore) / (1024 * 1024);
    expect(grown).toBeLessThan(200);
  } finally {
    await clients.close();
    await target.close();
  }
}, 30000);
