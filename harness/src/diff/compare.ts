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
import type { Protocol, ReplayFinding } from '../record';
import { aspectText, differs, fixedNow, judged, unjudged, type Aspect, type Finding, type Verdict } from '../core';
import { combinedValue, describeNoise, differences, emptyNoise, mergeNoise, type Difference, type Noise } from '../noise';
import { cookieAspect, type CookieAspect } from '../noise/fields';
import type { ObservedExchange } from '../spec-model/observed';
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

/** Whether a spec finding (an expectation, not a comparison) is about what a difference names. */
export function covers(difference: Aspect, finding: Pick<Finding, 'aspect' | 'compared'>): boolean {
  const a = finding.aspect;
  if (!a || finding.compared) return false;
  switch (difference.kind) {
    case 'body':
      return a.kind === 'body';
    case 'status':
      return a.kind === 'status';
    case 'header':
      return a.kind === 'header' && a.name === difference.name;
    case 'cookie': {
      if (a.kind !== 'cookie' || a.name !== difference.name) return false;
      // A cookie one side does not set at all: its presence and every attribute expectation.
      const what = difference.attribute as CookieAspect | undefined;
      if (what === undefined) return true;
      if (what === 'lines') return a.attribute === undefined;
      if (what === 'expiry') return a.attribute === 'expires' || a.attribute === 'max-age';
      return a.attribute === what;
    }
    default:
      return false;
  }
}

/** A side's value, or what it is when it changes on every request on that side (so that one cause groups as one row). */
function sideValue(d: Difference, value: string, side: Side): string {
  const noise = side.noise;
  if (!noise || value === '(absent)' || value === '(not set)') return value;
  const a = d.aspect;
  let values: string[] | undefined;
  if (a.kind === 'header' && noise.fields.has(a.name))
    values = (side.answers ?? []).map((x) => combinedValue(x, a.name)).filter((v): v is string => v !== undefined);
  else if (a.kind === 'cookie' && a.attribute !== undefined && noise.cookies.get(a.name)?.has(a.attribute as CookieAspect))
    values = (side.answers ?? []).map((x) => cookieAspect(x, a.name, a.attribute as CookieAspect));
  if (values === undefined) return value;
  const shape = values.length ? tightestShape([...new Set(values)]) : undefined;
  return `(a new value on every request${shape ? `: ${shape}` : ''})`;
}

/** Findings of the comparison; the candidate's spec findings are annotated in place. */
export function diffStep(pair: StepPair): ReplayFinding[] {
  const { stepId, protocol, baseline, candidate, target } = pair;
  const base = { level: 'info' as const, source: 'baseline' as const, clause: DIFF_CLAUSE, target, protocol, step: stepId };
  if (!candidate.first) return [];
  if (!baseline.first) {
    const why = baseline.problem ?? 'no answer';
    return [
      unjudged('error', {
        ...base,
        id: `${stepId} diff`,
        level: 'must',
        expected: "the baseline's answer to compare with",
        actual: '(no baseline answer)',
        message: `baseline: ${why}`,
      }),
    ];
  }

  // The spec's verdicts on both sides, expectation by expectation.
  const baselineById = new Map(baseline.findings.map((f) => [f.id, f]));
  for (const f of candidate.findings) {
    const g = baselineById.get(f.id);
    if (!g) continue;
    if (f.verdict === 'pass' && BASELINE_WRONG.has(g.verdict)) {
      fixedNow(f);
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
    const spoken = candidate.findings.filter((f) => covers(d.aspect, f) && SPEC_SPEAKS.has(f.verdict));
    if (spoken.length) continue;
    const was = sideValue(d, d.first, baseline);
    const finding: Finding = differs({
      ...base,
      id: `${stepId} diff ${aspectText(d.aspect)}`,
      aspect: d.aspect,
      compared: { by: 'diff', first: 'baseline', second: 'candidate', firstValue: was, secondValue: sideValue(d, d.second, candidate) },
      expected: was,
      actual: sideValue(d, d.second, candidate),
      baseline: was,
      ...(d.secrets ? { secrets: d.secrets } : {}),
    });
    if (d.aspect.kind === 'body') {
      const bb = decodedBody(b);
      const cb = decodedBody(c);
      finding.expected = finding.baseline = bodyFacts(bb);
      finding.actual = bodyFacts(cb);
      finding.bodies = { baseline: sha256(decodedBody(baseline.first)), candidate: sha256(cb) };
      const lines = bodyLineDiff(b, c, bb, cb);
      if (lines) finding.detail = lines;
    }
    out.push(Object.assign({}, finding, { protocol }));
  }
  if (out.length === 0) {
    const excused = describeNoise(noise);
    out.push(
      judged(
        true,
        {
          ...base,
          id: `${stepId} diff`,
          expected: 'the same answer as the baseline',
          actual: excused.length ? `the same answer (not compared, noise: ${excused.join('; ')})` : 'the same answer',
        },
        'user',
      ),
    );
  }
  return out;
}
