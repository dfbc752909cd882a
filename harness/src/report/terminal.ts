/**
 * The one-screen summary printed at the end of a run: counts per role, the first failures, and
 * where the report is.
 */
import { failsRun, VERDICTS } from '../core';
import type { ConformanceResults, Verdict } from './types';
import { causeExpected, causeHeadline, causes, causeScope, failingCauses, type Cause } from './causes';
import { wrapLine } from './wrap';
import { targetName } from './target-name';
import { knownProblem } from './known';

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
  for (const r of results.run.inconclusive ?? []) out.push(`  ! ${r.role}: ${r.message}`);
  if (results.run.baseline)
    out.push(
      `  candidate ${results.run.target ? targetName(results.run.target) : '(target map not available)'} against baseline ${targetName(results.run.baseline)}`,
    );
  out.push(head);
  for (const r of results.roles) out.push(line(r.role, r.tests, r.counts));
  out.push(line('all', results.tests.length, results.totals));
  const failing: string[][] = [];
  let count = 0;
  for (const [i, c] of failingCauses(results).entries()) {
    count += c.members.length;
    failing.push(causeLines(c, `${c.verdict === 'error' ? 'E' : c.verdict === 'fail' ? 'x' : '!'} [${i + 1}]`));
  }
  // A run error is said whole: its first line, then each of its lines (one per role, one per spec problem).
  for (const e of results.run.runErrors) failing.push(e.split('\n').flatMap((l, i) => wrapLine(i ? `      ${l.trim()}` : `  E run: ${l}`, '        ')));
  count += results.run.runErrors.length;
  for (const r of [...(results.run.inconclusive ?? [])].reverse()) {
    failing.unshift(
      wrapLine(
        `  E ${r.role}/inconclusive: ${r.seen} of ${r.total} exchanges alike (${r.kind}); ${r.grouped} failing expectation${r.grouped === 1 ? '' : 's'} of ${r.role} grouped under it`,
        '      ',
      ),
    );
    count += 1 + r.grouped;
  }
  const expired = (results.known?.entries ?? []).filter((e) => e.status === 'expired');
  for (const e of expired) failing.unshift(wrapLine(`  E ${knownProblem(e)}`, '      '));
  count += expired.length;
  if (failing.length) {
    out.push(`Failing (${count}${count > failing.length ? `, from ${failing.length} cause${failing.length === 1 ? '' : 's'}` : ''}):`);
    out.push(...failing.slice(0, MAX_FAILURES).flat());
    if (failing.length > MAX_FAILURES) out.push(`  ... and ${failing.length - MAX_FAILURES} more causes in the report`);
  }
  const differs = causes(results, (v) => (v === 'diff' || v === 'fixed') && !failsRun(v, results.run.failOn));
  if (differs.length) {
    const n = differs.reduce((k, c) => k + c.members.length, 0);
    out.push(
      `Differences from the baseline${results.run.baseline ? ` ${targetName(results.run.baseline)}` : ''}, not failing the run (${n}, from ${differs.length} cause${differs.length === 1 ? '' : 's'}; HARNESS_FAIL_ON=diff fails them):`,
    );
    for (const c of differs.slice(0, MAX_FAILURES)) out.push(...causeLines(c, '~'));
    if (differs.length > MAX_FAILURES) out.push(`  ... and ${differs.length - MAX_FAILURES} more causes in the report`);
  }
  out.push(...knownLines(results));
  out.push(...historyLines(results));
  out.push(`Exit status ${results.run.exitCode}: ${EXIT_MEANING[results.run.exitCode]}`);
  out.push(`Report: ${reportPath} (results.json, junit.xml beside it)`);
  return out.join('\n');
}

/** What each exit code of a run means (docs/reports.md, "Exit status"). */
export const EXIT_MEANING: Record<0 | 1 | 2, string> = {
  0: 'conforming',
  1: 'conformance failures',
  2: 'a configuration or harness error (the run could not judge the target)',
};

/** One line wrapped, never cut. */
const clip = (line: string) => wrapLine(line, '      ').join('\n');

/**
 * A cause as the terminal shows it: its headline (role, what, the value, which side differs), then
 * what was expected and where it was seen, wrapped, never cut.
 */
export function causeLines(c: Cause, mark: string): string[] {
  const first = wrapLine(`  ${mark} ${causeHeadline(c)}`, '      ');
  const seen = c.seenBy.length ? `; also seen by ${c.seenBy.join(', ')}` : '';
  const expected = c.verdict === 'error' ? '' : `expected ${causeExpected(c)}, `;
  return [...first, ...wrapLine(`      ${expected}${causeScope(c)}${seen}`, '        ')];
}

/** The known deviations that excused failures, and the entries that need someone (no longer seen, not run). */
function knownLines(results: ConformanceResults): string[] {
  const entries = results.known?.entries ?? [];
  const matched = entries.filter((e) => e.status === 'matched');
  const out: string[] = [];
  if (matched.length) {
    const n = matched.reduce((k, e) => k + e.expectations.length, 0);
    out.push(
      `Known deviations, not failing the run (${n} expectation${n === 1 ? '' : 's'}, from ${matched.length} entr${matched.length === 1 ? 'y' : 'ies'} of ${results.known!.file}):`,
    );
    for (const e of matched.slice(0, MAX_FAILURES)) {
      const where =
        e.tests.length === 1
          ? e.tests[0]
          : `${e.tests.length} tests (${e.tests.slice(0, 3).join(', ')}${e.tests.length > 3 ? `, +${e.tests.length - 3}` : ''})`;
      out.push(clip(`  ~ ${e.id}: ${e.findings} finding${e.findings === 1 ? '' : 's'} in ${where}: ${e.reason} (${e.ticket}, expires ${e.expires})`));
    }
    if (matched.length > MAX_FAILURES) out.push(`  ... and ${matched.length - MAX_FAILURES} more in the report`);
  }
  for (const e of entries.filter((x) => x.status === 'unseen' || x.status === 'not-run')) out.push(clip(`  ? ${knownProblem(e)}`));
  return out;
}

const day = (iso: string) => iso.slice(0, 10);

/** New failures, fixed ones and those still failing since the previous run, each with the day it was first seen. */
export function historyLines(results: ConformanceResults, max = MAX_FAILURES): string[] {
  const h = results.history;
  if (!h) return [];
  const head = h.rerun
    ? `Re-run of the failing tests of ${h.previous.file} (${day(h.previous.startedAt)})`
    : `Since the previous run (${day(h.previous.startedAt)})`;
  const out = [`${head}: ${h.new.length} new, ${h.fixed.length} fixed, ${h.still.length} still failing${h.notRun ? `, ${h.notRun} not run this time` : ''}`];
  const list = (mark: string, items: typeof h.new, say: string) => {
    for (const i of items.slice(0, max)) out.push(clip(`  ${mark} ${i.id}: ${say} (first seen ${day(i.firstSeen)})`));
    if (items.length > max) out.push(`  ... and ${items.length - max} more in the report`);
  };
  list('+', h.new, 'new');
  list('-', h.fixed, 'fixed');
  list('=', h.still, 'still failing');
  return out;
}
