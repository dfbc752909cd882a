/**
 * The data-driven replay of one spec item (an exchange, or a flow of ordered steps sharing a cookie
 * jar) against a target: each step's request is built from its template, sent over HTTP/1.1 (the
 * undici dispatcher, raw lines kept) and over HTTP/2 (node:http2, when the target offers h2),
 * observed, and evaluated; the two protocols are then compared. Redirects are never followed: a
 * step that wants the next hop captures the Location and names it in its own path.
 */
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { Agent } from 'undici';
import type { Finding } from '../checks/types';
import { evaluateExchange, verdictFor } from '../spec/evaluate';
import { toObservedExchange } from '../spec/observe';
import type { ObservedExchange, ObservedTls } from '../spec/observed';
import { fillPlaceholders, type PlaceholderValues } from '../spec/placeholders';
import type { ExchangeSpec, FlowSpec, FlowStep } from '../spec/types';
import { createDispatcher, placeholders, ROLE_PLACEHOLDERS, ROLES, roleUrls, UnmappedPlaceholderError, type Role, type TargetMap } from '../target';
import { H2Client, tlsFacts } from '../transport/h2';
import { limits } from '../transport/limits';
import { send, TransportError, type ObservedResponse } from '../transport/send';
import { CookieJar } from './cookie-jar';
import { compareProtocols } from './parity';
import type { Protocol, ReplayFinding } from './summary';

export const PROTOCOLS: readonly Protocol[] = ['h1', 'h2'];

/** Clients of one target, shared by the tests of a worker. */
export class ReplayClients {
  readonly h1: Agent;
  readonly h2: H2Client;
  /** TLS facts of the h1 connections, by origin (every connection to an origin presents the same). */
  private readonly tls = new Map<string, ObservedTls>();

  constructor(readonly map: TargetMap) {
    this.h1 = createDispatcher(map, {
      allowH2: false,
      onSocket: (socket: Socket, o) => {
        if ('getPeerCertificate' in socket) this.tls.set(`${o.protocol}//${o.hostname}:${o.port}`, tlsFacts(socket as TLSSocket));
      },
    });
    this.h2 = new H2Client(map);
  }

  tlsOf(url: URL): ObservedTls | undefined {
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    return this.tls.get(`${url.protocol}//${url.hostname}:${port}`);
  }

  async close(): Promise<void> {
    await Promise.all([this.h1.close(), this.h2.close()]);
  }
}

export interface ReplayOptions {
  role: Role;
  strict: boolean;
  /** Name of the target in findings (differential runs keep two). Default: the map's origin. */
  targetName?: string;
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
  };
  findings: ReplayFinding[];
}

export interface LegRecord {
  protocol: Protocol;
  skipped?: string;
  steps: StepRecord[];
}

export interface ReplayRecord {
  id: string;
  role: Role;
  kind: 'exchange' | 'flow';
  target: string;
  /** The whole item could not run (a placeholder of an unmapped role). */
  skipped?: string;
  legs: LegRecord[];
  parity: ReplayFinding[];
}

/** Every finding of a record, legs then parity. */
export function allFindings(record: ReplayRecord): ReplayFinding[] {
  return [...record.legs.flatMap((l) => l.steps.flatMap((s) => s.findings)), ...record.parity];
}

/**
 * The target's placeholders plus those of the replay: `{ocsp_url_2}`, `{redirector_url_2}`,
 * `{redirector_url_3}` (the further URLs of multi-name roles) and `{<role>_host}` (the host name of a
 * role's first URL, as a cookie's Domain attribute names it: `{site_host}`, `{shop_host}`).
 */
export function replayPlaceholders(map: TargetMap): Record<string, string> {
  const out: Record<string, string> = { ...placeholders(map) };
  for (const role of ROLES) {
    const base = ROLE_PLACEHOLDERS[role].slice(1, -1);
    roleUrls(map, role).forEach((u, i) => {
      if (i === 0) out[`{${role}_host}`] = u.hostname;
      else out[`{${base}_${i + 1}}`] = u.origin;
    });
  }
  return out;
}

const FURTHER_URL = /\{([a-z]+)_url_(\d+)\}/;
const FLOW_VARIABLE = /\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}/;

class StepSkip extends Error {}

interface BuiltRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
}

/** The request of a step with placeholders, flow variables and the jar's cookies filled in. */
export function buildRequest(step: ExchangeSpec, values: PlaceholderValues, map: TargetMap, role: Role, jar?: CookieJar): BuiltRequest {
  const fill = (text: string) => {
    const out = fillPlaceholders(text, values);
    const further = FURTHER_URL.exec(out);
    if (further) throw new StepSkip(`role not mapped (${further[0]} needs a further URL of the role)`);
    const variable = FLOW_VARIABLE.exec(out);
    if (variable) throw new StepSkip(`flow variable ${variable[0]} was not captured by an earlier step`);
    return out;
  };
  const path = fill(step.request.path);
  let url: string;
  if (/^https?:\/\//i.test(path)) url = path;
  else {
    const origin = values[ROLE_PLACEHOLDERS[role]];
    if (origin === undefined) throw new UnmappedPlaceholderError(ROLE_PLACEHOLDERS[role], role);
    url = origin + path;
  }
  void map;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(step.request.headers ?? {})) headers[name.toLowerCase()] = fill(value);
  const fromJar = jar?.header(url);
  if (fromJar) headers.cookie = headers.cookie ? `${headers.cookie}; ${fromJar}` : fromJar;
  const body =
    step.request.body === undefined ? undefined : step.request.bodyEncoding === 'base64' ? Buffer.from(step.request.body, 'base64') : Buffer.from(fill(step.request.body), 'utf8');
  return { method: (step.request.method ?? 'GET').toUpperCase(), url, headers, ...(body ? { body } : {}) };
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
      const lines = observed.lines.filter(([n]) => n === (c.header ?? '').toLowerCase()).map(([, v]) => v);
      raw = lines.length ? lines.join(', ') : undefined;
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
    return { id: `${stepId} body`, verdict: 'error', expected: `a body of at most ${limits().bodyCapBytes} bytes (HARNESS_BODY_CAP_BYTES)`, actual: `${t.totalBytes} bytes, SHA-256 ${t.sha256}`, message: `${observed.request.url}: body larger than the cap, truncated to ${t.keptBytes} bytes`, target };
  }
  if (observed.decodeError && observed.status !== 304 && observed.request.method !== 'HEAD') {
    return { id: `${stepId} body`, verdict: 'error', expected: 'a body that decodes per its Content-Encoding', actual: observed.decodeError, message: `${observed.request.url}: body could not be decoded: ${observed.decodeError}`, target };
  }
  return undefined;
}

function record(observed: ObservedExchange): StepRecord['response'] {
  return {
    protocol: observed.protocol,
    status: observed.status,
    lines: observed.lines,
    bodySize: observed.body.length,
    ...(observed.decoded ? { decodedSize: observed.decoded.length } : {}),
    ...(observed.decodeError ? { decodeError: observed.decodeError } : {}),
    ...(observed.tls ? { tls: observed.tls } : {}),
    timings: observed.timings,
  };
}

async function runLeg(protocol: Protocol, item: ExchangeSpec | FlowSpec, clients: ReplayClients, options: ReplayOptions): Promise<{ leg: LegRecord; observed: Array<ObservedExchange | undefined> }> {
  const { map } = clients;
  const steps: FlowStep[] = 'steps' in item ? item.steps : [item];
  const flowChecks = 'steps' in item ? (item.checks ?? []) : [];
  const target = options.targetName ?? map.origin;
  const jar = new CookieJar();
  const vars: Record<string, string> = {};
  const previous: ObservedExchange[] = [];
  const leg: LegRecord = { protocol, steps: [] };
  const observedList: Array<ObservedExchange | undefined> = [];
  const base = replayPlaceholders(map);
  let stopped: string | undefined;

  for (const step of steps) {
    const rec: StepRecord = { id: step.id, protocol, findings: [] };
    leg.steps.push(rec);
    observedList.push(undefined);
    if (stopped) {
      rec.skipped = stopped;
      continue;
    }
    const values: PlaceholderValues = { ...base, ...Object.fromEntries(Object.entries(vars).map(([k, v]) => [`{{${k}}}`, v])) };
    let req: BuiltRequest;
    try {
      req = buildRequest(step, values, map, options.role, jar);
    } catch (e) {
      if (e instanceof StepSkip || e instanceof UnmappedPlaceholderError) {
        rec.skipped = e instanceof UnmappedPlaceholderError ? `role not mapped (${e.role})` : e.message;
        rec.findings.push({ id: `${step.id} request`, verdict: 'skip', expected: 'a request that can be built', actual: rec.skipped, source: step.source, target, protocol });
        stopped = `an earlier step was skipped (${rec.skipped})`;
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
        probe = undefined;
        rec.findings.push({ id: `${step.id} transport`, verdict: 'error', expected: 'a response', actual: '(no response)', message: `${options.role}: ${(e as Error).message}`, source: step.source, target, protocol });
        stopped = 'an earlier step got no response';
        continue;
      }
      if (!probe.offered) {
        rec.skipped = probe.reason;
        stopped = probe.reason;
        continue;
      }
    }
    const startedAt = new Date();
    const t0 = performance.now();
    let response: ObservedResponse;
    let tls: ObservedTls | undefined;
    try {
      const spec = { url: req.url, method: req.method, headers: req.headers, ...(req.body ? { body: req.body } : {}) };
      if (protocol === 'h1') {
        response = await send(clients.h1, spec);
        tls = clients.tlsOf(url);
      } else {
        const r = await clients.h2.request(spec);
        response = r;
        tls = r.tls;
      }
    } catch (e) {
      const message = `${options.role}: ${e instanceof TransportError ? e.message : (e as Error).message}`;
      rec.findings.push({ id: `${step.id} transport`, verdict: 'error', expected: 'a response', actual: '(no response)', message, source: step.source, target, protocol });
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
    rec.response = record(observed);
    observedList[observedList.length - 1] = observed;
    const checks = [...(step.checks ?? []), ...flowChecks];
    const findings: Finding[] = evaluateExchange(checks.length ? { ...step, checks } : step, observed, {
      role: options.role,
      placeholders: values,
      strict: options.strict,
      targetOrigin: map.origin,
      previous: [...previous],
    });
    rec.findings.push(...findings.map((f) => ({ ...f, protocol })));
    const bodyProblem = bodyError(step.id, response, observed, target);
    if (bodyProblem) rec.findings.push({ ...bodyProblem, message: `${options.role}: ${bodyProblem.message ?? ''}`, source: step.source, protocol });
    jar.store(req.url, observed.lines.filter(([n]) => n === 'set-cookie').map(([, v]) => v));
    for (const [name, value, from] of capture(step, observed, jar)) {
      if (value === undefined) {
        const verdict = verdictFor(false, step.source, { strict: options.strict, targetOrigin: map.origin });
        rec.findings.push({ id: `${step.id} capture ${name}`, verdict, expected: `a value from ${from}`, actual: '(absent)', source: step.source, clause: step.clause, target, protocol });
      } else {
        vars[name] = value;
      }
    }
    previous.push(observed);
  }
  return { leg, observed: observedList };
}

/** Replays one exchange or flow over h1 and h2 and compares the protocols step by step. */
export async function replayItem(item: ExchangeSpec | FlowSpec, clients: ReplayClients, options: ReplayOptions): Promise<ReplayRecord> {
  const kind = 'steps' in item ? 'flow' : 'exchange';
  const rec: ReplayRecord = { id: item.id, role: options.role, kind, target: options.targetName ?? clients.map.origin, legs: [], parity: [] };
  const first: FlowStep | undefined = 'steps' in item ? item.steps[0] : item;
  // A first request that needs an unmapped role skips the whole item ("role not mapped").
  if (first) {
    try {
      buildRequest(first, replayPlaceholders(clients.map), clients.map, options.role);
    } catch (e) {
      if (e instanceof UnmappedPlaceholderError) {
        rec.skipped = `role not mapped (${e.role})`;
        return rec;
      }
      if (e instanceof StepSkip && e.message.startsWith('role not mapped')) {
        rec.skipped = e.message;
        return rec;
      }
      if (!(e instanceof StepSkip)) throw e;
    }
  }
  const runs: Record<string, Array<ObservedExchange | undefined>> = {};
  for (const protocol of PROTOCOLS) {
    const { leg, observed } = await runLeg(protocol, item, clients, options);
    if (leg.steps.length && leg.steps.every((s) => s.skipped) && protocol === 'h2') leg.skipped = leg.steps[0].skipped;
    rec.legs.push(leg);
    runs[protocol] = observed;
  }
  const steps: FlowStep[] = 'steps' in item ? item.steps : [item];
  steps.forEach((step, i) => {
    const a = runs.h1[i];
    const b = runs.h2[i];
    if (a && b) rec.parity.push(...compareProtocols(step.id, a, b));
    else if (a && !b) {
      const reason = rec.legs[1].steps[i]?.skipped ?? 'no h2 response';
      rec.parity.push({ id: `${step.id} parity`, verdict: 'skip', expected: 'the same response over h1 and h2', actual: reason, source: 'rfc', target: rec.target });
    }
  });
  return rec;
}
