/**
 * What the answers of a leg mean: each step evaluated against its expectations (with the repeated
 * answer at hand for checks that compare two), a body the harness could not take in, whether the
 * protocols disagree, and what differed between two answers of one protocol (its noise).
 */
import type { Protocol, ReplayFinding } from '../record';
import { unjudged, type Finding } from '../core';
import type { Provenance } from '../spec-model/types';
import { emptyNoise, learnNoise, type Noise } from '../noise';
import { CHECKS, selectChecks } from '../checks';
import { evaluateExchange } from '../spec-model/evaluate';
import type { ObservedExchange } from '../spec-model/observed';
import type { ExchangeSpec, FlowSpec, FlowStep } from '../spec-model/types';
import type { ObservedResponse } from '../transport/send';
import type { ReplayClients } from './clients';
import { compareProtocols } from './parity';
import { PROTOCOLS } from './response-record';
import { judgedAsOf, stepsOf, type ReplayOptions, type SentStep } from './step';

/** The answers of one item: each protocol's legs, and the repeated legs when they were asked for. */
export interface ReplayAnswers {
  firsts: Partial<Record<Protocol, SentStep[]>>;
  agains: Partial<Record<Protocol, SentStep[]>>;
}

/**
 * A body the harness could not take in whole (over the cap) or could not decode (a broken coding)
 * is a run error of the step, whatever the expectations say about the body.
 */
export function bodyError(
  stepId: string,
  response: ObservedResponse,
  observed: ObservedExchange,
  on: { target: string; role: string; source: Provenance; protocol: Protocol },
): ReplayFinding | undefined {
  const { target, role, source, protocol } = on;
  const base = { id: `${stepId} body`, aspect: { kind: 'body' as const }, level: 'must' as const, target, source, protocol };
  if (response.truncated) {
    const t = response.truncated;
    return unjudged('error', {
      ...base,
      // The cap the transport applied: a body over it keeps exactly its first cap bytes.
      expected: `a body of at most ${t.keptBytes} bytes (HARNESS_BODY_CAP_BYTES)`,
      actual: `${t.totalBytes} bytes, SHA-256 ${t.sha256}`,
      message: `${role}: ${observed.request.url}: body larger than the cap, truncated to ${t.keptBytes} bytes`,
    });
  }
  if (observed.decodeError && observed.status !== 304 && observed.request.method !== 'HEAD') {
    return unjudged('error', {
      ...base,
      expected: 'a body that decodes per its Content-Encoding',
      actual: observed.decodeError,
      message: `${role}: ${observed.request.url}: body could not be decoded: ${observed.decodeError}`,
    });
  }
  return undefined;
}

/** Evaluates the steps of one leg, each with the same step of the repeated leg at hand for checks that compare two answers. */
export function evaluateLeg(
  protocol: Protocol,
  item: ExchangeSpec | FlowSpec,
  first: SentStep[],
  again: SentStep[] | undefined,
  clients: ReplayClients,
  options: ReplayOptions,
): void {
  const flowChecks = 'steps' in item ? (item.checks ?? []) : [];
  const target = options.targetName ?? clients.map.origin;
  const previous: ObservedExchange[] = [];
  first.forEach((s, i) => {
    const observed = s.observed;
    if (!observed || !s.values || !s.response) return;
    const repeat = again?.[i]?.observed;
    const checks = [...(s.step.checks ?? []), ...flowChecks];
    const findings: Finding[] = evaluateExchange(checks.length ? Object.assign({}, s.step, { checks }) : s.step, observed, {
      role: options.role,
      placeholders: s.values,
      targetOrigin: judgedAsOf(options, clients),
      previous: [...previous],
      ...(repeat ? { repeat } : {}),
      checks: CHECKS,
    });
    s.rec.findings.push(...findings.map((f) => Object.assign(f, { protocol })));
    const bodyProblem = bodyError(s.step.id, s.response, observed, { target, role: options.role, source: s.step.source, protocol });
    if (bodyProblem) s.rec.findings.push(bodyProblem);
    // The repeated request failing is the target's failure too; its other findings are not reported twice.
    const r = again?.[i];
    if (r && !r.observed)
      for (const f of r.rec.findings)
        if (f.verdict === 'error') s.rec.findings.push(Object.assign({}, f, { id: f.id.replace(`${s.step.id} `, `${s.step.id} repeat `) }));
    previous.push(observed);
  });
}

/** Whether any step runs a check that compares two answers to the same request. */
export function readsRepeat(item: ExchangeSpec | FlowSpec): boolean {
  const flowChecks = 'steps' in item ? (item.checks ?? []) : [];
  return stepsOf(item).some((s) => selectChecks([...(s.checks ?? []), ...flowChecks], CHECKS).some((c) => c.readsRepeat));
}

/**
 * The one noise learner of a replay's answers: for step `i`, what differed between its two answers
 * on each protocol, learned within a protocol and never across (undefined where the step was asked
 * once). The replay records it per leg; the replay and the differential mode unite it per side.
 */
export function stepNoise(answers: ReplayAnswers, i: number): Array<readonly [Protocol, Noise | undefined]> {
  return PROTOCOLS.map((p) => {
    const a = answers.firsts[p]?.[i]?.observed;
    const b = answers.agains[p]?.[i]?.observed;
    return [p, a && b ? learnNoise(a, b) : undefined] as const;
  });
}

/** Whether the first answers of the two protocols differ anywhere (so noise must be learned to judge them). */
export function protocolsDisagree(steps: FlowStep[], firsts: ReplayAnswers['firsts']): boolean {
  return steps.some((step, i) => {
    const a = firsts.h1?.[i]?.observed;
    const b = firsts.h2?.[i]?.observed;
    return a !== undefined && b !== undefined && compareProtocols(step.id, a, b, emptyNoise()).some((f) => f.verdict !== 'pass');
  });
}
