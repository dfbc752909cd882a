import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { cookiePairs } from '../core';
import { playwrightCli } from './playwright-cli';
import type { ConformanceResults } from '../report/types';
import { spawn } from 'node:child_process';
import { startConnectProxy, type ConnectProxy } from './connect-proxy';
import type { MutatingProxy } from './mutating-proxy';
import { REPO_ROOT, startProxiedReference, stopProxiedReference, type ProxiedReference } from './proxied-reference';
import { REFERENCE_NAMES, ROLE_HOSTS } from './reference-names';
import { WHOLE_RUN_MS } from './budgets';
import { BROWSER_FLOWS } from '../flows/browser/flows';

const H3_FLOW = 'site/browser/home-h3';

/*
 * A protected staging, and the canary test of everything the run writes. The reference sits behind
 * a proxy that answers 401 to any request without the right Basic Authorization and wants a bypass
 * header and a gate cookie too (the gate cookie, in TARGET_HEADERS, joins the cookies each flow
 * carries: the flows that send the reference's own cookies pass only if both arrive); its home page issues a session cookie of its own (a canary); every role but the site
 * is reached through an HTTP CONNECT proxy that wants credentials (a canary password). With those
 * in TARGET_HEADERS and HTTPS_PROXY the whole suite (raw, browser, and HTTP/3 on the site where
 * Caddy is installed) passes, each canary is seen in use on the far side, and none of them is
 * written anywhere: not in reports/ (results.json, the HTML, JUnit, saved bodies), not under
 * test-results (findings, HARs), not in a HAR of `npm run record`, not on stdout or stderr.
 */
const NAMES = REFERENCE_NAMES;
const ROLES = ROLE_HOSTS;
const CANARY = `c4nary${Date.now().toString(36)}`;
const USER_PASS = `staging:${CANARY}-basic-password`;
const CREDENTIAL = Buffer.from(USER_PASS).toString('base64');
const AUTHORIZATION = `Basic ${CREDENTIAL}`;
const BYPASS = `${CANARY}-bypass-token`;
const PROXY_PASSWORD = `${CANARY}-proxy-password`;
const PROXY_AUTHORIZATION = `Basic ${Buffer.from(`proxy-user:${PROXY_PASSWORD}`).toString('base64')}`;
const SESSION = `${CANARY}-staging-session`;
/** The staging's gate cookie, given in TARGET_HEADERS: it must join the cookies each flow carries, not replace them. */
const GATE = `${CANARY}-gate-cookie`;
/** Every form a canary could be written in: as given, base64, user:password, the password alone. */
const CANARIES = [AUTHORIZATION, CREDENTIAL, USER_PASS, `${CANARY}-basic-password`, BYPASS, PROXY_PASSWORD, PROXY_AUTHORIZATION.slice(6), SESSION, GATE];

let p: ProxiedReference;
let proxy: MutatingProxy;
let connect: ConnectProxy;
/** What the far side saw: the canaries in use. */
const seen = { bypass: 0, sessionBack: 0, ownCookies: 0 };
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'protected-target-'));

beforeAll(async () => {
  p = await startProxiedReference(NAMES, 'Protected Staging Root', [], { h3: true });
  proxy = p.proxy;
  proxy.setMutation((e) => {
    const cookies = cookiePairs(e.requestHeaders.cookie ?? '');
    const gated = cookies.filter(([n, v]) => n === 'staging_pass' && v === GATE).length === 1;
    if (e.requestHeaders.authorization === AUTHORIZATION && e.requestHeaders['x-staging-bypass'] === BYPASS && gated) {
      seen.bypass++;
      if (cookies.some(([n, v]) => n === 'staging_gate' && v === SESSION)) seen.sessionBack++;
      // The flows' own cookies came with the gate's: the reference's session, the visitor flag, the storefront's.
      if (cookies.some(([n]) => n !== 'staging_pass' && n !== 'staging_gate')) seen.ownCookies++;
      // The staging's own session, issued with the home page: a secret the target hands out.
      if (e.host === NAMES[0] && e.path === '/' && e.status === 200)
        e.lines.push(['set-cookie', `staging_gate=${SESSION}; Path=/; Secure; HttpOnly; SameSite=Lax`]);
      return;
    }
    e.status = 401;
    e.body = Buffer.from('authorization required\n');
    e.lines = [
      ['www-authenticate', 'Basic realm="staging"'],
      ['content-type', 'text/plain'],
      ['content-length', String(e.body.length)],
    ];
  });
  connect = await startConnectProxy(Object.fromEntries(NAMES.map((n) => [n, '127.0.0.1'])));
  connect.requireAuthorization = PROXY_AUTHORIZATION;
}, WHOLE_RUN_MS);

afterAll(async () => {
  await connect?.close();
  await stopProxiedReference(p ?? {});
  fs.rmSync(work, { recursive: true, force: true });
});

/** The variables of the protected run: its headers, its proxy (the site direct, for its HTTP/3), its redirector hops. */
function protectedEnv(): Record<string, string> {
  return {
    TARGET_HEADERS: JSON.stringify({ '*': { Authorization: AUTHORIZATION, 'X-Staging-Bypass': BYPASS, Cookie: `staging_pass=${GATE}` } }),
    HTTPS_PROXY: `http://proxy-user:${PROXY_PASSWORD}@127.0.0.1:${connect.port}`,
    NO_PROXY: NAMES[0],
  };
}

/** The target's variables as its user sets them. */
function runEnv(extra: Record<string, string>): Record<string, string> {
  return {
    ...proxy.targetEnv(ROLES, p.pki.caFile),
    TARGET_REDIRECTOR_URL: NAMES.slice(5, 8)
      .map((n) => `https://${n}:${proxy.port}`)
      .join(','),
    // Without Caddy the proxy has no HTTP/3 edge: the run says so instead of failing service/http3-seen.
    ...(p.edge ? {} : { TARGET_H3: '0' }),
    ...extra,
  };
}

function run(name: string, extra: Record<string, string>, select: string[] = []) {
  const env = { ...runEnv(extra), HARNESS_REPORT_DIR: path.join(work, name, 'report') };
  return playwrightCli(
    ['test', ...select, `--reporter=list,${path.resolve(__dirname, '../report/reporter.ts')}`, `--output=${path.join(work, name, 'results')}`],
    env,
  );
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? filesUnder(path.join(dir, d.name)) : [path.join(dir, d.name)]));
}

test(
  'without its header the protected target fails; with its headers, session and proxy credentials every test passes and no canary is written anywhere',
  async () => {
    // Refused is refused: one exchange shows it (a whole suite of failing tests would only take longer to say so).
    // A 401 tests nothing: the role is inconclusive, and the run could not judge it (exit status 2).
    const refused = await run('without', {}, ['tests/replay.test.ts', '--project', 'raw', '--grep', 'site/home$']);
    expect(refused.code).toBe(2);
    const without = JSON.parse(fs.readFileSync(path.join(work, 'without', 'report', 'results.json'), 'utf8')) as ConformanceResults;
    const statuses = without.tests
      .flatMap((t) => t.expectations)
      .filter((e) => e.id === 'site/home status')
      .flatMap((e) => e.findings.map((f) => f.actual));
    expect(statuses).toContain('401');
    expect(without.run.inconclusive?.map((i) => i.role)).toEqual(['site']);

    const allowed = await run('with', protectedEnv());
    expect(`${allowed.code}\n${allowed.stdout.slice(-2500)}`).toMatch(/^0\n/);
    const results = JSON.parse(fs.readFileSync(path.join(work, 'with', 'report', 'results.json'), 'utf8')) as ConformanceResults;
    expect(results.totals.fail).toBe(0);
    expect(results.totals.error).toBe(0);
    // Every browser flow passed; the one over HTTP/3 only where the proxy has an edge (else it is skipped, and says why).
    const flows = [...BROWSER_FLOWS.map((f) => f.id), H3_FLOW];
    const expected = flows.map((id) => `${id}: ${id === H3_FLOW && !p.edge ? 'skipped' : 'passed'}`);
    expect(
      results.tests
        .filter((t) => t.kind === 'browser-flow')
        .map((t) => `${t.title}: ${t.status}`)
        .sort(),
    ).toEqual(expected.sort());
    expect(allowed.stderr).toContain('extra request headers: *: authorization, x-staging-bypass, cookie (values hidden)');
    // The run did the protected things: HTTP/3 to the site where there is an edge, each canary in use on the far side.
    if (p.edge) expect(results.run.protocolMix.h3).toBeGreaterThan(0);
    expect(seen.bypass).toBeGreaterThan(100);
    expect(seen.sessionBack).toBeGreaterThan(0);
    expect(seen.ownCookies).toBeGreaterThan(0);
    expect(connect.connects.filter((c) => c.authorization === PROXY_AUTHORIZATION).length).toBeGreaterThan(0);

    // npm run record, one flow, against the same target.
    const recorded = await record(path.join(work, 'recorded'), protectedEnv());
    expect(`${recorded.code}\n${recorded.stdout}${recorded.stderr}`).toMatch(/^0\n/);

    const written = [...filesUnder(path.join(work, 'with')), ...filesUnder(path.join(work, 'recorded'))];
    // Each browser flow that ran wrote its flow.har, and Playwright a copy of it as the attachment; `npm run record` wrote one.
    const hars = written.filter((f) => f.endsWith('.har')).map((f) => path.basename(f).replace(/^har-[0-9a-f]{40}\.har$/, 'attachment'));
    const ran = expected.filter((e) => e.endsWith(': passed')).length;
    expect(hars.sort()).toEqual([...Array(ran).fill('attachment'), ...Array(ran).fill('flow.har'), 'site-home.har'].sort());
    const leaks = written.flatMap((f) => {
      const text = fs.readFileSync(f).toString('latin1');
      return CANARIES.filter((c) => text.includes(c)).map((c) => `${path.relative(work, f)}: ${c}`);
    });
    expect(leaks).toEqual([]);
    for (const [name, out] of Object.entries({
      stdout: allowed.stdout,
      stderr: allowed.stderr,
      'record stdout': recorded.stdout,
      'record stderr': recorded.stderr,
    }))
      expect(CANARIES.filter((c) => out.includes(c)).map((c) => `${name}: ${c}`)).toEqual([]);
  },
  WHOLE_RUN_MS,
);

/** `npm run record -- --flow site/browser/home --out <dir>` with the target's variables. */
function record(out: string, extra: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !/^(TARGET_|TARGETS_FILE|BASELINE|HARNESS_|JEST_|https?_proxy$|no_proxy$)/i.test(k)) env[k] = v;
  Object.assign(env, runEnv(extra));
  const child = spawn(process.execPath, ['--import', 'tsx', 'harness/src/flows/browser/record-cli.ts', '--flow', 'site/browser/home', '--out', out], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}
