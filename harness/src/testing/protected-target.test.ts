import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { playwrightCli } from './run-playwright';
import type { ConformanceResults } from '../report/types';
import type { MutatingProxy } from './mutating-proxy';
import { startProxiedReference, stopProxiedReference, type ProxiedReference } from './proxied-reference';
import { REFERENCE_NAMES, ROLE_HOSTS } from './reference-names';
import { WHOLE_RUN_MS } from './budgets';

/*
 * A protected staging: the reference behind a proxy that answers 401 to any request without the
 * right Authorization header. With the header in TARGET_HEADERS the whole suite (raw and browser)
 * passes (its HTTP/3 edge too, where Caddy is installed), and the header's value is written nowhere: not in results.json, the HTML, JUnit, the
 * attachments and HARs of the test results, nor the terminal output.
 */
const NAMES = REFERENCE_NAMES;
const ROLES = ROLE_HOSTS;
const CREDENTIAL = Buffer.from('staging:s3cr3t-pa55word-for-the-harness').toString('base64');
const AUTHORIZATION = `Basic ${CREDENTIAL}`;

let p: ProxiedReference;
let proxy: MutatingProxy;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'protected-target-'));

beforeAll(async () => {
  p = await startProxiedReference(NAMES, 'Protected Staging Root', [], { h3: true });
  proxy = p.proxy;
  proxy.setMutation((e) => {
    if (e.requestHeaders.authorization === AUTHORIZATION) return;
    e.status = 401;
    e.body = Buffer.from('authorization required\n');
    e.lines = [
      ['www-authenticate', 'Basic realm="staging"'],
      ['content-type', 'text/plain'],
      ['content-length', String(e.body.length)],
    ];
  });
}, WHOLE_RUN_MS);

afterAll(async () => {
  await stopProxiedReference(p ?? {});
  fs.rmSync(work, { recursive: true, force: true });
});

function run(name: string, extra: Record<string, string>, select: string[] = []) {
  const env = {
    ...proxy.targetEnv(ROLES, p.pki.caFile),
    TARGET_REDIRECTOR_URL: NAMES.slice(5, 8)
      .map((n) => `https://${n}:${proxy.port}`)
      .join(','),
    HARNESS_REPORT_DIR: path.join(work, name, 'report'),
    // Without Caddy the proxy has no HTTP/3 edge: the run says so instead of failing service/http3-seen.
    ...(p.edge ? {} : { TARGET_H3: '0' }),
    ...extra,
  };
  return playwrightCli(
    ['test', ...select, `--reporter=${path.resolve(__dirname, '../report/reporter.ts')}`, `--output=${path.join(work, name, 'results')}`],
    env,
  );
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? filesUnder(path.join(dir, d.name)) : [path.join(dir, d.name)]));
}

test(
  'without its header the protected target fails; with TARGET_HEADERS every test passes and the credential is written nowhere',
  async () => {
    // Refused is refused: one exchange shows it (a whole suite of failing tests would only take longer to say so).
    const refused = await run('without', {}, ['tests/replay.test.ts', '--project', 'raw', '--grep', 'site/home$']);
    expect(refused.code).toBe(1);
    const without = JSON.parse(fs.readFileSync(path.join(work, 'without', 'report', 'results.json'), 'utf8')) as ConformanceResults;
    const statuses = without.tests
      .flatMap((t) => t.expectations)
      .filter((e) => e.id === 'site/home status')
      .flatMap((e) => e.findings.map((f) => f.actual));
    expect(statuses).toContain('401');

    const allowed = await run('with', { TARGET_HEADERS: JSON.stringify({ '*': { Authorization: AUTHORIZATION } }) });
    expect(`${allowed.code}\n${allowed.stdout.slice(-2500)}`).toMatch(/^0\n/);
    const results = JSON.parse(fs.readFileSync(path.join(work, 'with', 'report', 'results.json'), 'utf8')) as ConformanceResults;
    expect(results.totals.fail).toBe(0);
    expect(results.totals.error).toBe(0);
    expect(results.tests.filter((t) => t.kind === 'browser-flow' && t.status === 'passed').length).toBeGreaterThan(3);
    expect(allowed.stderr).toContain('extra request headers: *: authorization (values hidden)');

    const written = filesUnder(path.join(work, 'with'));
    expect(written.some((f) => f.endsWith('.har'))).toBe(true);
    const leaks = written.filter((f) => {
      const text = fs.readFileSync(f).toString('latin1');
      return text.includes(CREDENTIAL) || text.includes(AUTHORIZATION);
    });
    expect(leaks).toEqual([]);
    for (const out of [allowed.stdout, allowed.stderr]) expect(out).not.toContain(CREDENTIAL);
  },
  WHOLE_RUN_MS,
);
