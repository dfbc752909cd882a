/**
 * Known deviations drafted by cause: one entry per cause of the run's failures, numbered as the
 * report numbers them (report/causes.ts `failingCauses`), whose id is the smallest glob over that
 * cause's expectations (glob.ts) and whose `actual` is the cause's one observed value, when the
 * findings showed one and it is no secret. Filters choose causes by number, by what failed
 * (`header x-frame-options`), by role, and by test id (`--ids`).
 */
import { failsRun } from '../core';
import { entryFor, type KnownEntry } from '../known';
import { causeHeadline, failingCauses, type Cause } from '../report/causes';
import type { ConformanceResults, FindingReport } from '../report/types';
import { smallestGlobs } from './glob';
import { idMatcher } from './ids';
import type { KnownOptions } from './options';

export interface DraftedEntry {
  id: string;
  actual?: string;
  /** The cause's number in the report, its sentence, and how many expectations the entry covers. */
  cause: number;
  headline: string;
  expectations: number;
}

/** The one value every failing finding of the cause showed, when there is one and it may be written. */
function oneActual(c: Cause, failing: readonly FindingReport[]): string | undefined {
  const values = new Set(failing.map((f) => f.actual));
  return values.size === 1 && c.verdict !== 'error' && !failing.some((f) => f.redacted) ? failing[0].actual : undefined;
}

/** Whether the filters of the command line choose this cause (number, what failed, role); none given: every cause. */
function chosen(c: Cause, n: number, options: KnownOptions): boolean {
  if (options.causes?.length && !options.causes.includes(n)) return false;
  if (options.aspects?.length && !options.aspects.some((a) => a.toLowerCase() === c.subject.toLowerCase())) return false;
  if (options.roles?.length && !options.roles.includes(c.role)) return false;
  return true;
}

export function draftByCause(
  results: ConformanceResults,
  kept: readonly KnownEntry[],
  options: KnownOptions,
  ids: readonly string[],
  notes: string[],
): DraftedEntry[] {
  const today = results.run.startedAt.slice(0, 10);
  const selected = idMatcher(ids);
  const all = results.tests.flatMap((t) => t.expectations.map((e) => e.id));
  const out: DraftedEntry[] = [];
  const causes = failingCauses(results);
  for (const [i, c] of causes.entries()) {
    const n = i + 1;
    if (!chosen(c, n, options)) continue;
    const members = c.members.filter((m) => selected(m.test.id));
    const wanted: string[] = [];
    for (const { test: t, expectation: e } of members) {
      if (t.kind === 'test' && e.id === t.id) {
        notes.push(`[${n}] ${e.id}: not drafted: the test itself failed (${e.findings[0]?.message?.split('\n')[0] ?? e.verdict}), not one expectation`);
        continue;
      }
      const failing = e.findings.filter((f) => failsRun(f.verdict, results.run.failOn));
      if (failing.every((f) => entryFor(kept, { id: e.id, actual: f.actual }, today))) {
        notes.push(`[${n}] ${e.id}: not drafted: an entry of the file already covers it`);
        continue;
      }
      wanted.push(e.id);
    }
    if (!wanted.length) continue;
    const failing = members.flatMap((m) => m.expectation.findings).filter((f) => failsRun(f.verdict, results.run.failOn));
    const actual = oneActual(c, failing);
    const globs = smallestGlobs(wanted, all);
    const headline = causeHeadline(c);
    for (const id of globs)
      out.push({ id, ...(actual !== undefined ? { actual } : {}), cause: n, headline, expectations: globs.length === 1 ? wanted.length : 1 });
  }
  for (const role of results.run.inconclusive ?? [])
    notes.push(`${role.role}: not drafted: the role was inconclusive (its answers tested nothing); its ${role.grouped} failing expectations are not causes`);
  return out;
}
