/** Table-test support for checks: run one check on a fixture and summarise its findings. */
import { observed, type FixtureInput } from '../spec-model/observed-fixture';
import type { ObservedExchange } from '../spec-model/observed';
import type { Level } from '../core';
import { checkFinding } from '../spec-model/evaluate';
import type { Check, Finding } from './types';

export interface Row {
  name: string;
  input: FixtureInput;
  role?: string;
  previous?: ObservedExchange[];
  /** Expected verdicts in order; [] = the check does not apply. */
  verdicts: Array<Finding['verdict']>;
  /** Levels of the findings in order, where the row checks them. */
  levels?: Level[];
  /** The same request asked again (checks of what changes between answers). */
  repeat?: FixtureInput;
  /** For failures: text the expected and actual of the first failing finding must contain. */
  expected?: string;
  actual?: string;
}

/** The check's findings for one row, as the evaluator makes them against the embedded reference (every miss fails). */
export function runRow(check: Check, row: Row): Finding[] {
  return runCheck(check, observed(row.input), row.role ?? 'site', row.previous ?? [], row.repeat ? observed(row.repeat) : undefined);
}

export function runCheck(check: Check, ex: ObservedExchange, role = 'site', previous: ObservedExchange[] = [], repeat?: ObservedExchange): Finding[] {
  return check.run(ex, { role, previous, ...(repeat ? { repeat } : {}) }).map((r) => checkFinding('', r, 'reference'));
}

export function tableTest(check: Check, rows: Row[]): void {
  describe(check.id, () => {
    it('has a title and a clause', () => {
      expect(check.title.length).toBeGreaterThan(10);
      expect(check.clause.length).toBeGreaterThan(10);
    });
    it.each(rows.map((r) => [r.name, r] as const))('%s', (_n, row) => {
      const findings = runRow(check, row);
      expect(findings.map((f) => f.verdict)).toEqual(row.verdicts);
      if (row.levels) expect(findings.map((f) => f.level)).toEqual(row.levels);
      for (const f of findings) expect(['must', 'should', 'info']).toContain(f.level);
      for (const f of findings) {
        expect(f.id.startsWith(check.id)).toBe(true);
        expect(f.expected).not.toBe('');
        expect(f.actual).not.toBe('');
      }
      const fail = findings.find((f) => f.verdict === 'fail');
      if (row.expected !== undefined) expect(fail?.expected).toContain(row.expected);
      if (row.actual !== undefined) expect(fail?.actual).toContain(row.actual);
    });
  });
}
