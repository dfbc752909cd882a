/**
 * The data-driven replay of one spec item (an exchange, or a flow of ordered steps sharing a cookie
 * jar) against a target: each step's request is built from its template, sent over HTTP/1.1 (the
 * undici dispatcher, raw lines kept) and over HTTP/2 (node:http2, when the target offers h2),
 * observed, and evaluated; the two protocols are then compared. Redirects are never followed: a
 * step that wants the next hop captures the Location and names it in its own path.
 *
 * When the two protocols' answers disagree, or a check compares two answers, each leg is asked
 * once more (h1, h2, then h1 and h2 again, with a fresh cookie jar): what differs between the two
 * answers of one protocol is that step's noise, which the protocol comparison excuses and the
 * report lists. Answers that agree need no excuse, so they are not asked for twice. Interleaving
 * the legs means a value that changes with time (a count-down max-age, a cache going from miss to
 * hit) changes between the two answers of one protocol whenever it changes between the protocols.
 */
import { unjudged } from '../core';
import { mergeNoise, recordedNoise, type Noise } from '../noise';
import { newReplayRecord, newStepRecord, type ReplayRecord } from '../record';
import type { ExchangeSpec, FlowSpec, FlowStep } from '../spec-model/types';
import { UnmappedPlaceholderError } from '../target-map';
import type { ReplayClients } from './clients';
import { resolveDiscover } from './discovered';
import { endpointOf, h3SkipReason, refusedAltSvc, runH3, serviceEndpoints } from './h3';
import { evaluateLeg, protocolsDisagree, readsRepeat, stepNoise, type ReplayAnswers } from './evaluate-leg';
import { compareProtocols } from './parity';
import { replayOtherNodes } from './nodes';
import { PROTOCOLS, responseRecord } from './response-record';
import { buildRequest, replayPlaceholders, StepSkip } from './request';
import { levelOf, sendLeg, stepsOf, type ReplayOptions } from './step';

/** Replays one exchange or flow over h1 and h2 and compares the protocols step by step. */
export async function replayItem(item: ExchangeSpec | FlowSpec, clients: ReplayClients, options: ReplayOptions): Promise<ReplayRecord> {
  return (await replayWithAnswers(item, clients, options)).record;
}

/**
 * Why the whole item cannot run, if it cannot: its first request needs an unmapped role ("role not
 * mapped"), or a target value nobody gave (naming the variable to set).
 */
async function itemSkipReason(item: ExchangeSpec | FlowSpec, clients: ReplayClients, options: ReplayOptions): Promise<string | undefined> {
  const first: FlowStep | undefined = stepsOf(item)[0];
  if (!first) return undefined;
  if (first.discover) {
    const r = await resolveDiscover(first, clients, options.role);
    return r.kind === 'skip' ? r.reason : undefined;
  }
  try {
    buildRequest(first, replayPlaceholders(clients.map), clients.map, options.role);
    return undefined;
  } catch (e) {
    if (e instanceof UnmappedPlaceholderError) return `role not mapped (${e.role})`;
    if (!(e instanceof StepSkip)) throw e;
    return e.uncapturedVariable === undefined ? e.message : undefined;
  }
}

/** `replayItem`, also giving the answers themselves (a differential run compares them with another target's). */
export async function replayWithAnswers(
  item: ExchangeSpec | FlowSpec,
  clients: ReplayClients,
  options: ReplayOptions,
): Promise<{ record: ReplayRecord } & ReplayAnswers> {
  const kind = 'steps' in item ? 'flow' : 'exchange';
  const rec = newReplayRecord({ id: item.id, role: options.role, kind, target: options.targetName ?? clients.map.origin });
  const firsts: ReplayAnswers['firsts'] = {};
  const agains: ReplayAnswers['agains'] = {};
  const skipped = await itemSkipReason(item, clients, options);
  if (skipped !== undefined) {
    rec.skipped = skipped;
    return { record: rec, firsts, agains };
  }
  for (const protocol of PROTOCOLS) {
    const { leg, sent } = await sendLeg(protocol, item, clients, options);
    if (leg.steps.length && leg.steps.every((s) => s.skipped) && protocol === 'h2') leg.skipped = leg.steps[0].skipped;
    rec.legs.push(leg);
    firsts[protocol] = sent;
  }
  const steps = stepsOf(item);
  if (options.alwaysRepeat || readsRepeat(item) || protocolsDisagree(steps, firsts)) {
    for (const protocol of PROTOCOLS) {
      if (!firsts[protocol]?.some((s) => s.observed)) continue;
      agains[protocol] = (await sendLeg(protocol, item, clients, options)).sent;
    }
  }
  for (const protocol of PROTOCOLS) evaluateLeg(protocol, item, firsts[protocol] ?? [], agains[protocol], clients, options);
  const noise = steps.map((step, i) => parityOfStep(step, i, rec, { firsts, agains }));
  await h3Leg(item, rec, firsts, clients, options);
  await replayOtherNodes(item, rec, { firsts, agains, noise }, clients, options);
  return { record: rec, firsts, agains };
}

/** Step `i`'s noise on each protocol (kept in its record), then h1 compared with h2 with that noise excused; the noise, united, for the other comparisons of the step. */
function parityOfStep(step: FlowStep, i: number, rec: ReplayRecord, answers: ReplayAnswers): Noise {
  const { firsts } = answers;
  const perProtocol = stepNoise(answers, i);
  for (const [p, n] of perProtocol) {
    const stepRec = firsts[p]?.[i]?.rec;
    if (stepRec && n) stepRec.noise = recordedNoise(n);
  }
  const noise = mergeNoise(...perProtocol.map(([, n]) => n));
  const a = firsts.h1?.[i]?.observed;
  const b = firsts.h2?.[i]?.observed;
  if (a && b) rec.parity.push(...compareProtocols(step.id, a, b, noise).map((f) => Object.assign(f, { step: step.id })));
  else if (a && !b) {
    const reason = rec.legs[1].steps[i]?.skipped ?? 'no h2 response';
    const expected = 'the same response over h1 and h2';
    rec.parity.push(
      unjudged('skip', {
        id: `${step.id} parity`,
        aspect: { kind: 'fact', name: 'parity' },
        step: step.id,
        level: 'must',
        expected,
        actual: reason,
        source: 'rfc',
        target: rec.target,
      }),
    );
  }
  return noise;
}

/** The HTTP/3 leg of an item (h3.ts): a leg record, skipped with its reason, or one step and its parity findings. */
async function h3Leg(
  item: ExchangeSpec | FlowSpec,
  rec: ReplayRecord,
  firsts: ReplayAnswers['firsts'],
  clients: ReplayClients,
  options: ReplayOptions,
): Promise<void> {
  const sent = firsts.h1?.[0];
  const h1 =
    sent?.observed && sent.rec.request
      ? {
          request: { ...sent.rec.request, headers: Object.fromEntries(sent.rec.request.headers), ...(sent.body ? { body: sent.body } : {}) },
          lines: sent.observed.lines,
        }
      : undefined;
  const skipped = h3SkipReason(item, clients.map, h1, clients.h3);
  const refused = h1 && !('steps' in item) && refusedAltSvc(item.id, clients.map, h1.lines, { target: options.targetName ?? clients.map.origin });
  if (refused && h1) {
    const request = { method: h1.request.method, url: h1.request.url, headers: Object.entries(h1.request.headers) };
    const step = newStepRecord(item.id, 'h3');
    step.request = request;
    step.findings.push(refused);
    rec.legs.push({ protocol: 'h3', steps: [step] });
    return;
  }
  if (skipped || !h1 || !clients.h3 || 'steps' in item) {
    rec.legs.push({ protocol: 'h3', skipped: skipped ?? 'not sent', steps: [] });
    return;
  }
  const url = new URL(h1.request.url);
  const endpoint = endpointOf(clients.map, url, h1.lines);
  if (!endpoint) return;
  const target = options.targetName ?? clients.map.origin;
  if (!clients.h3.prepared) await clients.h3.prepare(await serviceEndpoints(clients.map, clients.h1));
  await clients.beforeRequest?.(h1.request, 'h3');
  const outcome = await runH3(
    item.id,
    h1.request,
    endpoint,
    { h3: clients.h3, h1: clients.h1, map: clients.map },
    { target, level: levelOf(item), source: item.source },
  );
  const step = newStepRecord(item.id, 'h3');
  step.findings.push(...outcome.findings);
  step.h3 = {
    endpoint: `${endpoint.address}:${endpoint.port}`,
    ...(outcome.answer ? { command: outcome.answer.command } : {}),
    ...(outcome.twin ? { twin: responseRecord(outcome.twin) } : {}),
  };
  if (outcome.observed) {
    step.request = outcome.observed.request;
    step.response = responseRecord(outcome.observed);
  } else step.request = { method: h1.request.method, url: h1.request.url, headers: Object.entries(h1.request.headers) };
  if (outcome.noise) step.noise = recordedNoise(outcome.noise);
  if (sent?.rec.discovered) step.discovered = sent.rec.discovered;
  rec.legs.push({ protocol: 'h3', steps: [step] });
  rec.parity.push(...outcome.parity.map((f) => Object.assign({}, f, { step: step.id })));
}
