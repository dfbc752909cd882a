import * as path from 'node:path';
import { CHECKS } from '../checks';
import { targetEnvOf } from '../embedded/start-reference';
import { sharedReference, type SharedReference } from './reference-per-kind';
import { buildResults } from '../report/build';
import { renderHtml } from '../report/html';
import { renderJunit } from '../report/junit';
import { terminalSummary } from '../report/terminal';
import type { ConformanceResults } from '../report/types';
import { loadSpecs } from '../spec-model/load';
import { loadTargetMap } from '../target-map';
import { makeTestPki, type TestPki } from '../target-map/test-pki';
import { startWall, type Wall, type WallKind } from './broken-targets/walls';
import { replayCollected } from './suite-collected';
import { REFERENCE_NAMES, ROLE_HOSTS } from './reference-names';
import { WHOLE_RUN_MS, withTestBudgets } from './budgets';

/*
 * Answers that test nothing, judged in process as a run judges them (the replay of every spec item,
 * then the report's buildResults): a target behind a sign-in page, behind a sign-in redirect and
 * behind a bot challenge is reported role by role as inconclusive, one error each, its per-exchange
 * failures grouped under it; the unmodified reference is not.
 */
const SPECS = loadSpecs(path.resolve(__dirname, '../../../specs'), CHECKS);
const META = {
  title: 'Walls',
  startedAt: '2026-01-01T00:00:00.000Z',
  durationMs: 1,
  playwrightStatus: 'failed' as const,
  target: null,
  spec: { digest: '0', files: [] },
  rawSecrets: false,
  failOn: 'fail' as const,
  runErrors: [],
};

let pki: TestPki;
const walls: Wall[] = [];
let reference: SharedReference | undefined;
let alt: SharedReference | undefined;

beforeAll(() => {
  pki = makeTestPki(REFERENCE_NAMES, 'Walls Root');
});
afterAll(async () => {
  for (const w of walls) await w.close();
  await reference?.stop();
  await alt?.stop();
  pki?.cleanup();
});

async function behind(kind: WallKind): Promise<ConformanceResults> {
  const wall = await startWall(kind, pki);
  walls.push(wall);
  const u = (n: string) => `https://${n}:${wall.port}`;
  const map = loadTargetMap(
    withTestBudgets({
      ...Object.fromEntries(Object.entries(ROLE_HOSTS).map(([variable, host]) => [variable, u(host)])),
      TARGET_REDIRECTOR_URL: REFERENCE_NAMES.filter((n) => n.endsWith('redirect.test'))
        .map(u)
        .join(','),
      TARGET_RESOLVE: REFERENCE_NAMES.map((n) => `${n}:${wall.port}:127.0.0.1`).join(','),
      TARGET_CA: pki.caFile,
      TARGET_VALUE_PRODUCT_HANDLE: 'linen-apron',
      TARGET_VALUE_REDIRECTOR_DIRECTORY: 'blog',
      TARGET_VALUE_BEACON_PATH: '/t.gif',
      TARGET_H3: '0',
    }),
  );
  return buildResults({ tests: await replayCollected(map, SPECS), run: META });
}

const failingExpectations = (r: ConformanceResults) =>
  r.tests.reduce((n, t) => n + t.expectations.filter((e) => e.verdict === 'fail' || e.verdict === 'error').length, 0);

/** Each failing or erring finding, one line with its values, so that a red run says what failed. */
const failingFindings = (r: ConformanceResults): string[] =>
  r.tests.flatMap((t) =>
    t.expectations.flatMap((e) =>
      e.findings
        .filter((f) => f.verdict === 'fail' || f.verdict === 'error')
        .map(
          (f) => `${f.verdict} ${f.id}${f.protocol ? ` (${f.protocol})` : ''}: expected ${f.expected}, got ${f.actual}${f.message ? ` (${f.message})` : ''}`,
        ),
    ),
  );

/** The "Failing" block of the terminal summary. */
function failingBlock(summary: string): string[] {
  const lines = summary.split('\n');
  const start = lines.findIndex((l) => l.startsWith('Failing ('));
  const out: string[] = [];
  for (let i = start + 1; i > 0 && i < lines.length && lines[i].startsWith('  '); i++) out.push(lines[i]);
  return out;
}

function expectNoFlood(r: ConformanceResults): void {
  const roles = (r.run.inconclusive ?? []).map((i) => i.role);
  // Without the grouping these would be listed cause by cause.
  expect(failingExpectations(r)).toBeGreaterThan(100);
  const block = failingBlock(terminalSummary(r, 'index.html'));
  expect(block.filter((l) => /^ {2}E \S+\/inconclusive: /.test(l)).length).toBe(roles.length);
  expect(block.filter((l) => !/^ {2}E \S+\/inconclusive: /.test(l) && !/^ {2}\.\.\. and/.test(l))).toEqual([]);
  const html = renderHtml(r);
  const list = html.slice(html.indexOf('<section class="failures">'), html.indexOf('<section class="tests">'));
  expect((list.match(/<li /g) ?? []).length).toBe(roles.length);
  // JUnit keeps one testcase per expectation: the grouped ones are skipped, naming the role's error.
  expect(renderJunit(r)).toContain('not judged: site is inconclusive (site/inconclusive)');
  expect(r.run.exitCode).toBe(2);
  expect(r.run.status).toBe('failed');
}

test(
  'a sign-in page answering every address: each role inconclusive, saying what was seen; no per-exchange flood',
  async () => {
    const r = await behind('sign-in');
    const site = r.run.inconclusive?.find((i) => i.role === 'site');
    expect(site).toMatchObject({ kind: 'same-page' });
    expect(site!.message).toMatch(
      /^inconclusive: \d+ of \d+ site exchanges answered the same 2,\d{3}-byte page "Sign in" \(status 200, e\.g\. for \/\S*\); is the target behind a sign-in\? \(TARGET_HEADERS\)$/,
    );
    expect(site!.seen * 2).toBeGreaterThan(site!.total);
    // The media host's files are found on the site's pages: its failures are grouped under the site's error.
    expect(r.run.inconclusive!.map((i) => i.role).sort()).toEqual(['analytics', 'bare', 'maintenance', 'redirector', 'shop', 'site']);
    expect(site!.dependents?.length).toBeGreaterThan(0);
    expect(r.tests.find((t) => t.id === 'site/inconclusive')?.expectations[0]).toMatchObject({ verdict: 'error', id: 'site inconclusive' });
    expect(terminalSummary(r, 'x')).toContain(`  ! site: ${site!.message}`);
    expectNoFlood(r);
  },
  WHOLE_RUN_MS,
);

test(
  'a sign-in redirect: the role is inconclusive, redirected to one address',
  async () => {
    const r = await behind('sign-in-redirect');
    const site = r.run.inconclusive?.find((i) => i.role === 'site');
    expect(site?.kind).toBe('redirect');
    expect(site!.message).toMatch(
      /^inconclusive: \d+ of \d+ site exchanges were redirected to \/account\/login \(302\); is the target behind a sign-in\? \(TARGET_HEADERS\)$/,
    );
    expectNoFlood(r);
  },
  WHOLE_RUN_MS,
);

test(
  'a bot challenge on every address: each role inconclusive, naming the marks it carried',
  async () => {
    const r = await behind('challenge');
    const site = r.run.inconclusive?.find((i) => i.role === 'site');
    expect(site?.kind).toBe('challenge');
    expect(site!.message).toMatch(
      /^inconclusive: \d+ of \d+ site exchanges answered a bot challenge \(403: cf-mitigated: challenge, Cloudflare challenge platform, Cloudflare "Just a moment\.\.\."\); let the harness through/,
    );
    expectNoFlood(r);
  },
  WHOLE_RUN_MS,
);

test(
  'the unmodified reference is not inconclusive, though some of its addresses answer alike (the maintenance host, 404 pages)',
  async () => {
    reference = await sharedReference('no-http3');
    const map = loadTargetMap(withTestBudgets({ ...targetEnvOf(reference.ready), TARGET_H3: '0' }));
    const r = buildResults({ tests: await replayCollected(map, SPECS), run: META });
    expect(r.run.inconclusive).toBeUndefined();
    expect(failingFindings(r)).toEqual([]);
    expect(r.run.exitCode).toBe(0);
    // The maintenance host does answer every address with one page: it meets its expectations, so it tested something.
    const maintenance = r.tests.filter((t) => t.role === 'maintenance').flatMap((t) => (t.legs ?? []).flatMap((l) => l.steps.map((s) => s.response?.sha256)));
    expect(new Set(maintenance.filter(Boolean)).size).toBeLessThan(maintenance.filter(Boolean).length);
  },
  WHOLE_RUN_MS,
);

test(
  'the second deployment, judged as a user target, is not inconclusive: its differences are its own choices',
  async () => {
    alt = await sharedReference('alt');
    const env: Record<string, string> = { ...targetEnvOf(alt.ready), TARGET_H3: '0' };
    delete env.HARNESS_TARGET_KIND;
    const r = buildResults({ tests: await replayCollected(loadTargetMap(withTestBudgets(env)), SPECS), run: META });
    expect(failingFindings(r)).toEqual([]);
    expect(r.totals.info + r.totals.warn).toBeGreaterThan(0);
    expect(r.run.inconclusive).toBeUndefined();
    expect(r.run.exitCode).toBe(0);
  },
  WHOLE_RUN_MS,
);
