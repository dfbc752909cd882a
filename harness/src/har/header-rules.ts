/**
 * How a response field that only the capture shows is derived (a field the description states
 * comes from the hand-written spec that covers the exchange: authority.ts). The level comes from an
 * authority, never from the kind of field: a fact only the capture shows is `should` (a warning a
 * person reads: "seen in the capture; the description does not state it"), a field an RFC speaks of
 * takes the RFC's level (Content-Length consistent with the body: MUST; Vary, validators: SHOULD),
 * and a field nothing makes a contract (a server banner, a platform's own header) informs. Values
 * are matched by what they mean (by-meaning.ts, identifiers.ts): directive lists as sets, lifetimes
 * within their calendar span, links by relation and address shape, identifiers by their shape.
 * Each expectation that is not `must` carries its reason in `note`.
 */
import type { Level } from '../core';
import { isCacheStatusName } from '../checks/headers-cache-status';
import { parseHttpDate, tightestShape } from '../shapes';
import type { HeaderSpec, MatcherSpec } from '../spec-model/types';
import { generalizeText, generalizedMatcher, type ValueContext } from './generalize';
import { digitSkeleton, inferValue } from './infer';
import { directivesMatcher, linksMatcher } from './by-meaning';
import { identifierSkeleton } from './identifiers';
import { lifetimeAfterDate } from './lifetime';
import type { Observation } from './observation';
import { isSecretHeader, looksSecret } from './secrets';

export interface DerivedCheck {
  id: string;
  level: Level;
  note: string;
}

export interface HeaderOutcome {
  spec?: HeaderSpec;
  checks: DerivedCheck[];
}

export const NOTES = {
  capture: 'seen in the capture; the description does not state it: a warning',
  edge: 'one capture shows this field and nothing makes it a contract (a platform or edge header): informational',
  vary: 'RFC 9110 §12.5.5: a response that depends on a request field SHOULD say so in Vary; which fields a deployment lists is its choice: a warning',
  altSvc: 'RFC 7838: the protocol the capture advertised, on any port and for any lifetime; which roles advertise it is a deployment choice: a warning',
  requestId: 'a request id or trace field, found by meaning (a value new on every request), whatever its name: a warning where it is missing',
  cacheStatus: 'a cache status field (RFC 9211 Cache-Status or a CDN name), whatever its name: a warning where it is missing',
  contentLength: 'Content-Length is consistent with the body; its value is the body size of one deployment',
  validator: "RFC 9110 §8.8: an origin server SHOULD send validators; this shape is one deployment's: a warning",
} as const;

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'proxy-connection', 'upgrade', 'te', 'trailer']);
/** Fields about this one transmission (time, hops, timing), not the resource: never compared. */
const TRANSMISSION = new Set(['date', 'age', 'via', 'server-timing', 'timing', 'x-timer', 'x-runtime', 'x-response-time', 'nel', 'report-to', 'reporting-endpoints']);
/** Fields that state what the answer is, how it may be cached or shared, and where it leads (RFC 9110, 9111, Fetch, CORS). */
const MEANING = new Set([
  'content-type',
  'content-encoding',
  'content-language',
  'content-disposition',
  'content-range',
  'cache-control',
  'pragma',
  'expires',
  'location',
  'content-location',
  'link',
  'allow',
  'accept-ranges',
  'www-authenticate',
  'proxy-authenticate',
  'retry-after',
  'access-control-allow-origin',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'access-control-allow-credentials',
  'access-control-expose-headers',
  'access-control-max-age',
  'timing-allow-origin',
]);
/** Fields that protect the client (HSTS, framing, sniffing, referrers, CSP and its siblings). */
const SECURITY = new Set([
  'strict-transport-security',
  'x-frame-options',
  'x-content-type-options',
  'x-xss-protection',
  'referrer-policy',
  'content-security-policy',
  'content-security-policy-report-only',
  'permissions-policy',
  'feature-policy',
  'cross-origin-opener-policy',
  'cross-origin-embedder-policy',
  'cross-origin-resource-policy',
  'x-permitted-cross-domain-policies',
  'x-download-options',
]);
/** Bodies a server generates (pages, JSON, scripts): their length is not a file's. */
export const DYNAMIC_BODY = /html|json|xml|javascript|text\/plain/;
/** Names that say "an id of this request" (the value decides too: it must look like one). */
const ID_NAME = /(^|-)(request|req|trace|correlation|span|ray|ref|amzn|amz-cf)(-?id)?$|request-?id|trace-?id|correlation-?id/;
const ID_VALUE = /^[A-Za-z0-9][A-Za-z0-9._:=+/-]{7,}$/;

const withMeta = (m: MatcherSpec, meta: { level?: Level; note?: string }): MatcherSpec => {
  if (!meta.level && !meta.note) return m;
  const base = typeof m === 'object' && m !== null ? m : { equals: m };
  return { ...base, ...meta } as MatcherSpec;
};

/** What deriveHeader reads beside the values: the placeholders, how many deployments agree, and what another reader knows of them. */
export interface HeaderContext extends ValueContext {
  /** How many deployments the observations come from: a field every one of several agrees on is evidence. */
  files: number;
  discovered?: boolean;
  /** The value was seen to change between two answers to the same request (noise a replay learned): never a literal. */
  volatile?: boolean;
  /** The values hold a credential whatever they look like (a value a report already redacted): a shape, never the text. */
  secret?: boolean;
}

/** Values that change from one request to the next: an identifier's shape (`appId=cid-v1:<uuid>`), else their shape. */
function volatileMatcher(texts: string[]): MatcherSpec {
  const skeleton = new Set(texts).size === 1 ? identifierSkeleton(texts[0]) : undefined;
  return skeleton ? { regex: skeleton } : inferValue(texts, { volatile: true });
}

/** The values of every line of every observation agree: one matcher (or a list); otherwise a shape. */
function valueMatcher(name: string, perObs: string[][], ctx: HeaderContext): HeaderSpec {
  const lineCounts = new Set(perObs.map((l) => l.length));
  const joined = perObs.map((l) => l.join(', '));
  const general = joined.map((v) => generalizeText(v, ctx));
  if (ctx.volatile) return volatileMatcher(general.map((g) => g.text));
  if (new Set(general.map((g) => g.regex ?? g.text)).size === 1) {
    // Several field lines are one list (RFC 9110 §5.3): two lines "a" and "b" are one line "a, b".
    if (lineCounts.size === 1 && perObs[0].length > 1 && !general[0].regex && !/\{\{/.test(general[0].text)) {
      return { list: perObs[0].map((v) => generalizeText(v, ctx).text) };
    }
    const matcher = generalizedMatcher(joined[0], ctx);
    // An issued identifier is one deployment's: its shape, never its text.
    const skeleton = typeof matcher === 'string' ? identifierSkeleton(matcher) : undefined;
    return skeleton ? { regex: skeleton } : matcher;
  }
  return inferValue(
    general.map((g) => g.text),
    { volatile: false },
  );
}

/** A field by what it means, the same for every observation: a directive set, links; else the value matcher. */
function byMeaning(name: string, perObs: string[][], ctx: HeaderContext): HeaderSpec {
  const values = perObs.map((l) => l.join(', '));
  const meant = values.map((v) => (name === 'link' ? linksMatcher(v, ctx) : directivesMatcher(name, v)));
  if (meant[0] !== undefined && meant.every((m) => JSON.stringify(m) === JSON.stringify(meant[0]))) return meant[0];
  return valueMatcher(name, perObs, ctx);
}

/** Alt-Svc: the advertised protocols, any port, any lifetime. */
function altSvc(values: string[]): MatcherSpec {
  const protocols = [...new Set(values.flatMap((v) => [...v.matchAll(/(^|,)\s*([A-Za-z0-9-]+)=/g)].map((m) => m[2])))].filter((p) => p !== 'ma' && p !== 'persist');
  if (!protocols.length || values.some((v) => v.trim() === 'clear')) return { present: true, level: 'should', note: NOTES.altSvc };
  const alternative = `(?:${protocols.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})="[^"]*:[0-9]+"(?:\\s*;\\s*[a-z]+=[^,;]*)*`;
  return { regex: `^\\s*${alternative}(?:\\s*,\\s*${alternative})*\\s*$`, level: 'should', note: NOTES.altSvc };
}

/** A validator's values as a shape: the named one they fit, or their skeleton; one with no hex or digit run to stand for (`"abc"`) only has to be there, never its text. */
function validator(values: string[]): MatcherSpec {
  const shape = tightestShape([...new Set(values)]);
  if (shape && shape !== 'base64' && shape !== 'base64url' && shape !== 'url-safe-token') return { shape, note: NOTES.validator };
  const skeleton = hexSkeleton(values);
  return skeleton?.includes('[0-9') ? { regex: skeleton, note: NOTES.validator } : { present: true, note: NOTES.validator };
}

/** `"cacheable:70ca…"` -> `^"cacheable:[0-9a-f]{32}"$`: runs of hex and digits as their class and length. */
export function hexSkeleton(values: string[]): string | undefined {
  const skeletons = new Set(
    values.map((v) =>
      v
        .split(/([0-9a-fA-F]{8,}|[0-9]+)/)
        .map((part, i) => {
          if (i % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          if (/^[0-9]+$/.test(part)) return '[0-9]+';
          const cls = /[a-f]/.test(part) && /[A-F]/.test(part) ? '0-9a-fA-F' : /[A-F]/.test(part) ? '0-9A-F' : '0-9a-f';
          return `[${cls}]{${part.length}}`;
        })
        .join(''),
    ),
  );
  if (skeletons.size !== 1) return digitSkeleton(values);
  return `^${[...skeletons][0]}$`;
}

/** Expires: a lifetime after Date when it is one; else its value (`-1`, `0`: already expired). */
function expires(values: string[], obs: readonly Observation[]): MatcherSpec {
  const offsets: number[] = [];
  values.forEach((v, i) => {
    const at = parseHttpDate(v)?.getTime();
    const date = obs[i].date;
    if (at !== undefined && date !== undefined) offsets.push(Math.round((at - date) / 1000));
  });
  if (offsets.length === values.length && offsets.every((o) => o > 0)) return lifetimeAfterDate(offsets);
  // Already expired: a date at or before Date (its value is the moment it was sent), or "-1", "0".
  if (offsets.length === values.length) return { shape: 'http-date', note: 'a date no later than Date (already expired); which one is the deployment\'s' };
  return inferValue(values);
}

/** Values that differ between requests to one deployment (not between deployments, whose values differ anyway). */
function newOnEveryRequest(values: string[], obs: readonly Observation[]): boolean {
  const byDeployment = new Map<string, string[]>();
  values.forEach((v, i) => {
    const d = obs[i]?.deployment ?? obs[i]?.file ?? '';
    byDeployment.set(d, [...(byDeployment.get(d) ?? []), v]);
  });
  return [...byDeployment.values()].some((vs) => vs.length > 1 && new Set(vs).size === vs.length);
}

/**
 * One response field across the group's observations (`perObs`: its lines in each). `files`: how
 * many captures the group comes from (a field every one of several captures agrees on is evidence).
 */
export function deriveHeader(name: string, perObs: string[][], obs: readonly Observation[], ctx: HeaderContext): HeaderOutcome {
  const none: HeaderOutcome = { checks: [] };
  if (HOP_BY_HOP.has(name) || TRANSMISSION.has(name) || name === 'set-cookie') return none;
  const values = perObs.map((l) => l.join(', '));
  if (name === 'content-length') {
    // A length is the answer's only where the description states it (the covering hand-written exchange); else the body's consistency.
    return { checks: [{ id: 'body/content-length-matches', level: 'must' as const, note: NOTES.contentLength }] };
  }
  if (isCacheStatusName(name)) return { checks: [{ id: 'headers/cache-status', level: 'should', note: NOTES.cacheStatus }] };
  const idLike = values.every((v) => ID_VALUE.test(v.trim()));
  // Noise a replay learned on a field that says what the answer is (its type, caching, security) is no request id.
  const learnedId = ctx.volatile === true && !MEANING.has(name) && !SECURITY.has(name);
  if (idLike && (ID_NAME.test(name) || learnedId || newOnEveryRequest(values, obs)))
    return { checks: [{ id: 'headers/request-id', level: 'should', note: NOTES.requestId }] };
  if (isSecretHeader(name)) return { spec: withMeta(inferValue(values, { secret: true }), { level: 'info', note: NOTES.edge }), checks: [] };
  // A value that carries a credential (a session in a Location's query) is written as its shape, never its text.
  if (ctx.secret || values.some(looksSecret))
    return {
      spec: withMeta(inferValue(values, { secret: true }), MEANING.has(name) || SECURITY.has(name) ? { level: 'should', note: NOTES.capture } : { level: 'info', note: NOTES.edge }),
      checks: [],
    };
  if (name === 'alt-svc') return { spec: altSvc(values), checks: [] };
  if (name === 'etag' || name === 'last-modified') return { spec: withMeta(validator(values), { level: 'should' }), checks: [] };
  if (name === 'expires') return { spec: withMeta(expires(values, obs), { level: 'should', note: NOTES.capture }), checks: [] };
  if (name === 'vary') return { spec: withMeta(valueMatcher(name, perObs, ctx) as MatcherSpec, { level: 'should', note: NOTES.vary }), checks: [] };
  if (MEANING.has(name) || SECURITY.has(name)) return { spec: withMeta(byMeaning(name, perObs, ctx) as MatcherSpec, { level: 'should', note: NOTES.capture }), checks: [] };
  // Anything else: what this capture's platform sent. Several captures that agree make it a recommendation.
  const agreed = ctx.files > 1 && !ctx.volatile && new Set(values).size === 1;
  // An issued identifier (an application id, a ray) as the shape of its tokens: `appId=cid-v1:<uuid>`.
  const m = agreed ? valueMatcher(name, perObs, ctx) : volatileMatcher(values.map((v) => generalizeText(v, ctx).text));
  return { spec: withMeta(m as MatcherSpec, { level: agreed ? 'should' : 'info', note: agreed ? 'every capture shows this value; nothing makes it a contract: a warning' : NOTES.edge }), checks: [] };
}
