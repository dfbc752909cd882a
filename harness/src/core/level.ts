/**
 * How much an expectation weighs, and where it comes from.
 *
 * Provenance says where it comes from: `capture` (stated in the service description or a HAR),
 * `rfc` (required or recommended by a standard), `reference` (a choice of the reference where
 * the description is silent). Level says what a miss means: `must` (a fact of the description or
 * an RFC MUST) fails, `should` (an RFC SHOULD, a recommendation) warns, `info` (the reference's
 * own choice) informs.
 */
import type { Verdict } from './verdict';

export const PROVENANCES = ['capture', 'rfc', 'reference'] as const;
export type Provenance = (typeof PROVENANCES)[number];

/** Where a finding comes from: an expectation's provenance, or (differential runs) the baseline's answer. */
export const FINDING_SOURCES = [...PROVENANCES, 'baseline'] as const;
export type FindingSource = (typeof FINDING_SOURCES)[number];

export const LEVELS = ['must', 'should', 'info'] as const;
export type Level = (typeof LEVELS)[number];

/** The level an expectation has when its spec does not say: a reference choice informs, anything else is a fact. */
export function defaultLevel(source: FindingSource): Level {
  return source === 'reference' || source === 'baseline' ? 'info' : 'must';
}

/** Who answered: the embedded reference, or the user's target. */
export type TargetOrigin = 'reference' | 'user';

const MISS: Record<Level, Verdict> = { must: 'fail', should: 'warn', info: 'info' };

/**
 * The verdict of one comparison. Against the embedded reference every miss fails: the reference
 * is the executable form of the spec and must keep its own choices and recommendations too.
 */
export function verdictFor(ok: boolean, level: Level, targetOrigin: TargetOrigin): Verdict {
  if (ok) return 'pass';
  return targetOrigin === 'reference' ? 'fail' : MISS[level];
}
