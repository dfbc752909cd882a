/**
 * Collecting a flow's findings, and the one assertion message its test fails with:
 * `<id>: expected "<e>", got "<a>"` per failing finding (secrets not printed).
 */
import { judged, unjudged, type FailOn, type Finding, type FindingFields, type Provenance, type TargetOrigin, type Unjudged } from '../../core';

export { failingFindings } from '../../core';

export interface FindingDefaults {
  /**
   * The flow's id, which every finding id starts with: a finding that names no aspect gets the rest
   * as its fact (`console error`), so readers never take it apart.
   */
  of?: string;
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
        ...this.factOf(id, extra.aspect),
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
      ...this.factOf(id, extra.aspect),
      source: extra.source ?? this.defaults.source,
    });
    this.items.push(f);
    return f;
  }

  /** The aspect a finding without one gets: the fact its id names after the flow's id (the writer's own words). */
  private factOf(id: string, given: Finding['aspect']): Pick<Finding, 'aspect'> {
    if (given) return { aspect: given };
    const prefix = this.defaults.of;
    return prefix && id.startsWith(`${prefix} `) ? { aspect: { kind: 'fact', name: id.slice(prefix.length + 1) } } : {};
  }

  push(...findings: Finding[]): void {
    this.items.push(...findings);
  }
}

/** The flow's assertion message: the core's, without protocol marks (a browser flow has one leg). */
export { failureLines, failureMessage } from '../../core';
export type { FailOn };
