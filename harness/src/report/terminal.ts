/**
 * The one-screen summary printed at the end of a run: counts per role, the first failures, and
 * where the report is.
 */
import { failsRun, VERDICTS } from '../core';
import type { ConformanceResults, Verdict } from './types';
import { failuresFirst } from './build';

/** Passes first, then from the worst down; a column only when the run has that verdict (pass, fail and error always). */
const ORDER: readonly Verdict[] = ['pass', ...VERDICTS.filter((v) => v !== 'pass')];
const MAX_FAILURES = 8;

export function terminalSummary(results: ConformanceResults, reportPath: string): string {
  const COLUMNS = ORDER.filter((v) => v === 'pass' || v === 'fail' || v === 'error' || results.totals[v] > 0);
  const width = Math.max(4, ...results.roles.map((r) => r.role.length));
  const head = `  ${'role'.padEnd(width)}  ${'tests'.padStart(5)}  ${COLUMNS.map((c) => c.padStart(5)).join('  ')}`;
  const line = (name: string, tests: number, counts: Record<Verdict, number>) =>
    `  ${name.padEnd(width)}  ${String(tests).padStart(5)}  ${COLUMNS.map((c) => String(counts[c]).padStart(5)).join('  ')}`;
  const out: string[] = [];
  const status = results.run.status === 'failed' ? 'FAILED' : 'PASSED';
  out.push(`Conformance ${status}: ${results.run.title} (fails on ${results.run.failOn} and worse)`);
  out.push(head);
  for (const r of results.roles) out.push(line(r.role, r.tests, r.counts));
  out.push(line('all', results.tests.length, results.totals));
  const failing: string[] = [];
  for (const t of failuresFirst(results.tests)) {
    for (const e of t.expectations) {
      if (!failsRun(e.verdict, results.run.failOn)) continue;
      const f = e.findings.find((x) => x.verdict === e.verdict) ?? e.findings[0];
      const text = e.verdict === 'error' ? `error: ${f.message ?? f.actual}` : `${e.verdict === 'fail' ? '' : `${e.verdict}: `}expected ${JSON.stringify(f.expected)}, got ${JSON.stringify(f.actual)}`;
      const one = `  ${e.verdict === 'error' ? 'E' : e.verdict === 'fail' ? 'x' : '!'} ${e.id}: ${text}`.split('\n')[0];
      failing.push(one.length > 160 ? `${one.slice(0, 157)}...` : one);
    }
  }
  for (const e of results.run.runErrors) failing.push(`  E run: ${e.split('\n')[0].slice(0, 150)}`);
  if (failing.length) {
    out.push(`Failing (${failing.length}):`);
    out.push(...failing.slice(0, MAX_FAILURES));
    if (failing.length > MAX_FAILURES) out.push(`  ... and ${failing.length - MAX_FAILURES} more in the report`);
  }
  out.push(`Report: ${reportPath} (results.json, junit.xml beside it)`);
  return out.join('\n');
}
