/**
 * Expectations that share a cause, for the renderers' failure and warning lists: the same aspect
 * (an expectation id without its step: `header vary`, `check vary/...`) with the same verdict,
 * expected and observed values, across any number of tests, is one row with its members. A missing
 * Vary on six dynamic responses is one row, not six.
 */
import { failuresFirst } from './build';
import { inconclusiveOf } from './inconclusive';
import type { ConformanceResults, Expectation, FindingReport, TestReport, Verdict } from './types';

export interface CauseMember {
  test: TestReport;
  expectation: Expectation;
}

export interface Cause {
  verdict: Verdict;
  /** The expectation id without its step (the whole id when it has no aspect). */
  aspect: string;
  /** The finding shown for the group (the first member's finding of that verdict). */
  finding: FindingReport;
  members: CauseMember[];
}

export function aspectOf(expectationId: string): string {
  const space = expectationId.indexOf(' ');
  return space < 0 ? expectationId : expectationId.slice(space + 1);
}

/** Tests of an inconclusive role (its own error included) are left out: the renderers show the role's one error, first. */
export function causes(r: ConformanceResults, wanted: (v: Verdict) => boolean): Cause[] {
  const groups = new Map<string, Cause>();
  for (const test of failuresFirst(r.tests)) {
    if (inconclusiveOf(r, test)) continue;
    for (const expectation of test.expectations) {
      if (!wanted(expectation.verdict)) continue;
      const finding = expectation.findings.find((x) => x.verdict === expectation.verdict) ?? expectation.findings[0];
      const aspect = aspectOf(expectation.id);
      // A run error is its own cause unless its message is the same.
      const key = [expectation.verdict, aspect, finding.expected, finding.actual, expectation.verdict === 'error' ? (finding.message ?? '') : ''].join(
        '\u0000',
      );
      const group = groups.get(key) ?? { verdict: expectation.verdict, aspect, finding, members: [] };
      group.members.push({ test, expectation });
      groups.set(key, group);
    }
  }
  return [...groups.values()];
}
