/**
 * The authority of a derived expectation. The hand-written specs are the service description in
 * executable form: wherever one of their exchanges covers a captured exchange (the same role,
 * method and status, an address of its shape), a derived expectation of a field it states takes
 * its matcher and its level, and a field one of its checks judges is left to that check. What no
 * hand-written exchange states is a fact only the capture shows: a warning (header-rules.ts).
 *
 * An exchange covers another fully (`exact`) when their requests negotiate alike (the codings
 * accepted, the media type asked for first, conditionals, ranges, an Origin); otherwise only
 * for the fields the negotiation does not decide.
 */
import * as path from 'node:path';
import { defaultLevel, fieldKey, fieldValue, type FieldLines, type Level, type Provenance } from '../core';
import { CHECKS } from '../checks';
import { compileTemplate } from '../discover/template';
import { selectFrom } from '../spec-model/check';
import { loadSpecList, specFilesIn } from '../spec-model/load';
import type { CookieSpec, ExchangeSpec, FlowSpec, HeaderSpec, MatcherMeta, MatcherSpec, SpecFile } from '../spec-model/types';
import { ROLE_PLACEHOLDERS, ROLES, type Role } from '../target-map';
import { SECTION_PLACEHOLDER } from '../target-map/roles';

/** The repository's hand-written specs: the default authority. */
export const DEFAULT_AUTHORITY_DIR = path.resolve(__dirname, '../../../specs');

/** The CORS fields: what they say depends on whether the request sent an Origin. */
export const isCorsField = (name: string): boolean => name.startsWith('access-control-');

/** Fields whose value the request's negotiation decides: taken from a covering exchange only when it negotiates alike. */
export const NEGOTIATED: ReadonlySet<string> = new Set([
  'content-encoding',
  'content-type',
  'content-length',
  'content-range',
  'etag',
  'vary',
  'access-control-allow-origin',
  'source-type',
  'source-length',
]);

export interface Cover {
  exchange: ExchangeSpec;
  /** The flow the exchange is a step of. */
  flow?: FlowSpec;
  role: Role;
  /** The requests negotiate alike: every field the exchange states applies. */
  exact: boolean;
  /** Both send an Origin, or neither: the CORS fields it states apply. */
  corsAlike: boolean;
  /**
   * Which of its cookie expectations apply: `all` when neither request sends cookies (a first
   * visit), `attributes` when both do (the value set depends on the one sent), else `none`.
   */
  cookies: 'all' | 'attributes' | 'none';
}

interface Entry {
  role: Role;
  exchange: ExchangeSpec;
  flow?: FlowSpec;
  /** The parameter names of its query (a literal address). */
  query?: string[];
  /** Matches the captured path and query. */
  matches(url: URL, section: string, origins: Readonly<Record<string, string>>): boolean;
  literal: boolean;
}

export interface Authority {
  entries: readonly Entry[];
  /** Where it was read from, for the derived files' notes. */
  from: string;
}

const QUERYLESS = '\u0000';
const queryNames = (search: string): string[] =>
  search === '' || search === '?'
    ? []
    : search
        .slice(1)
        .split('&')
        .map((p) => (p.includes('=') ? decodeURIComponent(p.slice(0, p.indexOf('='))) : /^[0-9]+$/.test(p) ? QUERYLESS : p))
        .sort();

/** How an exchange's address is matched: its `discover` template, or its literal path (query compared by parameter names). */
function matcherOf(ex: ExchangeSpec): Entry['matches'] | undefined {
  const values = (section: string, origins: Readonly<Record<string, string>>) => ({ [SECTION_PLACEHOLDER]: section, ...origins });
  if (ex.discover) {
    const template = ex.discover.template;
    return (url, section, origins) => {
      try {
        const t = compileTemplate(template, values(section, origins), url.origin);
        if (t.origin !== url.origin) return false;
        return t.regex.test(t.withQuery ? url.pathname + url.search : url.pathname);
      } catch {
        return false;
      }
    };
  }
  const written = ex.request.path;
  // A flow variable (a Location, a hop) or another name of the role: not an address of the role's own shape.
  if (written.startsWith('{{') || /^\{[a-z]+_url_[0-9]+\}/.test(written)) return undefined;
  const q = written.indexOf('?');
  const pathPart = q < 0 ? written : written.slice(0, q);
  return (url, section, origins) => {
    try {
      // A role's origin inside the path (`/%7B{asset_url}/-/media/...`): the capture's own origin of that role.
      const lead = /^\{[a-z]+_url\}/.exec(pathPart)?.[0] ?? '';
      const filled = lead + pathPart.slice(lead.length).replace(/\{[a-z]+_url\}/g, (p) => origins[p] ?? p);
      const t = compileTemplate(filled, values(section, origins), url.origin);
      return t.origin === url.origin && t.regex.test(url.pathname);
    } catch {
      return false;
    }
  };
}

/** The parameter names of a literal address's query, to prefer the exchange that asks with the same ones. */
function queryOf(ex: ExchangeSpec): string[] | undefined {
  if (ex.discover) return undefined;
  const q = ex.request.path.indexOf('?');
  return queryNames(q < 0 ? '' : ex.request.path.slice(q));
}

/** No authority: every fact is the capture's alone. */
export const NO_AUTHORITY: Authority = { entries: [], from: 'none' };

/** The hand-written specs of `dir` (its `<role>.json`, never a derived `<role>.derived.json` beside them) as an authority. */
export function loadAuthority(dir: string = DEFAULT_AUTHORITY_DIR): Authority {
  const specs: SpecFile[] = loadSpecList(
    specFilesIn(dir).filter((f) => !f.endsWith('.derived.json')),
    CHECKS,
  );
  const entries: Entry[] = [];
  for (const spec of specs) {
    const add = (exchange: ExchangeSpec, flow?: FlowSpec) => {
      const matches = matcherOf(exchange);
      const query = queryOf(exchange);
      if (matches) entries.push({ role: spec.role, exchange, ...(flow ? { flow } : {}), ...(query ? { query } : {}), matches, literal: !exchange.discover });
    };
    for (const ex of spec.exchanges) add(ex);
    for (const flow of spec.flows ?? []) for (const step of flow.steps) add(step, flow);
  }
  return { entries, from: dir };
}

type Headers = FieldLines;
const header = (h: Headers | Record<string, string> | undefined, name: string): string | undefined => {
  if (!h) return undefined;
  if (Array.isArray(h)) return fieldValue(h as Headers, name);
  const fields = h as Record<string, string>;
  const key = fieldKey(fields, name);
  return key === undefined ? undefined : fields[key];
};

/** The codings an Accept-Encoding accepts (among those the description speaks of), as a sorted key. */
function codings(value: string | undefined): string {
  if (value === undefined) return '';
  return value
    .split(',')
    .map((p) => p.trim().split(';'))
    .filter(([, ...params]) => !params.some((q) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(q)))
    .map(([c]) => c.trim().toLowerCase())
    .filter((c) => ['gzip', 'br', 'deflate', 'identity'].includes(c))
    .sort()
    .join(',');
}

const firstMediaRange = (accept: string | undefined) => accept?.split(',')[0]?.split(';')[0]?.trim().toLowerCase();
const CONDITIONALS = ['if-none-match', 'if-modified-since', 'if-match', 'if-unmodified-since', 'if-range', 'range'];

/**
 * Whether two requests negotiate alike; `theirs` is the hand-written exchange's (no Accept there:
 * any). The codings each accepts matter only where a coding was chosen: an answer the capture shows
 * uncoded, of an exchange that states no coding (an image, a font asked for identity, an error
 * document), is the same answer whatever the request accepted.
 */
function negotiatesAlike(captured: Headers, theirs: Record<string, string> | undefined, coded = true, statesCoding = true): boolean {
  if ((coded || statesCoding) && codings(header(captured, 'accept-encoding')) !== codings(header(theirs, 'accept-encoding'))) return false;
  for (const name of CONDITIONALS) if ((header(captured, name) === undefined) !== (header(theirs, name) === undefined)) return false;
  const accept = header(theirs, 'accept');
  return accept === undefined || firstMediaRange(accept) === firstMediaRange(header(captured, 'accept'));
}

export interface CapturedRequest {
  role: Role;
  method: string;
  status: number;
  url: URL;
  headers: Headers;
  /** The captured request sent cookies. */
  sendsCookies: boolean;
  /** An answer of the capture came with a content coding. */
  coded: boolean;
  /** The request body as captured (a body the replay sends: OCSP), to tell apart exchanges that differ only by what they send. */
  body?: string;
  /** The capture's `{section}`. */
  section: string;
  /** The capture's origin of each role, by placeholder (`{asset_url}` -> `https://media...`). */
  origins: Readonly<Record<string, string>>;
}

/** The hand-written exchange that covers a captured one: one that negotiates alike first, then a literal address over a template, then file order. */
export function coverOf(authority: Authority, c: CapturedRequest): Cover | undefined {
  let best: { entry: Entry; score: number } | undefined;
  for (const entry of authority.entries) {
    const ex = entry.exchange;
    if (entry.role !== c.role || (ex.request.method ?? 'GET').toUpperCase() !== c.method) continue;
    if (typeof ex.expect.status === 'number' ? ex.expect.status !== c.status : ex.expect.status !== undefined && String(ex.expect.status) !== String(c.status)) continue;
    if (!entry.matches(c.url, c.section, c.origins)) continue;
    // A request that sends another body asks something else (an OCSP request for an unknown serial).
    if (ex.request.body !== undefined && ex.request.body !== c.body) continue;
    // Negotiating alike first; then a literal address asked with the same query parameters; then a literal one; then file order.
    const sameQuery = entry.query !== undefined && JSON.stringify(entry.query) === JSON.stringify(queryNames(c.url.search));
    const score = (negotiatesAlike(c.headers, ex.request.headers, c.coded, statesCoding(ex)) ? 4 : 0) + (sameQuery ? 2 : 0) + (entry.literal ? 1 : 0);
    if (!best || score > best.score) best = { entry, score };
  }
  if (!best) return undefined;
  return {
    exchange: best.entry.exchange,
    ...(best.entry.flow ? { flow: best.entry.flow } : {}),
    role: best.entry.role,
    exact: best.score >= 4,
    corsAlike: sendsOrigin(c.headers) === sendsOrigin(best.entry.exchange.request.headers),
    cookies: cookiePolicy(c.sendsCookies, best.entry),
  };
}

const sendsOrigin = (h: Headers | Record<string, string> | undefined) => header(h, 'origin') !== undefined;

/** The exchange states a content coding (one that is there, not `absent`). */
function statesCoding(ex: ExchangeSpec): boolean {
  const fields = ex.expect.headers ?? {};
  const key = fieldKey(fields, 'content-encoding');
  const m = key === undefined ? undefined : fields[key];
  return m !== undefined && !(m !== null && typeof m === 'object' && 'absent' in m);
}

/** A hand-written request sends cookies when it names them, or as a later step of a flow (its jar). */
function cookiePolicy(captured: boolean, entry: Pick<Entry, 'exchange' | 'flow'>): Cover['cookies'] {
  const theirs = header(entry.exchange.request.headers, 'cookie') !== undefined || (entry.flow !== undefined && entry.flow.steps[0] !== entry.exchange);
  return captured === theirs ? (captured ? 'attributes' : 'all') : 'none';
}

/**
 * Hop `i` of a captured redirect chain: step `i` of a hand-written flow whose first step covers
 * the chain's first request (the hop's own address is the deployment's, reached by a Location).
 */
export function chainCover(authority: Authority, first: CapturedRequest, i: number, hop: Headers, hopSendsCookies: boolean): Cover | undefined {
  for (const entry of authority.entries) {
    const flow = entry.flow;
    const ex = entry.exchange;
    if (!flow || flow.steps[0] !== ex || !flow.steps[i] || entry.role !== first.role) continue;
    if ((ex.request.method ?? 'GET').toUpperCase() !== first.method || (typeof ex.expect.status === 'number' && ex.expect.status !== first.status)) continue;
    if (!entry.matches(first.url, first.section, first.origins)) continue;
    const step = flow.steps[i];
    return {
      exchange: step,
      flow,
      role: entry.role,
      exact: negotiatesAlike(hop, step.request.headers, true, statesCoding(step)),
      corsAlike: sendsOrigin(hop) === sendsOrigin(step.request.headers),
      cookies: cookiePolicy(hopSendsCookies, { exchange: step, flow }),
    };
  }
  return undefined;
}

/** The origins of a capture's roles by placeholder, for matching templates that name another role. */
export function originsByPlaceholder(primary: ReadonlyMap<Role, string>, originOf: (host: string) => string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const role of ROLES) {
    const host = primary.get(role);
    const origin = host ? originOf(host) : undefined;
    if (origin) out[ROLE_PLACEHOLDERS[role]] = origin;
  }
  return out;
}

/** The weight an expectation has in its hand-written exchange, written on it so that it keeps it in another exchange. */
export interface Weight {
  source: Provenance;
  level: Level;
  clause: string;
}

export function weightIn(ex: ExchangeSpec, meta: MatcherMeta | undefined, parent?: Weight): Weight {
  const base: Weight = parent ?? { source: ex.source, level: ex.level ?? defaultLevel(ex.source), clause: ex.clause };
  const source = meta?.source ?? base.source;
  return { source, level: meta?.level ?? (meta?.source ? defaultLevel(meta.source) : base.level), clause: meta?.clause ?? base.clause };
}

const metaOf = (m: unknown): MatcherMeta | undefined => (m !== null && typeof m === 'object' ? (m as MatcherMeta) : undefined);

/** A matcher (or header spec) of the hand-written exchange with its weight written on it. */
export function weighted<T extends MatcherSpec | HeaderSpec>(m: T, ex: ExchangeSpec): T {
  const w = weightIn(ex, metaOf(m));
  const base = m !== null && typeof m === 'object' ? m : { equals: m };
  return { ...base, source: w.source, level: w.level, clause: w.clause } as T;
}

/** A cookie spec of the hand-written exchange with its weight written on the cookie (its attributes weigh as it does unless they say). */
export function weightedCookie(cs: CookieSpec, ex: ExchangeSpec): CookieSpec {
  const w = weightIn(ex, cs);
  return { ...cs, source: w.source, level: w.level, clause: w.clause };
}

/** The response fields the exchange's checks judge for its role: a derived spec leaves them to the checks. */
export function fieldsJudgedByChecks(ex: ExchangeSpec, flow: FlowSpec | undefined, role: Role): Set<string> {
  const checks = selectFrom(CHECKS, [...(ex.checks ?? []), ...(flow?.checks ?? [])]);
  return new Set(checks.flatMap((c) => [...(c.fields?.(role) ?? [])]));
}
