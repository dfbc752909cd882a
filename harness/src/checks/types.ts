import type { ObservedExchange } from '../spec/observed';
import type { Provenance } from '../spec/types';

export type Verdict = 'pass' | 'fail' | 'error' | 'skip' | 'info';

/** One comparison of expected against actual. Every failure says both. */
export interface Finding {
  /** Expectation or check id, e.g. `site/home header x-frame-options` or `cache/max-age-matches-expires`. */
  id: string;
  verdict: Verdict;
  expected: string;
  actual: string;
  source: Provenance;
  clause?: string;
  /** Named shape that failed, so the report can show its description and examples. */
  shape?: string;
  message?: string;
  /**
   * The actual (and possibly expected) value is a secret of the target, such as a cookie value:
   * the report layer redacts it. Findings never redact by themselves.
   */
  secret?: boolean;
  /** Which target map the observed exchange came from (`ObservedExchange.target`), for differential runs. */
  target?: string;
}

/** A named cross-field invariant (one file each under checks/). */
export interface Check {
  /** Hierarchical id, selectable by prefix: `cache/max-age-matches-expires`. */
  id: string;
  title: string;
  /** The clause it enforces, quoted or cited. */
  clause: string;
  source: Provenance;
  /** Findings for one observed exchange; an empty list means the check does not apply. */
  run(exchange: ObservedExchange, context: CheckContext): Finding[];
}

export interface CheckContext {
  /** The role of the exchange's spec file (per-role checks apply only to some roles). */
  role: string;
  /** Earlier exchanges of the same flow, in order (for checks across steps, such as a cookie keeping its id). */
  previous: ObservedExchange[];
}
