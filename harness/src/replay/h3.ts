/**
 * The HTTP/3 leg of an exchange. It follows the Alt-Svc of the exchange's own HTTP/1.1 answer (RFC
 * 7838: any port, and another host when the alternative names one), sends the same request over
 * HTTP/3 through Chromium with QUIC forced to that endpoint, and compares the answer with an
 * HTTP/1.1 request carrying the header fields Chromium actually sent (its own Accept-Encoding,
 * Sec-Fetch-*, priority): a page cannot write every field of the spec's request, so the two answers
 * compared are answers to one request. The comparison is the protocol parity of h1 vs h2 (status,
 * header fields, cookies, decoded body); what differs between two answers of one side is learned
 * as noise by asking both once more, only when the first answers disagree.
 *
 * Flows stay on h1 and h2 (their steps share a cookie jar and captured values the page would have
 * to replay); an exchange a page cannot send (CONNECT, TRACE), one over plain http, one whose h1
 * answer advertises no HTTP/3, and every exchange of a run with TARGET_H3=0 skip the leg, each
 * with its reason.
 */
import type { ReplayFinding } from '../record';
import { fieldLines, HarnessError, judged, unjudged, type Aspect, type Finding } from '../core';
import { compareAnswers, emptyNoise, learnNoise, mergeNoise, type Noise } from '../noise';
import { quicAddress } from '../browser/quic';
import type { QuicEndpoint } from '../target-map/browser';
import { toObservedExchange } from '../spec-model/observe';
import type { ObservedExchange } from '../spec-model/observed';
import type { ExchangeSpec, FlowSpec } from '../spec-model/types';
import { extraHeadersFor, refusedAlternative, ROLES, roleUrls, withoutExtraHeaders, type TargetMap } from '../target-map';
import { proxyFor } from '../target-map/proxy';
import { h3Alternative, parseAltSvc } from '../transport/alt-svc';
import { send } from '../transport/send';
import type { Dispatcher } from 'undici';
import { FORBIDDEN_METHODS, H3RequestError, type H3Answer, type H3Client, type H3Request } from '../transport/h3-client';

export const H3_PARITY_CLAUSE =
  'RFC 9114 §4.1 and RFC 9110 §6: a message has the same semantics over HTTP/3 as over HTTP/1.1 (status, header fields as RFC 9110 §5.3 combines them, cookies, content).';

/**
 * HTTP/3 frames its messages, so Content-Length is optional there (RFC 9114 §4.1.2); Alt-Svc tells
 * a client of other protocols where HTTP/3 is, and an answer already over HTTP/3 need not repeat it.
 */
const H3_MAY_OMIT: ReadonlySet<string> = new Set(['content-length', 'alt-svc']);

/** What the HTTP/3 leg needs of the exchange's HTTP/1.1 leg: the request it sent and the answer's field lines. */
export interface H1Sent {
  request: H3Request;
  lines: Array<[string, string]>;
}

/** Why the leg cannot run for this item, or undefined when it can. */
export function h3SkipReason(item: ExchangeSpec | FlowSpec, map: TargetMap, h1: H1Sent | undefined, client: H3Client | undefined): string | undefined {
  if (map.h3Off) return map.h3Off;
  if ('steps' in item) return 'flows run over h1 and h2; the HTTP/3 leg sends single exchanges from a page';
  if (!h1) return 'no h1 answer to follow (its Alt-Svc names the HTTP/3 endpoint)';
  const url = new URL(h1.request.url);
  if (url.protocol !== 'https:') return 'plain http: cannot advertise HTTP/3 (RFC 9114 §3.1 needs TLS)';
  if (FORBIDDEN_METHODS.has(h1.request.method)) return `a page cannot send ${h1.request.method} (Fetch forbids the method)`;
  if (proxyFor(map.proxy, url)) return 'the request goes through an HTTP proxy, which QUIC cannot pass';
  if (!h3Alternative(fieldLines(h1.lines, 'alt-svc'))) return 'the h1 answer advertises no HTTP/3 (no Alt-Svc h3)';
  if (!client) return 'no browser for HTTP/3';
  return undefined;
}

export const ALT_SVC_CLAUSE = 'RFC 7838 §3: alt-authority is a quoted uri-host ":" port';

/**
 * Why an answer's Alt-Svc is not followed: not RFC 7838 syntax (a crafted host among them), or an
 * h3 alternative on a host the gate refuses (unmapped, link-local, metadata). Undefined when it is
 * absent or may be followed. The level: a syntax error breaks RFC 7838 (must); an alternative off
 * the map is the target's right (RFC 7838 §2.1), the harness just will not send there (should).
 */
export function altSvcRefusal(map: TargetMap, lines: Array<[string, string]>): { problem: string; level: 'must' | 'should'; expected: string } | undefined {
  const values = fieldLines(lines, 'alt-svc');
  if (values.length === 0) return undefined;
  const parsed = parseAltSvc(values);
  if (parsed.kind === 'invalid') return { problem: parsed.reason, level: 'must', expected: 'Alt-Svc of RFC 7838 syntax' };
  const alt = parsed.kind === 'list' ? parsed.alternatives.find((a) => a.protocol === 'h3') : undefined;
  const refused = alt && refusedAlternative(map, alt.host);
  if (!alt || !refused) return undefined;
  return {
    problem: `the h3 alternative ${alt.host}:${alt.port} ${refused}`,
    level: 'should',
    expected: "an h3 alternative on a host of the target map (map its host as a role's, or in TARGET_RESOLVE, to have it asked)",
  };
}

/** The Alt-Svc refused as a finding that names it: nothing of it reaches Chromium's switches. Undefined when it may be followed. */
export function refusedAltSvc(stepId: string, map: TargetMap, lines: Array<[string, string]>, options: { target: string }): ReplayFinding | undefined {
  const refusal = altSvcRefusal(map, lines);
  if (!refusal) return undefined;
  const fields = {
    id: `${stepId} h3 alt-svc`,
    level: refusal.level,
    expected: refusal.expected,
    actual: fieldLines(lines, 'alt-svc').join(', '),
    message: `${refusal.problem}: refused, never given to Chromium (the HTTP/3 leg is not run)`,
    source: 'rfc' as const,
    clause: ALT_SVC_CLAUSE,
    target: options.target,
    protocol: 'h3' as const,
  };
  return judged(false, fields, map.origin);
}

/** The endpoint an h1 answer advertises for its origin. */
export function endpointOf(map: TargetMap, url: URL, lines: Array<[string, string]>): QuicEndpoint | undefined {
  const alt = h3Alternative(fieldLines(lines, 'alt-svc'));
  if (!alt || refusedAlternative(map, alt.host)) return undefined;
  const originHost = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const originPort = Number(url.port || 443);
  return { originHost, originPort, address: quicAddress(map, alt.host || originHost, originPort), port: alt.port };
}

export interface H3Outcome {
  /** Chromium's request and the HTTP/3 answer, as observed. */
  observed?: ObservedExchange;
  /** The HTTP/1.1 answer to Chromium's header fields. */
  twin?: ObservedExchange;
  answer?: H3Answer;
  endpoint: QuicEndpoint;
  findings: ReplayFinding[];
  parity: Finding[];
  noise?: Noise;
}

const withoutExtra = (map: TargetMap, url: string, lines: Array<[string, string]>) => withoutExtraHeaders(lines, extraHeadersFor(map, url));

function observe(answer: H3Answer, req: H3Request, map: TargetMap, target: string, startedAt: Date, totalMs: number): ObservedExchange {
  const observed = toObservedExchange({
    target,
    request: { method: req.method, url: req.url, headers: withoutExtra(map, req.url, answer.sent) },
    response: { status: answer.status, lines: answer.lines, body: answer.decoded ?? Buffer.alloc(0) },
    protocol: 'h3',
    startedAt,
    totalMs,
    bodyDecoded: true,
    bodyCapBytes: map.limits.bodyCapBytes,
  });
  return observed;
}

async function askH3(
  client: H3Client,
  req: H3Request,
  endpoint: QuicEndpoint,
  map: TargetMap,
  target: string,
): Promise<{ answer: H3Answer; observed: ObservedExchange }> {
  const startedAt = new Date();
  const t0 = performance.now();
  const answer = await client.request(req, endpoint);
  return { answer, observed: observe(answer, req, map, target, startedAt, Math.round((performance.now() - t0) * 1000) / 1000) };
}

async function askTwin(h1: Dispatcher, answer: H3Answer, req: H3Request, map: TargetMap, target: string): Promise<ObservedExchange> {
  const headers: Record<string, string> = {};
  for (const [n, v] of withoutExtra(map, req.url, answer.sent)) headers[n] = headers[n] === undefined ? v : `${headers[n]}, ${v}`;
  const spec = { url: req.url, method: req.method, headers, ...(req.body ? { body: req.body } : {}) };
  const startedAt = new Date();
  const t0 = performance.now();
  const response = await send(h1, spec, map.limits);
  return toObservedExchange({
    target,
    request: { method: req.method, url: req.url, headers: Object.entries(headers) },
    response,
    protocol: 'h1',
    startedAt,
    totalMs: Math.round((performance.now() - t0) * 1000) / 1000,
    bodyCapBytes: map.limits.bodyCapBytes,
  });
}

/**
 * Sends one exchange over HTTP/3 and compares it with its HTTP/1.1 twin. No answer over HTTP/3 (a
 * failed handshake, a dead UDP port, the time budget spent) is an `error` finding, as is an answer
 * that came over another protocol although QUIC was forced.
 * Long because it is one sequence of asks (h3, its h1 twin, both again for the noise) in the order
 * they are sent, each failure ending the outcome early through the one `error` helper.
 */
export async function runH3(
  stepId: string,
  req: H3Request,
  endpoint: QuicEndpoint,
  clients: { h3: H3Client; h1: Dispatcher; map: TargetMap },
  options: { target: string; level: Finding['level']; source: Finding['source'] },
): Promise<H3Outcome> {
  const out: H3Outcome = { endpoint, findings: [], parity: [] };
  const where = `${endpoint.address}:${endpoint.port} (UDP, advertised for ${endpoint.originHost}:${endpoint.originPort})`;
  const error = (id: string, expected: string, actual: string, message: string, aspect?: Aspect) =>
    out.findings.push(
      unjudged('error', {
        id,
        ...(aspect ? { aspect } : {}),
        level: options.level,
        expected,
        actual,
        message,
        source: options.source,
        target: options.target,
        protocol: 'h3' as const,
      }),
    );
  let first: { answer: H3Answer; observed: ObservedExchange };
  try {
    first = await askH3(clients.h3, req, endpoint, clients.map, options.target);
  } catch (e) {
    const reason = e instanceof H3RequestError ? e.reason : (e as Error).message;
    error(`${stepId} h3 transport`, `an answer over HTTP/3 from ${where}`, reason, `${req.url}: no answer over HTTP/3 from ${where}: ${reason}`, {
      kind: 'transport',
      ...(e instanceof HarnessError ? { cause: e.code } : {}),
    });
    return out;
  }
  out.answer = first.answer;
  out.observed = first.observed;
  if (first.answer.overCap) {
    error(
      `${stepId} h3 body`,
      // The cap the page read to, the one the HTTP/3 client applied.
      `a body of at most ${first.answer.overCap.keptBytes} bytes (HARNESS_BODY_CAP_BYTES)`,
      `more than ${first.answer.overCap.keptBytes} bytes`,
      `${req.url}: body larger than the cap over HTTP/3: the page stopped reading at ${first.answer.overCap.keptBytes} bytes`,
    );
    return out;
  }
  if (first.answer.protocol !== 'h3') {
    error(
      `${stepId} h3 protocol`,
      'an answer over h3 (QUIC forced to the advertised endpoint)',
      first.answer.protocol,
      `${req.url}: the answer came over ${first.answer.protocol}, not HTTP/3`,
    );
    return out;
  }
  let twin: ObservedExchange;
  try {
    twin = await askTwin(clients.h1, first.answer, req, clients.map, options.target);
  } catch (e) {
    error(`${stepId} h3 twin`, 'an answer over h1 to the header fields Chromium sent', '(no response)', `${req.url}: ${(e as Error).message}`);
    return out;
  }
  out.twin = twin;
  const compare = (noise: Noise) =>
    compareAnswers(stepId, twin, first.observed, noise, {
      aspect: 'parity h3',
      first: 'h1',
      second: 'h3',
      clause: H3_PARITY_CLAUSE,
      mayOmit: H3_MAY_OMIT,
      body: first.answer.decoded !== undefined && req.method !== 'HEAD',
      target: options.target,
    });
  let parity = compare(emptyNoise());
  if (parity.some((f) => f.verdict !== 'pass')) {
    // Interleaved as the h1/h2 legs are: a value that changes with time changes within each side too.
    try {
      const again = await askH3(clients.h3, req, endpoint, clients.map, options.target);
      const twinAgain = await askTwin(clients.h1, first.answer, req, clients.map, options.target);
      out.noise = mergeNoise(learnNoise(first.observed, again.observed), learnNoise(twin, twinAgain));
      parity = compare(out.noise);
    } catch {
      // The repeated request failing leaves the first comparison standing, unexcused.
    }
  }
  out.parity = parity;
  return out;
}

/**
 * The HTTP/3 endpoints of every https role the map names, each read from the Alt-Svc of one answer
 * to its URL over HTTP/1.1 (asked side by side), so the HTTP/3 browser is launched once for all.
 * A role that does not answer or advertises nothing is left out: its own exchanges say why.
 */
export async function serviceEndpoints(map: TargetMap, h1: Dispatcher): Promise<QuicEndpoint[]> {
  const urls = ROLES.flatMap((r) => roleUrls(map, r)).filter((u) => u.protocol === 'https:' && !proxyFor(map.proxy, u));
  const found = await Promise.all(
    urls.map(async (url) => {
      try {
        return endpointOf(map, url, (await send(h1, { url: url.href, method: 'GET', headers: {} }, map.limits)).lines);
      } catch {
        return undefined;
      }
    }),
  );
  return found.filter((e): e is QuicEndpoint => e !== undefined);
}
