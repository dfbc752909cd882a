/**
 * Which expectations a target's answer may move. A `must` is a fact of the service description and
 * a `should` an RFC's recommendation: what one target answered says nothing about either, so they
 * are refused with the reason. An `info` expectation is the reference's own choice where the
 * description is silent, and another target's choice is as good: it may be changed.
 */
import { LEVELS, type Level } from '../core';
import type { Expectation } from '../report/types';

export const REFUSED_BY_LEVEL: Readonly<Record<Exclude<Level, 'info'>, string>> = {
  must: 'a "must" expectation (a fact of the service description) is not changed by what a target answered',
  should: 'a "should" expectation (an RFC recommendation) is not changed by what a target answered',
};

const isLevel = (v: unknown): v is Level => typeof v === 'string' && (LEVELS as readonly string[]).includes(v);

/** The level the report gives an expectation: its own, else the strongest of its findings', else `must`. */
export function reportedLevel(e: Expectation): Level {
  if (isLevel(e.level)) return e.level;
  const levels = (Array.isArray(e.findings) ? e.findings : []).map((f) => f.level).filter(isLevel);
  return LEVELS.find((l) => levels.includes(l)) ?? 'must';
}

/** The reason an expectation of this level is not changed, or undefined for `info`. */
export function refusalFor(level: Level): string | undefined {
  return level === 'info' ? undefined : REFUSED_BY_LEVEL[level];
}

/** Verdicts `changed` acts on: the expectation was judged and not met. */
const NOT_MET: ReadonlySet<string> = new Set(['fail', 'warn', 'info']);

/**
 * Whether the spec expectation was judged and not met by the candidate. Findings that compare with
 * a differential run's baseline (`source: baseline`) say how two targets differ, not what the spec
 * says: they never make an expectation "not met".
 */
export function notMet(e: Expectation): boolean {
  if ((e.source as string) === 'baseline') return false;
  const findings = Array.isArray(e.findings) ? e.findings : [];
  if (findings.length === 0) return NOT_MET.has(e.verdict);
  return findings.some((f) => (f.source as string) !== 'baseline' && NOT_MET.has(f.verdict));
}
