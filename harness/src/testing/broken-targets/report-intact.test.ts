import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { playwrightCli } from '../../report/run-playwright';
import type { ConformanceResults } from '../../report/types';
import { makeTestPki, type TestPki } from '../../target-map/test-pki';
import { startMisbehaving, type Kind } from './misbehaving';

/*
 * The whole run, as a user starts it, against a target that misbehaves: it must end within its
 * timeouts, exit non-zero, and leave an intact report (results.json, junit.xml, index.html) that
 * says `error` for the exchange, never a pass.
 */
const NAME = 'www.broken.test';
let pki: TestPki;
let work: string;

beforeAll(() => {
  pki = makeTestPki([NAME], 'Report Intact Root');
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'report-intact-'));
});
afterAll(() => {
  pki?.cleanup();
  fs.rmSync(work, { recursive: true, force: true });
});

test.each<Kind>(['slow', 'giant-body', 'close-mid-body'])('a target that is %s leaves an intact report with an error', async (kind) => {
  const target = await startMisbehaving(kind, pki, pki);
  const out = path.join(work, kind);
  const started = Date.now();
  try {
    const run = await playwrightCli(['test', 'tests/replay.test.ts', '--project', 'raw', '--grep', 'site/home$'], {
      TARGET_URL: `${target.scheme}://${NAME}:${target.port}`,
      TARGET_RESOLVE: `${NAME}:${target.port}:127.0.0.1`,
      TARGET_CA: pki.caFile,
      HARNESS_REQUEST_TIMEOUT_MS: '2500',
      HARNESS_BODY_CAP_BYTES: String(1024 * 1024),
      HARNESS_REPORT_DIR: out,
    });
    expect(run.code).not.toBe(0);
    expect(Date.now() - started).toBeLessThan(60_000);
    const results = JSON.parse(fs.readFileSync(path.join(out, 'results.json'), 'utf8')) as ConformanceResults;
    const home = results.tests.find((t) => t.id === 'site/home');
    expect(home?.status).toBe('failed');
    expect(results.totals.error).toBeGreaterThan(0);
    expect(results.run.status).toBe('failed');
    const junit = fs.readFileSync(path.join(out, 'junit.xml'), 'utf8');
    expect(junit).toMatch(/<error /);
    expect(fs.readFileSync(path.join(out, 'index.html'), 'utf8')).toMatch(/<\/html>\s*$/);
  } finally {
    await target.close();
  }
}, 120_000);
