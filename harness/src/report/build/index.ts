/**
 * `buildResults`: the collected tests (their `findings` attachments and Playwright outcome) plus
 * the run's metadata in, `results.json` out. Pure: the same input gives the same output, whatever
 * order the tests arrived in (shards, workers, merged blobs). Each attachment is checked
 * (`validate.ts`), its findings kept (`finding.ts`) and grouped into expectations (`group.ts`), its
 * steps shown (`step.ts`), secrets redacted by field on the way (`redact.ts`); `test.ts` builds a test.
 */
import { nodeSummaries } from './nodes';
import { emptyCounts, failsRun, rank } from '../../core';
import { ROLES } from '../../target-map/roles';
import type { CollectedTest } from '../collected';
import { compareWithPrevious, type PreviousRun } from '../history';
import { findInconclusive } from '../inconclusive';
import { knownReport, type KnownInput } from '../known';
import { RECORD_VERSION } from '../../record';
import { RESULTS_SCHEMA, type ConformanceResults, type RoleSummary, type RunMeta, type TestReport, type Verdict } from '../types';
import type { BuildContext } from './context';
import { buildTest } from './test';

export interface BuildInput {
  tests: CollectedTest[];
  run: Omit<RunMeta, 'status' | 'protocolMix' | 'exitCode' | 'inconclusive'>;
  /** The run's known deviations (absent or empty: none). Expiry is read against the day the run started. */
  known?: KnownInput;
  /** A previous run to compare with. */
  previous?: PreviousRun;
}

export { emptyCounts, worst } from '../../core';

const roleIndex = (role: string) => {
  const i = (ROLES as readonly string[]).indexOf(role);
  return i < 0 ? ROLES.length : i;
};

function compareTests(a: TestReport, b: TestReport): number {
  return (
    roleIndex(a.role) - roleIndex(b.role) ||
    cmp(a.role, b.role) ||
    cmp(a.project, b.project) ||
    cmp(a.id, b.id) ||
    cmp(a.titlePath.join('\u0000'), b.titlePath.join('\u0000'))
  );
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** One entry per test: the last attempt wins (retries), tests identified by project and title path. */
function lastAttempts(tests: CollectedTest[]): CollectedTest[] {
  const byKey = new Map<string, CollectedTest>();
  for (const t of tests) {
    const k = `${t.project}\u0000${t.file}\u0000${t.titlePath.join('\u0000')}`;
    const prev = byKey.get(k);
    if (!prev || t.retry >= prev.retry) byKey.set(k, t);
  }
  return [...byKey.values()];
}

export function buildResults(input: BuildInput): ConformanceResults {
  const ctx: BuildContext = {
    rawSecrets: input.run.rawSecrets,
    target: input.run.target,
    ...(input.run.baseline ? { baseline: input.run.baseline } : {}),
    failOn: input.run.failOn,
  };
  const built = lastAttempts(input.tests).map((t) => buildTest(t, ctx));
  const inconclusive = findInconclusive(built, input.run.failOn);
  const tests = [...built, ...inconclusive.tests].sort(compareTests);
  const totals = emptyCounts();
  const roles = new Map<string, RoleSummary>();
  const protocolMix: Record<string, number> = {};
  for (const t of tests) {
    const r = roles.get(t.role) ?? { role: t.role, counts: emptyCounts(), tests: 0 };
    r.tests++;
    for (const v of Object.keys(t.counts) as Verdict[]) {
      r.counts[v] += t.counts[v];
      totals[v] += t.counts[v];
    }
    roles.set(t.role, r);
    // Each leg's own answers, h3 included; an h3 step's twin is a second opinion on one request, not a response of its own.
    for (const l of t.legs ?? []) for (const s of l.steps) if (s.response) protocolMix[s.response.protocol] = (protocolMix[s.response.protocol] ?? 0) + 1;
    if (t.kind === 'browser-flow' && t.status !== 'skipped' && !t.skipped) protocolMix.browser = (protocolMix.browser ?? 0) + 1;
  }
  const runErrors = input.run.runErrors;
  const known = knownReport(tests, input.known, input.run.startedAt.slice(0, 10));
  // Each excused finding links its ticket as its entry does.
  const hrefs = new Map((known?.entries ?? []).filter((e) => e.ticketHref).map((e) => [e.index, e.ticketHref!]));
  for (const t of tests)
    for (const e of t.expectations) for (const f of e.findings) if (f.known && hrefs.has(f.known.entry)) f.known.ticketHref = hrefs.get(f.known.entry);
  const expired = known?.entries.some((e) => e.status === 'expired') ?? false;
  const failing = (Object.keys(totals) as Verdict[]).some((v) => totals[v] > 0 && failsRun(v, input.run.failOn));
  const status = failing || runErrors.length > 0 || expired ? 'failed' : 'passed';
  // A run that could not judge (an error outside tests, a role whose answers tested nothing) is not a conformance verdict.
  const exitCode = runErrors.length > 0 || inconclusive.roles.length > 0 ? 2 : status === 'failed' ? 1 : 0;
  const nodes = nodeSummaries(tests, input.run.failOn);
  const sortedMix = Object.fromEntries(Object.entries(protocolMix).sort(([a], [b]) => cmp(a, b)));
  return {
    schema: RESULTS_SCHEMA,
    record: RECORD_VERSION,
    run: { ...input.run, status, exitCode, protocolMix: sortedMix, ...(inconclusive.roles.length ? { inconclusive: inconclusive.roles } : {}) },
    totals,
    roles: [...roles.values()].sort((a, b) => roleIndex(a.role) - roleIndex(b.role) || cmp(a.role, b.role)),
    tests,
    ...(known ? { known } : {}),
    ...(input.previous ? { history: compareWithPrevious(tests, input.previous, input.run.startedAt, input.run.failOn) } : {}),
    ...(nodes.length ? { nodes } : {}),
  };
}

/** Tests in verdict order (errors and failures first, passes last), order otherwise kept. */
export function failuresFirst(tests: readonly TestReport[]): TestReport[] {
  return tests
    .map((t, i) => [t, i] as const)
    .sort((a, b) => rank(a[0].verdict) - rank(b[0].verdict) || a[1] - b[1])
    .map(([t]) => t);
}
