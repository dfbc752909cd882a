/**
 * Collecting a flow's findings, and the one assertion message its test fails with:
 * `<id>: expected "<e>", got "<a>"` per failing finding (secrets not printed).
 */
import { judged, unjudged, type FailOn, type Finding, type FindingFields, type Provenance, type TargetOrigin, type Unjudged } from '../../core';

export { failingFindings } from '../../core';

export interface FindingDefaults {
  source: Provenance;
  clause?: string;
  target?: string;
  targetOrigin: TargetOrigin;
}

export class FindingList {
  readonly items: Finding[] = [];
  constructor(readonly defaults: FindingDefaults) {}

  /** A comparison: pass when ok, else the verdict of its level (default: from its provenance). */
  compare(id: string, ok: boolean, expected: string, actual: string, extra: Partial<Finding> = {}): Finding {
    const { verdict: _ignored, ...fields } = extra;
    const f = judged(
      ok,
      {
        id,
        expected,
        actual,
        ...(this.defaults.clause !== undefined ? { clause: this.defaults.clause } : {}),
        ...(this.defaults.target !== undefined ? { target: this.defaults.target } : {}),
        ...fields,
        source: extra.source ?? this.defaults.source,
      },
      this.defaults.targetOrigin,
    );
    this.items.push(f);
    return f;
  }

  /** A finding that compares nothing (error: the run failed; info: reported, never failing; skip, n/a: not judged). */
  add(id: string, verdict: Unjudged, expected: string, actual: string, extra: Partial<FindingFields> = {}): Finding {
    const f = unjudged(verdict, {
      id,
      expected,
      actual,
      ...(this.defaults.clause !== undefined ? { clause: this.defaults.clause } : {}),
      ...(this.defaults.target !== undefined ? { target: this.defaults.target } : {}),
      ...extra,
      source: extra.source ?? this.defaults.source,
    });
    this.items.push(f);
    return f;
  }

  push(...findings: Finding[]): void {
    this.items.push(...findings);
  }
}

/** The flow's assertion message: the core's, without protocol marks (a browser flow has one leg). */
export { failureLines, failureMessage } from '../../core';
export type { FailOn };
