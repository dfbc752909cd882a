/**
 * A differential replay of one spec item: the candidate (the target) as in a single-target run,
 * then the baseline, every step asked twice on each protocol (its noise), then the two compared
 * step by step and protocol by protocol. Items are paired by spec id; each side discovers its own
 * addresses and takes its own target values, so a discovered address that differs is shown, not
 * counted. Only safe methods reach the baseline unless the user allows the others.
 */
import type { Protocol, ReplayFinding, ReplayRecord } from '../record';
import { differs, fieldLines, unjudged, type Finding } from '../core';
import { mergeNoise, type Noise } from '../noise';
import type { ObservedExchange } from '../spec-model/observed';
import { replayWithAnswers, stepNoise, type ReplayAnswers, type ReplayClients, type SentStep } from '../replay';
import { PROTOCOLS } from '../replay';
import type { ExchangeSpec, FlowSpec, FlowStep } from '../spec-model/types';
import type { BaselineSettings, Role } from '../target-map';
import { decodedBody, sha256 } from './body';
import { DIFF_CLAUSE, diffStep } from './compare';
import { hostMapping, type HostMapping } from './hosts';

/** Methods that do not change the baseline's state (RFC 9110 §9.2.1), the only ones it is sent by default. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface DifferentialOptions {
  role: Role;
  settings: BaselineSettings;
  /** Baseline names -> candidate names (built once per run from the two maps). */
  hosts?: HostMapping;
}

/** A body a diff finding names by its SHA-256, to be saved beside the report. */
export interface SavedBody {
  sha256: string;
  contentType: string;
  body: Buffer;
}

/** Why an item is not sent to the baseline, or undefined when it may be. */
export function unsafeReason(item: ExchangeSpec | FlowSpec, settings: BaselineSettings): string | undefined {
  if (settings.allowUnsafe) return undefined;
  const steps: FlowStep[] = 'steps' in item ? item.steps : [item];
  const unsafe = [...new Set(steps.map((s) => (s.request.method ?? 'GET').toUpperCase()).filter((m) => !SAFE_METHODS.has(m)))];
  return unsafe.length
    ? `not sent to the baseline: ${unsafe.join(', ')} is not a safe method (only GET, HEAD and OPTIONS are; BASELINE_ALLOW_UNSAFE=1 sends it)`
    : undefined;
}

const stepsOf = (item: ExchangeSpec | FlowSpec): FlowStep[] => ('steps' in item ? item.steps : [item]);

/** Why a sent step has no answer: its skip reason or its run error. */
function problemOf(s: SentStep | undefined, legSkipped: string | undefined): string | undefined {
  if (!s) return legSkipped ?? 'not sent';
  if (s.observed) return undefined;
  const error = s.rec.findings.find((f) => f.verdict === 'error');
  return s.rec.skipped ?? error?.message ?? error?.actual ?? legSkipped ?? 'no answer';
}

export async function replayDifferential(
  item: ExchangeSpec | FlowSpec,
  candidate: ReplayClients,
  baseline: ReplayClients,
  options: DifferentialOptions,
): Promise<{ record: ReplayRecord; bodies: SavedBody[] }> {
  const cand = await replayWithAnswers(item, candidate, { role: options.role });
  const record = cand.record;
  if (record.skipped) return { record, bodies: [] };
  const skipDiff = (reason: string): ReplayFinding =>
    unjudged('skip', {
      id: `${item.id} diff`,
      level: 'info',
      expected: "the baseline's answer to compare with",
      actual: reason,
      message: reason,
      source: 'baseline',
      clause: DIFF_CLAUSE,
      target: record.target,
      // An exchange is its one step; a flow's whole comparison is no one step's.
      ...('steps' in item ? {} : { step: item.id }),
    });
  const unsafe = unsafeReason(item, options.settings);
  if (unsafe) {
    record.baseline = { target: 'baseline', skipped: unsafe, legs: [] };
    record.diff = [skipDiff(unsafe)];
    return { record, bodies: [] };
  }
  const base = await replayWithAnswers(item, baseline, { role: options.role, targetName: 'baseline', alwaysRepeat: true });
  record.baseline = { target: base.record.target, legs: base.record.legs, ...(base.record.skipped ? { skipped: base.record.skipped } : {}) };
  if (base.record.skipped) {
    record.diff = [skipDiff(`the baseline skips this: ${base.record.skipped}`)];
    return { record, bodies: [] };
  }
  const hosts = options.hosts ?? hostMapping(baseline.map, candidate.map);
  const diff: ReplayFinding[] = [];
  for (const protocol of PROTOCOLS) diff.push(...compareLeg(item, protocol, cand, base, hosts, record));
  record.diff = diff;
  return { record, bodies: savedBodies(diff, cand, base) };
}

function compareLeg(
  item: ExchangeSpec | FlowSpec,
  protocol: Protocol,
  cand: ReplayAnswers & { record: ReplayRecord },
  base: ReplayAnswers & { record: ReplayRecord },
  hosts: HostMapping,
  record: ReplayRecord,
): ReplayFinding[] {
  const candLeg = cand.record.legs.find((l) => l.protocol === protocol);
  const baseLeg = base.record.legs.find((l) => l.protocol === protocol);
  const candAnswered = cand.firsts[protocol]?.some((s) => s.observed) ?? false;
  const baseAnswered = base.firsts[protocol]?.some((s) => s.observed) ?? false;
  // A protocol one side offers and the other does not is one difference, not one per step.
  if (candLeg?.skipped && !baseLeg?.skipped && baseAnswered) return [protocolDiff(item, protocol, `answers over ${protocol}`, candLeg.skipped, record.target)];
  if (baseLeg?.skipped && !candLeg?.skipped && candAnswered) return [protocolDiff(item, protocol, baseLeg.skipped, `answers over ${protocol}`, record.target)];
  if (candLeg?.skipped) return [];
  const out: ReplayFinding[] = [];
  stepsOf(item).forEach((step, i) => {
    const c = cand.firsts[protocol]?.[i];
    const b = base.firsts[protocol]?.[i];
    if (!c?.observed) return;
    out.push(
      ...diffStep({
        stepId: step.id,
        protocol,
        baseline: {
          first: b?.observed,
          noise: noiseOf(base, i),
          answers: answersOf(base, i),
          findings: b?.rec.findings ?? [],
          problem: problemOf(b, baseLeg?.skipped),
        },
        candidate: { first: c.observed, noise: noiseOf(cand, i), answers: answersOf(cand, i), findings: c.rec.findings },
        hosts,
        target: record.target,
      }),
    );
  });
  return out;
}

/** Every answer a side gave to step `i`, both protocols and both askings. */
function answersOf(a: ReplayAnswers, i: number): ObservedExchange[] {
  return PROTOCOLS.flatMap((p) => [a.firsts[p]?.[i]?.observed, a.agains[p]?.[i]?.observed]).filter((x): x is ObservedExchange => x !== undefined);
}

/**
 * A side's noise for step `i`: learned within each protocol (never across), then united: a field
 * that changes between two answers over h1 changes on that side, over h2 too.
 */
function noiseOf(a: ReplayAnswers, i: number): Noise | undefined {
  const learned = stepNoise(a, i)
    .map(([, n]) => n)
    .filter((n): n is Noise => n !== undefined);
  return learned.length ? mergeNoise(...learned) : undefined;
}

function protocolDiff(item: ExchangeSpec | FlowSpec, protocol: Protocol, baseline: string, candidate: string, target: string): ReplayFinding {
  return differs({
    id: `${item.id} diff protocol ${protocol}`,
    ...('steps' in item ? {} : { step: item.id }),
    level: 'info',
    expected: baseline,
    actual: candidate,
    baseline,
    source: 'baseline',
    clause: DIFF_CLAUSE,
    target,
    protocol,
  });
}

/** The bodies the body differences name, each once. */
function savedBodies(diff: Finding[], cand: ReplayAnswers, base: ReplayAnswers): SavedBody[] {
  const wanted = new Set(diff.flatMap((f) => (f.bodies ? [f.bodies.baseline, f.bodies.candidate] : [])).filter((x): x is string => x !== undefined));
  const out = new Map<string, SavedBody>();
  for (const answers of [cand, base])
    for (const p of PROTOCOLS)
      for (const s of answers.firsts[p] ?? []) {
        if (!s.observed) continue;
        const body = decodedBody(s.observed);
        const sha = sha256(body);
        if (!wanted.has(sha) || out.has(sha)) continue;
        out.set(sha, { sha256: sha, contentType: fieldLines(s.observed.lines, 'content-type')[0] ?? 'application/octet-stream', body });
      }
  return [...out.values()];
}
