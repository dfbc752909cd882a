import type { Finding, Level, Provenance } from '../core';
import type { ObservedExchange } from '../spec-model/observed';

export type { Finding, Verdict } from '../core';

/** A named cross-field invariant (one file each under checks/). */
export interface Check {
  /** Hierarchical id, selectable by prefix: `cache/max-age-matches-expires`. */
  id: string;
  title: string;
  /** The clause it enforces, quoted or cited. */
  clause: string;
  source: Provenance;
  /** What a miss means (findings may carry another level where a clause says so). */
  level: Level;
  /** The check compares two answers to the same request (`context.repeat`): the replay then always asks twice. */
  readsRepeat?: boolean;
  /** Findings for one observed exchange; an empty list means the check does not apply. */
  run(exchange: ObservedExchange, context: CheckContext): Finding[];
}

export interface CheckContext {
  /** The role of the exchange's spec file (per-role checks apply only to some roles). */
  role: string;
  /** Earlier exchanges of the same flow, in order (for checks across steps, such as a cookie keeping its id). */
  previous: ObservedExchange[];
  /**
   * The same request asked once more on the same protocol, when the replay learned noise: checks
   * of what changes from one request to the next (a request-trace header) read it.
   */
  repeat?: ObservedExchange;
}
