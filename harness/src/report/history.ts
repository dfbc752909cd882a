/**
 * Between runs: this run's failures against a previous run's results.json (HARNESS_PREVIOUS, the
 * file HARNESS_RERUN re-runs, or the results.json already in the report folder). Each failing
 * expectation is new, still failing or fixed, with the date it was first seen failing, which each
 * results.json carries forward on its failing expectations (`firstSeen`). Expectations are the same
 * when their anchors are: anchors are stable across runs of the same suite.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { failsRun, type FailOn } from '../core';
import { READABLE_RESULTS_SCHEMAS, type Expectation, type HistoryItem, type HistoryReport, type TargetMeta, type TestReport } from './types';

/** Where each target and spec folders' last results are kept, in the report folder. */
export const HISTORY_DIR = 'history';

/**
 * What makes two runs comparable: the same target (its roles' origins; for the embedded reference,
 * which takes free ports each run, their host names) and the same spec folders. A run against a
 * proxy is never compared with one against the reference.
 */
export function historyKey(target: Pick<TargetMeta, 'origin' | 'roles'> | null, specFolders: readonly string[]): string {
  const roles = Object.fromEntries(
    Object.entries(target?.roles ?? {})
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([role, urls]) => [role, target?.origin === 'reference' ? urls.map((u) => new URL(u).hostname) : urls]),
  );
  const text = JSON.stringify({ origin: target?.origin ?? 'none', roles, specs: [...specFolders] });
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/** The file that keeps the last results of runs with this key. */
export const historyFile = (reportDir: string, key: string): string => path.join(reportDir, HISTORY_DIR, `${key}.json`);

/** The parts of a previous results.json the comparison reads. */
export interface PreviousRun {
  file: string;
  startedAt: string;
  failOn: FailOn;
  rerun: boolean;
  /** The roles the run found inconclusive (`run.inconclusive`). */
  inconclusiveRoles: string[];
  tests: Array<
    Pick<TestReport, 'key' | 'id' | 'status' | 'skipped'> & { expectations: Array<Pick<Expectation, 'key' | 'id' | 'verdict'> & { firstSeen?: string }> }
  >;
}

/** Reads a results.json to compare with; a reason instead when it is not one this harness wrote. */
export function readPrevious(file: string, options: { rerun?: boolean } = {}): PreviousRun | { problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, ''));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { problem: `${file}: ${code === 'ENOENT' ? 'no such file' : code ? `cannot be read (${code})` : `not JSON (${(e as Error).message})`}` };
  }
  const doc = json as { schema?: unknown; run?: { startedAt?: unknown; failOn?: unknown; inconclusive?: unknown }; tests?: unknown };
  if (
    !doc ||
    typeof doc !== 'object' ||
    !READABLE_RESULTS_SCHEMAS.includes(String(doc.schema)) ||
    !Array.isArray(doc.tests) ||
    typeof doc.run?.startedAt !== 'string'
  )
    return { problem: `${file}: not a conformance results.json (schema ${READABLE_RESULTS_SCHEMAS.join(' or ')})` };
  const failOn = (['fail', 'warn', 'diff', 'info'] as const).find((v) => v === doc.run?.failOn) ?? 'fail';
  const inconclusive = Array.isArray(doc.run.inconclusive) ? (doc.run.inconclusive as Array<{ role?: unknown }>) : [];
  const inconclusiveRoles = inconclusive.map((r) => r?.role).filter((r): r is string => typeof r === 'string');
  return { file, startedAt: doc.run.startedAt, failOn, rerun: options.rerun === true, inconclusiveRoles, tests: doc.tests as PreviousRun['tests'] };
}

const item = (t: { id: string }, e: { key: string; id: string; verdict: Expectation['verdict'] }, firstSeen: string): HistoryItem => ({
  key: e.key,
  id: e.id,
  test: t.id,
  verdict: e.verdict,
  firstSeen,
});

/** Compares and marks, in place, each failing expectation of `tests` with the date it was first seen failing. */
export function compareWithPrevious(tests: readonly TestReport[], previous: PreviousRun, startedAt: string, failOn: FailOn): HistoryReport {
  const before = new Map<string, { test: PreviousRun['tests'][number]; e: PreviousRun['tests'][number]['expectations'][number] }>();
  for (const t of previous.tests) for (const e of t.expectations ?? []) if (failsRun(e.verdict, previous.failOn)) before.set(e.key, { test: t, e });
  const ran = new Set(tests.filter((t) => t.status !== 'skipped' && !t.skipped).map((t) => t.key));
  const now = new Map<string, true>();
  const added: HistoryItem[] = [];
  const still: HistoryItem[] = [];
  for (const t of tests)
    for (const e of t.expectations) {
      if (!failsRun(e.verdict, failOn)) continue;
      now.set(e.key, true);
      const old = before.get(e.key);
      e.firstSeen = old ? (old.e.firstSeen ?? previous.startedAt) : startedAt;
      (old ? still : added).push(item(t, e, e.firstSeen));
    }
  const fixed: HistoryItem[] = [];
  let notRun = 0;
  for (const [key, { test, e }] of before) {
    if (now.has(key)) continue;
    if (!ran.has(test.key)) {
      notRun++;
      continue;
    }
    fixed.push(item(test, e, e.firstSeen ?? previous.startedAt));
  }
  return { previous: { file: previous.file, startedAt: previous.startedAt }, rerun: previous.rerun, new: added, fixed, still, notRun };
}
