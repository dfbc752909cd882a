/**
 * One step of a differential run on one protocol: the candidate's answer against the baseline's.
 * The baseline was asked twice; what differed between its two answers is its noise, as is what
 * differed between the candidate's own two answers where it was asked twice: a noise field's value
 * is never a difference, its presence is. Every other field that differs is judged with the spec's
 * findings on both sides:
 *
 * - the candidate misses the spec there (fail, warn, error): its finding stays, showing the baseline's value;
 * - the baseline misses a `must` or `should` that the candidate meets: the candidate's finding is `fixed`;
 * - otherwise (the spec passes both, says nothing, or informs): a `diff` finding of its own.
 */
import type { Finding, Verdict } from '../core';
import { combinedValue, describeNoise, differences, emptyNoise, mergeNoise, type Difference, type Noise } from '../noise';
import { cookieAspect, type CookieAspect } from '../noise/fields';
import type { ObservedExchange } from '../spec-model/observed';
import type { Protocol, ReplayFinding } from '../replay/summary';
import { tightestShape } from '../shapes';
import { bodyFacts, bodyLineDiff, decodedBody, sha256 } from './body';
import { comparable, type HostMapping } from './hosts';

export const DIFF_CLAUSE =
  "Differential run: the candidate answers as the baseline does. Each side asked twice: a field whose value differed between its two answers is noise, compared by presence only. The baseline's host names are mapped to the candidate's before comparing.";

export interface Side {
  first?: ObservedExchange;
  /** The side's noise for this step: what differed between two answers of one protocol, any protocol. */
  noise?: Noise;
  /** Every answer this side gave to this step (both protocols, both askings): the values a noise field took. */
  answers?: ObservedExchange[];
  /** The spec's findings on this side for this step and protocol. */
  findings: ReplayFinding[];
}

export interface StepPair {
  stepId: string;
  protocol: Protocol;
  baseline: Side & { /** Why the baseline has no answer (a transport error, a skipped step). */ problem?: string };
  /** The candidate's findings are annotated in place (the baseline's value; `fixed`). */
  candidate: Side;
  hosts: HostMapping;
  /** The candidate's name in findings. */
  target: string;
}

/** Misses of the spec that decide a field: the candidate's own verdict stands. */
const SPEC_SPEAKS: ReadonlySet<Verdict> = new Set(['error', 'fail', 'warn', 'fixed']);
/** Baseline misses that a candidate meeting them repairs. */
const BASELINE_WRONG: ReadonlySet<Verdict> = new Set(['fail', 'warn']);

/** Whether a spec finding id is about the field a difference names. */
export function covers(stepId: string, aspect: string, findingId: string): boolean {
  const rest = findingId.startsWith(`${stepId} `) ? findingId.slice(stepId.length + 1) : undefined;
  if (rest === undefined) return false;
  if (aspect === 'body') return rest.startsWith('body');
  if (aspect === 'status' || aspect.startsWith('header ')) return rest === aspect;
  // A cookie one side does not set at all: its presence and every attribute expectation.
  if (/^cookie \S+$/.test(aspect)) return rest === aspect || rest.startsWith(`${aspect} `);
  const m = /^cookie (.+) ([a-z]+)$/.exec(aspect);
  if (!m) return false;
  const [, name, what] = m as unknown as [string, string, CookieAspect];
  if (what === 'lines') return rest === `cookie ${name}`;
  if (what === 'expiry') return rest === `cookie ${name} expires` || rest === `cookie ${name} max-age`;
  return rest === `cookie ${name} ${what}`;
}

/** A side's value, or what it is when it changes on every request on that side (so that one cause groups as one row). */
function sideValue(d: Difference, value: string, side: Side): string {
  const noise = side.noise;
  if (!noise || value === '(absent)' || value === '(not set)') return value;
  const header = /^header (.+)$/.exec(d.aspect)?.[1];
  const cookie = /^cookie (.+) ([a-z]+)$/.exec(d.aspect);
  let values: string[] | undefined;
  if (header && noise.fields.has(header)) values = (side.answers ?? []).map((a) => combinedValue(a, header)).filter((v): v is string => v !== undefined);
  else if (cookie && noise.cookies.get(cookie[1])?.has(cookie[2] as CookieAspect))
    values = (side.answers ?? []).map((a) => cookieAspect(a, cookie[1], cookie[2] as CookieAspect));
  if (values === undefined) return value;
  const shape = values.length ? tightestShape([...new Set(values)]) : undefined;
  return `(a new value on every request${shape ? `: ${shape}` : ''})`;
}

/** Findings of the comparison; the candidate's spec findings are annotated in place. */
export function diffStep(pair: StepPair): ReplayFinding[] {
  const { stepId, protocol, baseline, candidate, target } = pair;
  const base = { level: 'info' as const, source: 'baseline' as const, clause: DIFF_CLAUSE, target, protocol };
  if (!candidate.first) return [];
  if (!baseline.first) {
    const why = baseline.problem ?? 'no answer';
    return [
      {
        ...base,
        id: `${stepId} diff`,
        verdict: 'error',
        level: 'must',
        expected: "the baseline's answer to compare with",
        actual: '(no baseline answer)',
        message: `baseline: ${why}`,
      },
    ];
  }

  // The spec's verdicts on both sides, expectation by expectation.
  const baselineById = new Map(baseline.findings.map((f) => [f.id, f]));
  for (const f of candidate.findings) {
    const g = baselineById.get(f.id);
    if (!g) continue;
    if (f.verdict === 'pass' && BASELINE_WRONG.has(g.verdict)) {
      f.verdict = 'fixed';
      f.baseline = g.actual;
      f.message = `the baseline misses this (expected ${g.expected}, got ${g.actual}); the candidate meets it`;
    } else if (f.verdict !== 'pass' && f.verdict !== 'skip' && f.verdict !== 'n/a') f.baseline = g.actual;
  }

  // What changes from one request to the next on either side is no difference between the sides (a cache
  // going from miss to hit on a cold staging); a field whose value is noise is still compared by presence.
  const noise = mergeNoise(baseline.noise ?? emptyNoise(), candidate.noise);
  const b = comparable(baseline.first, pair.hosts);
  const c = comparable(candidate.first);
  const out: ReplayFinding[] = [];
  for (const d of differences(b, c, noise, { presence: true })) {
    const spoken = candidate.findings.filter((f) => covers(stepId, d.aspect, f.id) && SPEC_SPEAKS.has(f.verdict));
    if (spoken.length) continue;
    const was = sideValue(d, d.first, baseline);
    const finding: Finding = {
      ...base,
      id: `${stepId} diff ${d.aspect}`,
      verdict: 'diff',
      expected: was,
      actual: sideValue(d, d.second, candidate),
      baseline: was,
      ...(d.secret ? { secret: true } : {}),
    };
    if (d.aspect === 'body') {
      const bb = decodedBody(b);
      const cb = decodedBody(c);
      finding.expected = finding.baseline = bodyFacts(bb);
      finding.actual = bodyFacts(cb);
      finding.bodies = { baseline: sha256(decodedBody(baseline.first)), candidate: sha256(cb) };
      const lines = bodyLineDiff(b, c, bb, cb);
      if (lines) finding.detail = lines;
    }
    out.push({ ...finding, protocol });
  }
  if (out.length === 0) {
    const excused = describeNoise(noise);
    out.push({
      ...base,
      id: `${stepId} diff`,
      verdict: 'pass',
      expected: 'the same answer as the baseline',
      actual: excused.length ? `the same answer (not compared, noise: ${excused.join('; ')})` : 'the same answer',
    });
  }
  return out;
}
