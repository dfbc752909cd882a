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
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { Dispatcher } from 'undici';
import { defaultLevel, fieldLines, fieldValue, verdictFor, type Finding } from '../core';
import { describeNoise, emptyNoise, learnNoise, mergeNoise, type Noise } from '../noise';
import { CHECKS, selectChecks } from '../checks';
import { evaluateExchange } from '../spec-model/evaluate';
import { toObservedExchange } from '../spec-model/observe';
import type { ObservedExchange, ObservedTls } from '../spec-model/observed';
import type { PlaceholderValues } from '../spec-model/placeholders';
import type { ExchangeSpec, FlowSpec, FlowStep } from '../spec-model/types';
import { createDispatcher, UnmappedPlaceholderError, type Role, type TargetMap } from '../target-map';
import { H2Client, tlsFacts } from '../transport/h2';
import { limits } from '../target-map/limits';
import { send, TransportError, type ObservedResponse } from '../transport/send';
import type { TruncatedBody } from '../transport/body-sink';
import type { Discovery } from '../discover/discovery';
import { readPages } from '../discover/shared-pages';
import { answerFacts, type AnswerFacts } from './answer-facts';
import { CookieJar } from './cookie-jar';
import { disagreementFindings, discoveryOver, missFinding, resolveDiscover } from './discovered';
import { buildRequest, RefusedAddressError, replayPlaceholders, StepSkip, type BuiltRequest } from './request';

export { buildRequest, replayPlaceholders } from './request';
import { compareProtocols } from './parity';
import { H3Client } from './h3-client';
import { endpointOf, h3SkipReason, refusedAltSvc, runH3, serviceEndpoints } from './h3';
import type { Protocol, ReplayFinding } from './summary';

export const PROTOCOLS: readonly Protocol[] = ['h1', 'h2'];

export type BeforeRequest = (request: { method: string; url: string; headers: Record<string, string>; body?: Buffer }, protocol: Protocol) => Promise<void>;

/** Clients of one target, shared by the tests of a worker. */
export class ReplayClients {
  readonly h1: Dispatcher;
  readonly h2: H2Client;
  /** The source pages of `discover` blocks, each read once for the life of these clients. */
  readonly discovery: Discovery;
  /** TLS facts of the h1 connections, by origin (every connection to an origin presents the same). */
  private readonly tls = new Map<string, ObservedTls>();

  /** Awaited before every request of a step (a rate cap on a baseline that is production), with the request about to leave. */
  readonly beforeRequest?: BeforeRequest;
  /** The HTTP/3 leg's browser (launched at its first request); absent with TARGET_H3=0 or `h3: false`. */
  readonly h3?: H3Client;

  /**
   * `discoveryFile`: the source pages the run's set-up read (HARNESS_DISCOVERY_FILE), not asked for again.
   * `h3: false`: no HTTP/3 legs (a differential run's baseline: its h1 and h2 answers are what the target is compared with).
   */
  constructor(
    readonly map: TargetMap,
    options: { discoveryFile?: string; beforeRequest?: BeforeRequest; h3?: boolean } = {},
  ) {
    if (options.beforeRequest) this.beforeRequest = options.beforeRequest;
    if (options.h3 !== false && !map.h3Off) this.h3 = new H3Client(map);
    this.h1 = createDispatcher(map, {
      allowH2: false,
      onSocket: (socket: Socket, o) => {
        if ('getPeerCertificate' in socket) this.tls.set(`${o.protocol}//${o.hostname}:${o.port}`, tlsFacts(socket as TLSSocket));
      },
    });
    this.h2 = new H2Client(map);
    this.discovery = discoveryOver(this.h1);
    if (options.discoveryFile) for (const page of readPages(options.discoveryFile)) this.discovery.seed(page);
  }

  tlsOf(url: URL): ObservedTls | undefined {
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    return this.tls.get(`${url.protocol}//${url.hostname}:${port}`);
  }

  async close(): Promise<void> {
    await Promise.all([this.h1.close(), this.h2.close(), this.h3?.close()]);
  }
}

export interface ReplayOptions {
  role: Role;
  /** Name of the target in findings (differential runs keep two). Default: the map's origin. */
  targetName?: string;
  /** Ask every step twice on each protocol, agreeing or not (a baseline, whose noise excuses a comparison with another target). */
  alwaysRepeat?: boolean;
}

/** What one step showed on one protocol, for the report. */
export interface StepRecord {
  id: string;
  protocol: Protocol;
  skipped?: string;
  request?: { method: string; url: string; headers: Array<[string, string]> };
  response?: {
    protocol: ObservedExchange['protocol'];
    status: number;
    lines: Array<[string, string]>;
    bodySize: number;
    decodedSize?: number;
    decodeError?: string;
    tls?: ObservedTls;
    timings: ObservedExchange['timings'];
  } & Partial<AnswerFacts>;
  /** The target's own address for a step with `discover`, and where it was read (or what was looked for, when nothing fitted). */
  discovered?: { template: string; from: string; url?: string; via?: string };
  /** What differed between the two answers of this step over this protocol: excused in comparisons, never in expectations. */
  noise?: string[];
  /** HTTP/3: the endpoint QUIC was forced to, the command that reproduces the request, and the h1 answer to the same header fields it was compared with. */
  h3?: { endpoint: string; command?: string; twin?: StepRecord['response'] };
  findings: ReplayFinding[];
}

export interface LegRecord {
  protocol: Protocol;
  skipped?: string;
  steps: StepRecord[];
}

export interface ReplayRecord {
  id: string;
  /** The role of the spec item, or `service` for expectations about the service as a whole. */
  role: Role | 'service';
  kind: 'exchange' | 'flow';
  target: string;
  /** The whole item could not run (a placeholder of an unmapped role). */
  skipped?: string;
  legs: LegRecord[];
  parity: ReplayFinding[];
  /** Differential runs: what the baseline answered (its own spec findings are shown, never counted). */
  baseline?: { target: string; skipped?: string; legs: LegRecord[] };
  /** Differential runs: the comparison with the baseline (diff findings, or why it could not be made). */
  diff?: ReplayFinding[];
}

/** Every finding of a record that judges the target: legs, parity, and the comparison with a baseline. */
export function allFindings(record: ReplayRecord): ReplayFinding[] {
  return [...record.legs.flatMap((l) => l.steps.flatMap((s) => s.findings)), ...record.parity, ...(record.diff ?? [])];
}

function capture(step: FlowStep, observed: ObservedExchange, jar: CookieJar): Array<[string, string | undefined, string]> {
  const out: Array<[string, string | undefined, string]> = [];
  for (const [name, c] of Object.entries(step.capture ?? {})) {
    let raw: string | undefined;
    let from: string;
    if (c.cookie !== undefined) {
      from = `cookie ${c.cookie}`;
      const set = observed.cookies.filter((x) => x.name === c.cookie);
      raw = set.length ? set[set.length - 1].value : jar.get(c.cookie);
    } else {
      from = `header ${c.header}`;
      raw = fieldValue(observed.lines, c.header ?? '');
    }
    let value = raw;
    if (raw !== undefined && c.regex !== undefined) {
      const m = new RegExp(c.regex).exec(raw);
      value = m ? (m[1] ?? m[0]) : undefined;
      from += ` matching /${c.regex}/`;
    }
    out.push([name, value, from]);
  }
  return out;
}

/**
 * A body the harness could not take in whole (over the cap) or could not decode (a broken coding)
 * is a run error of the step, whatever the expectations say about the body.
 */
export function bodyError(stepId: string, response: ObservedResponse, observed: ObservedExchange, target: string): Omit<ReplayFinding, 'source'> | undefined {
  if (response.truncated) {
    const t = response.truncated;
    return {
      id: `${stepId} body`,
      verdict: 'error',
      level: 'must',
      expected: `a body of at most ${limits().bodyCapBytes} bytes (HARNESS_BODY_CAP_BYTES)`,
      actual: `${t.totalBytes} bytes, SHA-256 ${t.sha256}`,
      message: `${observed.request.url}: body larger than the cap, truncated to ${t.keptBytes} bytes`,
      target,
    };
  }
  if (observed.decodeError && observed.status !== 304 && observed.request.method !== 'HEAD') {
    return {
      id: `${stepId} body`,
      verdict: 'error',
      level: 'must',
      expected: 'a body that decodes per its Content-Encoding',
      actual: observed.decodeError,
      message: `${observed.request.url}: body could not be decoded: ${observed.decodeError}`,
      target,
    };
  }
  return undefined;
}

/**
 * What a step's record keeps of an answer: the one recorder of the replay and the raw flows. The
 * body's size is the size the target sent, also when only its first cap bytes were kept.
 */
export function responseRecord(observed: ObservedExchange, truncated?: TruncatedBody): StepRecord['response'] {
  return {
    protocol: observed.protocol,
    status: observed.status,
    lines: observed.lines,
    bodySize: truncated?.totalBytes ?? observed.body.length,
    ...(observed.decoded ? { decodedSize: observed.decoded.length } : {}),
    ...(observed.decodeError ? { decodeError: observed.decodeError } : {}),
    ...(observed.tls ? { tls: observed.tls } : {}),
    timings: observed.timings,
    ...answerFacts(observed),
  };
}

/** One step as sent on one leg: its record, its answer, and what it was evaluated with. */
export interface SentStep {
  step: FlowStep;
  rec: StepRecord;
  observed?: ObservedExchange;
  response?: ObservedResponse;
  values?: PlaceholderValues;
  /** The request body sent (the HTTP/3 leg sends it again). */
  body?: Buffer;
}

const levelOf = (step: ExchangeSpec) => step.level ?? defaultLevel(step.source);

/** Sends every step of one leg in order (one cookie jar, flow variables captured); evaluates nothing. */
async function sendLeg(
  protocol: Protocol,
  item: ExchangeSpec | FlowSpec,
  clients: ReplayClients,
  options: ReplayOptions,
): Promise<{ leg: LegRecord; sent: SentStep[] }> {
  const { map } = clients;
  const steps: FlowStep[] = 'steps' in item ? item.steps : [item];
  const target = options.targetName ?? map.origin;
  const jar = new CookieJar();
  const vars: Record<string, string> = {};
  const leg: LegRecord = { protocol, steps: [] };
  const sent: SentStep[] = [];
  const base = replayPlaceholders(map);
  let stopped: string | undefined;

  for (const step of steps) {
    const rec: StepRecord = { id: step.id, protocol, findings: [] };
    const s: SentStep = { step, rec };
    leg.steps.push(rec);
    sent.push(s);
    const fail = (id: string, verdict: 'skip' | 'error' | 'fail', expected: string, actual: string, message?: string) =>
      rec.findings.push({ id, verdict, level: levelOf(step), expected, actual, ...(message ? { message } : {}), source: step.source, target, protocol });
    if (stopped) {
      rec.skipped = stopped;
      continue;
    }
    let values: PlaceholderValues = { ...base, ...Object.fromEntries(Object.entries(vars).map(([k, v]) => [`{{${k}}}`, v])) };
    if (step.discover) {
      const r = await resolveDiscover(step, clients, options.role, values);
      if (r.kind === 'skip') {
        rec.skipped = r.reason;
        fail(`${step.id} request`, 'skip', 'a request that can be built', r.reason);
        stopped = `an earlier step was skipped (${r.reason})`;
        continue;
      }
      if (r.kind === 'miss') {
        rec.discovered = { template: r.miss.template, from: r.miss.from };
        rec.findings.push({ ...missFinding(step, r.miss, map, target), protocol });
        stopped = 'an earlier step found no address to ask for';
        continue;
      }
      rec.discovered = { template: r.found.template, from: r.found.from, url: r.found.url, via: r.found.via };
      rec.findings.push(...disagreementFindings(step, r.found, map, target).map((f) => ({ ...f, protocol })));
      values = { ...values, ...Object.fromEntries(Object.entries(r.vars).map(([k, v]) => [`{{${k}}}`, v])) };
    }
    s.values = values;
    let req: BuiltRequest;
    try {
      req = buildRequest(step, values, map, options.role, jar);
    } catch (e) {
      if (e instanceof StepSkip || e instanceof UnmappedPlaceholderError) {
        rec.skipped = e instanceof UnmappedPlaceholderError ? `role not mapped (${e.role})` : e.message;
        fail(`${step.id} request`, 'skip', 'a request that can be built', rec.skipped);
        stopped = `an earlier step was skipped (${rec.skipped})`;
        continue;
      }
      if (e instanceof RefusedAddressError) {
        fail(`${step.id} request`, 'fail', 'an address at an origin of the target map', e.url, `${options.role}: ${e.message}`);
        stopped = `an earlier step named an address outside the target map (${e.url})`;
        continue;
      }
      throw e;
    }
    rec.request = { method: req.method, url: req.url, headers: Object.entries(req.headers) };
    const url = new URL(req.url);
    if (protocol === 'h2') {
      let probe;
      try {
        probe = await clients.h2.probe(url.origin);
      } catch (e) {
        fail(`${step.id} transport`, 'error', 'a response', '(no response)', `${options.role}: ${(e as Error).message}`);
        stopped = 'an earlier step got no response';
        continue;
      }
      if (!probe.offered) {
        rec.skipped = probe.reason;
        stopped = probe.reason;
        continue;
      }
    }
    const spec = { url: req.url, method: req.method, headers: req.headers, ...(req.body ? { body: req.body } : {}) };
    if (req.body) s.body = req.body;
    await clients.beforeRequest?.(spec, protocol);
    const startedAt = new Date();
    const t0 = performance.now();
    let response: ObservedResponse;
    let tls: ObservedTls | undefined;
    try {
      if (protocol === 'h1') {
        response = await send(clients.h1, spec);
        tls = clients.tlsOf(url);
      } else {
        const r = await clients.h2.request(spec);
        response = r;
        tls = r.tls;
      }
    } catch (e) {
      fail(
        `${step.id} transport`,
        'error',
        'a response',
        '(no response)',
        `${options.role}: ${e instanceof TransportError ? e.message : (e as Error).message}`,
      );
      stopped = 'an earlier step got no response';
      continue;
    }
    const totalMs = performance.now() - t0;
    const observed = toObservedExchange({
      target,
      request: { method: req.method, url: req.url, headers: Object.entries(req.headers) },
      response,
      protocol,
      ...(tls ? { tls } : {}),
      startedAt,
      totalMs: Math.round(totalMs * 1000) / 1000,
    });
    rec.response = responseRecord(observed, response.truncated);
    s.observed = observed;
    s.response = response;
    jar.store(req.url, fieldLines(observed.lines, 'set-cookie'));
    for (const [name, value, from] of capture(step, observed, jar)) {
      if (value === undefined) {
        const verdict = verdictFor(false, levelOf(step), map.origin);
        rec.findings.push({
          id: `${step.id} capture ${name}`,
          verdict,
          level: levelOf(step),
          expected: `a value from ${from}`,
          actual: '(absent)',
          source: step.source,
          clause: step.clause,
          target,
          protocol,
        });
      } else {
        vars[name] = value;
      }
    }
  }
  return { leg, sent };
}

/** Evaluates the steps of one leg, each with the same step of the repeated leg at hand for checks that compare two answers. */
function evaluateLeg(
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
    const findings: Finding[] = evaluateExchange(checks.length ? { ...s.step, checks } : s.step, observed, {
      role: options.role,
      placeholders: s.values,
      targetOrigin: clients.map.origin,
      previous: [...previous],
      ...(repeat ? { repeat } : {}),
      checks: CHECKS,
    });
    s.rec.findings.push(...findings.map((f) => ({ ...f, protocol })));
    const bodyProblem = bodyError(s.step.id, s.response, observed, target);
    if (bodyProblem) s.rec.findings.push({ ...bodyProblem, message: `${options.role}: ${bodyProblem.message ?? ''}`, source: s.step.source, protocol });
    // The repeated request failing is the target's failure too; its other findings are not reported twice.
    const r = again?.[i];
    if (r && !r.observed)
      for (const f of r.rec.findings) if (f.verdict === 'error') s.rec.findings.push({ ...f, id: f.id.replace(`${s.step.id} `, `${s.step.id} repeat `) });
    previous.push(observed);
  });
}

/** The answers of one item: each protocol's legs, and the repeated legs when they were asked for. */
export interface ReplayAnswers {
  firsts: Partial<Record<Protocol, SentStep[]>>;
  agains: Partial<Record<Protocol, SentStep[]>>;
}

/** Replays one exchange or flow over h1 and h2 and compares the protocols step by step. */
export async function replayItem(item: ExchangeSpec | FlowSpec, clients: ReplayClients, options: ReplayOptions): Promise<ReplayRecord> {
  return (await replayWithAnswers(item, clients, options)).record;
}

/** Whether any step runs a check that compares two answers to the same request. */
function readsRepeat(item: ExchangeSpec | FlowSpec): boolean {
  const flowChecks = 'steps' in item ? (item.checks ?? []) : [];
  const steps: FlowStep[] = 'steps' in item ? item.steps : [item];
  return steps.some((s) => selectChecks([...(s.checks ?? []), ...flowChecks], CHECKS).some((c) => c.readsRepeat));
}

/** Whether the first answers of the two protocols differ anywhere (so noise must be learned to judge them). */
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

function protocolsDisagree(steps: FlowStep[], firsts: ReplayAnswers['firsts']): boolean {
  return steps.some((step, i) => {
    const a = firsts.h1?.[i]?.observed;
    const b = firsts.h2?.[i]?.observed;
    return a !== undefined && b !== undefined && compareProtocols(step.id, a, b, emptyNoise()).some((f) => f.verdict !== 'pass');
  });
}

/** `replayItem`, also giving the answers themselves (a differential run compares them with another target's). */
export async function replayWithAnswers(
  item: ExchangeSpec | FlowSpec,
  clients: ReplayClients,
  options: ReplayOptions,
): Promise<{ record: ReplayRecord } & ReplayAnswers> {
  const kind = 'steps' in item ? 'flow' : 'exchange';
  const rec: ReplayRecord = { id: item.id, role: options.role, kind, target: options.targetName ?? clients.map.origin, legs: [], parity: [] };
  const firsts: ReplayAnswers['firsts'] = {};
  const agains: ReplayAnswers['agains'] = {};
  const first: FlowStep | undefined = 'steps' in item ? item.steps[0] : item;
  // A first request that needs an unmapped role skips the whole item ("role not mapped").
  // So does a target value it needs and nobody gave, naming the variable to set.
  if (first?.discover) {
    const r = await resolveDiscover(first, clients, options.role);
    if (r.kind === 'skip') {
      rec.skipped = r.reason;
      return { record: rec, firsts, agains };
    }
  } else if (first) {
    try {
      buildRequest(first, replayPlaceholders(clients.map), clients.map, options.role);
    } catch (e) {
      if (e instanceof UnmappedPlaceholderError) {
        rec.skipped = `role not mapped (${e.role})`;
        return { record: rec, firsts, agains };
      }
      if (!(e instanceof StepSkip)) throw e;
      if (e.uncapturedVariable === undefined) {
        rec.skipped = e.message;
        return { record: rec, firsts, agains };
      }
    }
  }
  for (const protocol of PROTOCOLS) {
    const { leg, sent } = await sendLeg(protocol, item, clients, options);
    if (leg.steps.length && leg.steps.every((s) => s.skipped) && protocol === 'h2') leg.skipped = leg.steps[0].skipped;
    rec.legs.push(leg);
    firsts[protocol] = sent;
  }
  const steps: FlowStep[] = 'steps' in item ? item.steps : [item];
  if (options.alwaysRepeat || readsRepeat(item) || protocolsDisagree(steps, firsts)) {
    for (const protocol of PROTOCOLS) {
      if (!firsts[protocol]?.some((s) => s.observed)) continue;
      agains[protocol] = (await sendLeg(protocol, item, clients, options)).sent;
    }
  }
  for (const protocol of PROTOCOLS) evaluateLeg(protocol, item, firsts[protocol] ?? [], agains[protocol], clients, options);

  steps.forEach((step, i) => {
    const perProtocol = stepNoise({ firsts, agains }, i);
    for (const [p, n] of perProtocol) {
      const stepRec = firsts[p]?.[i]?.rec;
      if (stepRec && n) stepRec.noise = describeNoise(n);
    }
    const noise = mergeNoise(...perProtocol.map(([, n]) => n));
    const a = firsts.h1?.[i]?.observed;
    const b = firsts.h2?.[i]?.observed;
    if (a && b) rec.parity.push(...compareProtocols(step.id, a, b, noise));
    else if (a && !b) {
      const reason = rec.legs[1].steps[i]?.skipped ?? 'no h2 response';
      rec.parity.push({
        id: `${step.id} parity`,
        verdict: 'skip',
        level: 'must',
        expected: 'the same response over h1 and h2',
        actual: reason,
        source: 'rfc',
        target: rec.target,
      });
    }
  });
  await h3Leg(item, rec, firsts, clients, options);
  return { record: rec, firsts, agains };
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
  const refused = h1 && !('steps' in item) && refusedAltSvc(item.id, h1.lines, { target: options.targetName ?? clients.map.origin });
  if (refused && h1) {
    const request = { method: h1.request.method, url: h1.request.url, headers: Object.entries(h1.request.headers) };
    rec.legs.push({ protocol: 'h3', steps: [{ id: item.id, protocol: 'h3', request, findings: [refused] }] });
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
  const step: StepRecord = {
    id: item.id,
    protocol: 'h3',
    findings: outcome.findings,
    h3: {
      endpoint: `${endpoint.address}:${endpoint.port}`,
      ...(outcome.answer ? { command: outcome.answer.command } : {}),
      ...(outcome.twin ? { twin: responseRecord(outcome.twin) } : {}),
    },
  };
  if (outcome.observed) {
    step.request = outcome.observed.request;
    step.response = responseRecord(outcome.observed);
  } else step.request = { method: h1.request.method, url: h1.request.url, headers: Object.entries(h1.request.headers) };
  if (outcome.noise) step.noise = describeNoise(outcome.noise);
  if (sent?.rec.discovered) step.discovered = sent.rec.discovered;
  rec.legs.push({ protocol: 'h3', steps: [step] });
  rec.parity.push(...outcome.parity);
}
