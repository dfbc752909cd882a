/**
 * One group of observations (same role, host, method, path template and status) -> one
 * ExchangeSpec that holds on every deployment. Levels by authority: where a hand-written exchange
 * covers the group (authority.ts), the status, fields, cookies and body facts it states keep its
 * matchers and levels, and what its checks judge is left to them; what only the capture shows is a
 * warning, matched by meaning (header-rules.ts; cookies and the status: answer-rules.ts), with role
 * placeholders and the discovered address's variables (generalize.ts) and lifetimes as calendar
 * spans (lifetime.ts). Each
 * expectation that is not `must` says why in `note`.
 */
import * as path from 'node:path';
import { fieldKey, fieldLines, linesByName } from '../core';
import type { BodySpec, CookieSpec, ExchangeSpec, HeaderSpec, MatcherSpec, RequestTemplate } from '../spec-model/types';
import type { Role } from '../target-map';
import { agree, cookieRule, cookieValue, statusRule } from './answer-rules';
import { fieldsJudgedByChecks, isCorsField, NEGOTIATED, weighted, weightedCookie, weightIn, type Cover } from './authority';
import type { ValueContext } from './generalize';
import { deriveHeader, NOTES, type DerivedCheck } from './header-rules';
import type { Observation } from './observation';
import type { Placeholderizer } from './role-mapping';
import { isSecretHeader, looksSecret } from './secrets';
import { slugOf } from './template';

export interface Group {
  key: string;
  role: Role;
  secondaryHost?: string;
  method: string;
  template: string;
  status: number;
  /** A returning visitor's request: it sent cookies and its answer sets some (the first visit's answer is another exchange). */
  returning?: boolean;
  observations: Observation[];
}

/** The request sent cookies and the answer sets some: what it sets depends on what was sent. */
export const returningVisit = (o: Observation): boolean => o.requestCookies.length > 0 && o.setCookies.length > 0;

export interface ExchangeContext extends ValueContext {
  /** The address is the deployment's own (discovered): its size and file name are that deployment's. */
  discovered?: boolean;
  /** Named parts of the discovered address (`math` for `{file}`) -> their variables, for the fields that echo them. */
  parts?: ReadonlyArray<readonly [string, string]>;
  /** The hand-written exchange that covers this one: its stated facts keep their matchers and levels. */
  cover?: Cover;
  /** The flow variables (`{{found}}`, `{{file}}`) this exchange has: a stated matcher that names another is not taken. */
  variables?: ReadonlySet<string>;
}

const VARIABLE = /\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}/g;
/** Whether a hand-written expectation names only variables this exchange sets. */
function usable(x: unknown, ctx: ExchangeContext): boolean {
  return [...JSON.stringify(x ?? null).matchAll(VARIABLE)].every((m) => ctx.variables?.has(m[1]));
}

/** Whether what the covering exchange states of a field holds for this request (its negotiation, its Origin). */
const applies = (cover: Cover, name: string): boolean => (cover.exact || !NEGOTIATED.has(name)) && (cover.corsAlike || !isCorsField(name));

const isAbsent = (hs: unknown) => hs !== null && typeof hs === 'object' && 'absent' in hs;
const lookup = <T>(table: Readonly<Record<string, T>> | undefined, name: string): T | undefined => {
  const key = table ? fieldKey(table, name) : undefined;
  return key === undefined ? undefined : table![key];
};

export function groupKeyOf(o: Observation): string {
  return [o.role, o.secondaryHost ?? '', o.method, o.template, o.status, returningVisit(o) ? 'returning' : ''].join('\u0000');
}

/** Fields whose value names the answer's own address, or a part of it. */
const ECHOES = new Set(['content-disposition', 'link', 'location', 'content-location']);

/** How many deployments the observations come from: two recordings of one are one piece of evidence. */
const filesOf = (obs: readonly Observation[]) => new Set(obs.map((o) => o.deployment ?? o.file)).size;

/**
 * Every field every observation carries: as the covering exchange states it (a negotiated field
 * only when the requests negotiate alike), left to its checks when they judge it, else by meaning
 * from the capture; `checks` collects the checks the fields call for.
 */
function deriveHeaders(obs: Observation[], ctx: ExchangeContext, checks: DerivedCheck[]): Record<string, HeaderSpec> {
  const perObs = obs.map((o) => linesByName(o.headers));
  const out: Record<string, HeaderSpec> = {};
  const files = filesOf(obs);
  const cover = ctx.cover;
  const stated = cover?.exchange.expect.headers;
  const judged = cover ? fieldsJudgedByChecks(cover.exchange, cover.flow, cover.role) : new Set<string>();
  for (const name of [...perObs[0].keys()].sort()) {
    if (!perObs.every((m) => m.has(name))) continue;
    const hs = lookup(stated, name);
    if (cover && hs !== undefined && applies(cover, name) && usable(hs, ctx)) {
      out[name] = weighted(hs, cover.exchange);
      continue;
    }
    if (judged.has(name)) continue;
    // The fields that name the address itself may echo its parts (a file name); elsewhere a part is only text.
    const found = ECHOES.has(name) ? [...(ctx.found ?? []), ...(ctx.parts ?? [])] : ctx.found;
    const outcome = deriveHeader(
      name,
      perObs.map((m) => m.get(name)!),
      obs,
      { ph: ctx.ph, ...(found ? { found } : {}), files, ...(ctx.discovered ? { discovered: true } : {}) },
    );
    if (outcome.spec !== undefined) out[name] = outcome.spec;
    for (const c of outcome.checks) if (!checks.some((x) => x.id === c.id)) checks.push(c);
  }
  // A field the description says is absent here, and the capture shows absent: absent.
  for (const [name, hs] of Object.entries(stated ?? {}))
    if (cover && isAbsent(hs) && applies(cover, name.toLowerCase()) && out[name.toLowerCase()] === undefined && perObs.every((m) => !m.has(name.toLowerCase())))
      out[name.toLowerCase()] = weighted(hs, cover.exchange);
  return out;
}

/** The cookies every observation sets: as the covering exchange states them, else what the capture shows, as a warning. */
function deriveCookies(obs: Observation[], ctx: ExchangeContext, role: Role): Record<string, CookieSpec> {
  const out: Record<string, CookieSpec> = {};
  const names = [...new Set(obs[0].setCookies.map((c) => c.name))].sort();
  const cover = ctx.cover;
  for (const name of names) {
    const per = obs.map((o) => o.setCookies.filter((c) => c.name === name));
    if (per.some((p) => p.length === 0)) continue;
    const stated = cover && cover.cookies !== 'none' ? cover.exchange.expect.cookies?.[name] : undefined;
    // Both requests sent cookies: the value the answer sets depends on the one each sent, its attributes do not.
    const { value: _value, ...attributes } = stated ?? {};
    const chosen = cover?.cookies === 'all' ? stated : attributes;
    const firsts = per.map((p) => p[0]);
    if (cover && stated && chosen && usable(chosen, ctx)) {
      const cookie = weightedCookie(chosen, cover.exchange);
      // The value this request's cookies lead to: its shape, as a warning.
      if (chosen !== stated) cookie.value = withMeta(cookieValue(firsts.map((c) => c.value)), 'should');
      out[name] = cookie;
      continue;
    }
    // A cookie the description does not state here: what the capture shows of it (presence and attributes) warns.
    const spec: CookieSpec = { level: 'should', presence: 'should', note: `${NOTES.capture} (this cookie, its value and its attributes)`, ...cookieRule(per, obs, { ph: ctx.ph, role }) };
    out[name] = spec;
  }
  return out;
}

function withMeta(m: MatcherSpec, level: 'should'): MatcherSpec {
  const base = typeof m === 'object' && m !== null ? m : { equals: m };
  return { ...base, level, note: NOTES.capture } as MatcherSpec;
}

const TEXT = /^text\/|json|xml|javascript/;
const BOM = 'efbbbf';

/**
 * Entries whose own numbers disagree: an uncoded body whose Content-Length differs from the size
 * the HAR gives it (PhantomJS writes the first chunk's bytes as `content.size`). The header is
 * what the server sent; the size is dropped.
 */
export function sizeDisagreement(obs: Observation[]): string | undefined {
  for (const o of obs) {
    if (fieldLines(o.headers, 'content-encoding').length > 0 || o.body.size < 0) continue;
    const cl = fieldLines(o.headers, 'content-length')[0];
    if (cl !== undefined && /^\d+$/.test(cl.trim()) && Number(cl) !== o.body.size) return `content-length ${cl.trim()} but a body size of ${o.body.size} in ${o.file.split(/[\\/]/).pop()} entry ${o.index}`;
  }
  return undefined;
}

/**
 * Body facts: the covering exchange's where it negotiates alike (a size only where the description
 * states one); else what the capture shows of the format (empty, JSON, leading bytes), as a
 * warning. A size is never the capture's: it is one deployment's file.
 */
function deriveBody(obs: Observation[], ctx: ExchangeContext): BodySpec | undefined {
  const cover = ctx.cover;
  if (cover?.exact && cover.exchange.expect.body && usable(cover.exchange.expect.body, ctx)) {
    const stated = cover.exchange.expect.body;
    const w = weightIn(cover.exchange, stated);
    return { ...stated, source: w.source, level: w.level, clause: w.clause };
  }
  const body: BodySpec = {};
  const sizes = obs.map((o) => o.body.size);
  const mime = obs[0].body.mimeType;
  const sizeKnown = !sizeDisagreement(obs);
  if (sizeKnown && sizes.every((s) => s === 0)) body.empty = true;
  else if (sizes.every((s) => s > 0)) {
    const head = agree(obs.map((o) => o.body.startsWithHex));
    if (head !== undefined && (!TEXT.test(mime) || head.startsWith(BOM))) body.startsWithHex = TEXT.test(mime) ? BOM : head;
    if (obs.every((o) => o.body.json === true)) body.json = true;
  }
  return Object.keys(body).length ? { ...body, level: 'should', note: NOTES.capture } : undefined;
}

function deriveRequest(rep: Observation, ph: Placeholderizer): RequestTemplate {
  const request: RequestTemplate = { method: rep.method, path: rep.path };
  const headers: Record<string, string> = {};
  for (const [n, v] of rep.requestHeaders) {
    const value = ph.apply(v);
    if (looksSecret(value) || isSecretHeader(n)) continue;
    headers[n] = headers[n] === undefined ? value : `${headers[n]}, ${value}`;
  }
  if (Object.keys(headers).length) request.headers = headers;
  if (rep.requestBody) {
    request.body = rep.requestBody.text;
    request.bodyEncoding = rep.requestBody.encoding;
  }
  return request;
}

export function baseIdOf(g: Group): string {
  const host = g.secondaryHost ? `${g.secondaryHost.replace(/[^a-z0-9]+/g, '-')}/` : '';
  return `${g.role}/har/${host}${slugOf(g.method, g.template)}${g.status === 200 ? '' : `/${g.status}`}${g.returning ? '/returning' : ''}`;
}

export function representative(obs: Observation[]): Observation {
  return [...obs].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.file < b.file ? -1 : a.file > b.file ? 1 : a.index - b.index))[0];
}

export function deriveExchange(g: Group, id: string, ctx: ExchangeContext): ExchangeSpec {
  const obs = g.observations;
  const files = [...new Set(obs.map((o) => path.basename(o.file)))].sort();
  const derivedChecks: DerivedCheck[] = [];
  const cover = ctx.cover;
  const headers = deriveHeaders(obs, ctx, derivedChecks);
  const cookies = deriveCookies(obs, ctx, g.role);
  const body = deriveBody(obs, ctx);
  const statedStatus = cover?.exchange.expect.status;
  const expect: ExchangeSpec['expect'] = {
    status:
      cover && statedStatus !== undefined
        ? weighted(statedStatus, cover.exchange)
        : withMeta(
            statusRule(obs.map((o) => o.status)),
            'should',
          ),
  };
  if (Object.keys(headers).length) expect.headers = headers;
  if (Object.keys(cookies).length) expect.cookies = cookies;
  if (body) expect.body = body;
  const ex: ExchangeSpec = {
    id,
    title: `${g.method} ${g.template}${g.secondaryHost ? ` on ${g.secondaryHost}` : ''} -> ${g.status} (${obs.length} captured)`,
    clause: `capture: ${files.join(', ')}${cover ? `; as the description states it in ${cover.exchange.id}` : '; no hand-written exchange covers it: what the capture shows warns'}`,
    source: 'capture',
    // No hand-written exchange covers it: the whole exchange (its discovery of an address included) is what only the capture shows.
    ...(cover ? {} : { level: 'should' as const }),
    request: deriveRequest(representative(obs), ctx.ph),
    expect,
  };
  // The covering exchange's checks judge here what they judge there, at its levels.
  const stated = cover ? (cover.exchange.checks ?? []).filter((c) => usable(c, ctx)) : [];
  const all = [...new Set([...stated, ...derivedChecks.map((c) => c.id)])];
  if (all.length) {
    ex.checks = all;
    const levels = {
      ...Object.fromEntries(derivedChecks.filter((c) => c.level !== 'must' && !stated.includes(c.id)).map((c) => [c.id, c.level])),
      ...(cover?.exchange.checkLevels ?? {}),
    };
    if (Object.keys(levels).length) ex.checkLevels = levels;
  }
  return ex;
}
