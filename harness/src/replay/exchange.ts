/**
 * One request sent, observed and recorded: the send, the observation and the step record of an
 * answer written once, for the replay's steps (step.ts) and the raw flows (flows/raw/context.ts)
 * alike; and the finding of a request that got no answer, the same from both.
 */
import { InternalError, unjudged, type Finding, type Level, type Provenance } from '../core';
import type { Protocol, ReplayFinding, StepRecord } from '../record';
import { toObservedExchange } from '../spec-model/observe';
import type { ObservedExchange, ObservedTls } from '../spec-model/observed';
import { TransportCause } from '../transport/cause';
import { send, TransportError, type ObservedResponse, type RequestSpec } from '../transport/send';
import type { ReplayClients } from './clients';
import { responseRecord } from './response-record';

export interface SentExchange {
  observed: ObservedExchange;
  response: ObservedResponse;
}

/**
 * Sends `spec` over `protocol` with the target's clients, observes the answer, and writes the
 * request and the answer into `rec`. A request that gets no answer throws (TransportError, or the
 * HTTP/2 client's error): the caller records it with `transportFinding`.
 */
export async function sendObserved(clients: ReplayClients, protocol: Protocol, spec: RequestSpec, target: string, rec: StepRecord): Promise<SentExchange> {
  // An h3 leg is Chromium's (h3.ts): never sent here.
  if (protocol === 'h3') throw new InternalError('sendObserved: an HTTP/3 request is sent by the h3 leg');
  const method = (spec.method ?? 'GET').toUpperCase();
  const headers = Object.entries(spec.headers ?? {});
  rec.request = { method, url: spec.url, headers };
  const startedAt = new Date();
  const t0 = performance.now();
  let response: ObservedResponse;
  let tls: ObservedTls | undefined;
  if (protocol === 'h1') {
    response = await send(clients.h1, Object.assign({}, spec, { method }), clients.map.limits);
    tls = clients.tlsOf(new URL(spec.url));
  } else {
    const r = await clients.h2.request(Object.assign({}, spec, { method }));
    response = r;
    tls = r.tls;
  }
  const observed = toObservedExchange({
    target,
    request: { method, url: spec.url, headers },
    response,
    protocol,
    ...(tls ? { tls } : {}),
    startedAt,
    totalMs: Math.round((performance.now() - t0) * 1000) / 1000,
    bodyCapBytes: clients.map.limits.bodyCapBytes,
  });
  rec.response = responseRecord(observed, response.truncated);
  return { observed, response };
}

/** What a transport error's finding is about: no answer, and why, as the cause's codes (never its message). */
export function transportAspect(e: unknown): Extract<Finding['aspect'], { kind: 'transport' }> {
  const cause = e instanceof TransportError ? e.cause : e instanceof TransportCause ? e : undefined;
  return { kind: 'transport', ...(cause ? { cause: cause.code, ...(cause.lowLevelCode ? { lowLevelCode: cause.lowLevelCode } : {}) } : {}) };
}

/** The run error of a request that got no answer: `<step> transport`, naming the role and the cause. */
export function transportFinding(
  stepId: string,
  e: unknown,
  on: { role: string; level: Level; source: Provenance; target: string; protocol: Protocol },
): ReplayFinding {
  return unjudged('error', {
    id: `${stepId} transport`,
    aspect: transportAspect(e),
    level: on.level,
    expected: 'a response',
    actual: '(no response)',
    message: `${on.role}: ${(e as Error).message}`,
    source: on.source,
    target: on.target,
    protocol: on.protocol,
  });
}
