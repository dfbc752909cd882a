/**
 * Collecting a flow's findings, and the one assertion message its test fails with:
 * `<id>: expected "<e>", got "<a>"` per failing finding (secrets not printed).
 */
import type { Finding, Verdict } from '../../checks/types';
import type { Provenance } from '../../spec/types';

export const FAILING_VERDICTS: ReadonlySet<Verdict> = new Set<Verdict>(['fail', 'error']);

export interface FindingDefaults {
  source: Provenance;
  clause?: string;
  target?: string;
  /** Against a user's target, a failing `reference` expectation is informational unless strict. */
  targetOrigin: 'reference' | 'user';
  strict: boolean;
}

/** pass/fail, except that a failing `reference` expectation only informs against other targets. */
export function verdictOf(ok: boolean, source: Provenance, d: Pick<FindingDefaults, 'targetOrigin' | 'strict'>): Verdict {
  if (ok) return 'pass';
  return source === 'reference' && d.targetOrigin !== 'reference' && !d.strict ? 'info' : 'fail';
}

export class FindingList {
  readonly items: Finding[] = [];
  constructor(readonly defaults: FindingDefaults) {}

  /** A comparison: pass when ok, else fail (or info for a `reference` expectation elsewhere). */
  compare(id: string, ok: boolean, expected: string, actual: string, extra: Partial<Finding> = {}): Finding {
    const source = extra.source ?? this.defaults.source;
    const f: Finding = {
      id,
      verdict: verdictOf(ok, source, this.defaults),
      expected,
      actual,
      source,
      ...(this.defaults.clause !== undefined ? { clause: this.defaults.clause } : {}),
      ...(this.defaults.target !== undefined ? { target: this.defaults.target } : {}),
      ...extra,
    };
    f.source = source;
    this.items.push(f);
    return f;
  }

  /** A finding with a fixed verdict (error: the run failed; info/skip: reported, never failing). */
  add(id: string, verdict: Verdict, expected: string, actual: string, extra: Partial<Finding> = {}): Finding {
    const f: Finding = {
      id,
      verdict,
      expected,
      actual,
      source: extra.source ?? this.defaults.source,
      ...(this.defaults.clause !== undefined ? { clause: this.defaults.clause } : {}),
      ...(this.defaults.target !== undefined ? { target: this.defaults.target } : {}),
      ...extra,
    };
    this.items.push(f);
    return f;
  }

  push(...findings: Finding[]): void {
    this.items.push(...findings);
  }
}

export function failing(findings: readonly Finding[]): Finding[] {
  return findings.filter((f) => FAILING_VERDICTS.has(f.verdict));
}

const quote = (s: string) => JSON.stringify(s);

/** One line per failing finding, duplicates (same id, expected and actual) written once. */
export function failureLines(findings: readonly Finding[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const f of failing(findings)) {
    const actual = f.secret ? `(secret value of ${f.actual.length} characters)` : quote(f.actual);
    // The raw replay's form (harness/src/replay/summary.ts): an error of the run says what happened.
    const line = f.verdict === 'error' ? `${f.id}: error: ${f.message ?? f.actual} (expected ${quote(f.expected)})` : `${f.id}: expected ${quote(f.expected)}, got ${actual}`;
    if (seen.has(line)) continue;
    seen.add(line);
    out.push(line);
  }
  return out;
}

export function failureMessage(title: string, findings: readonly Finding[]): string {
  const lines = failureLines(findings);
  if (lines.length === 0) return `${title}: every expectation met`;
  return `${title}: ${lines.length} failing expectation${lines.length === 1 ? '' : 's'}\n${lines.map((l) => `  ${l}`).join('\n')}`;
}
