/**
 * One group of observations (same role, host, method, path template and status) -> one
 * ExchangeSpec that holds on every deployment: fields by meaning (header-rules.ts), values with
 * role placeholders and the discovered address's variables (generalize.ts), lifetimes as calendar
 * spans (lifetime.ts), levels by evidence (a value one capture shows and nothing supports informs
 * or warns, and says why in `note`).
 */
import * as path from 'node:path';
import type { Level } from '../core';
import { fieldLines } from '../core';
import { parseCookieDate, parseHttpDate, tightestShape } from '../shapes';
import type { BodySpec, CookieSpec, ExchangeSpec, HeaderSpec, MatcherSpec, RequestTemplate } from '../spec-model/types';
import type { Role } from '../target-map';
import type { ValueContext } from './generalize';
import { deriveHeader, DYNAMIC_BODY, type DerivedCheck } from './header-rules';
import { inferValue } from './infer';
import { lifetimeAfterDate, lifetimeSeconds } from './lifetime';
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
  observations: Observation[];
}

export interface ExchangeContext extends ValueContext {
  /** The address is the deployment's own (discovered): its size and file name are that deployment's. */
  discovered?: boolean;
  /** Named parts of the discovered address (`math` for `{file}`) -> their variables, for the fields that echo them. */
  parts?: ReadonlyArray<readonly [string, string]>;
}

export function groupKeyOf(o: Observation): string {
  return [o.role, o.secondaryHost ?? '', o.method, o.template, o.status].join('\u0000');
}

/** Fields whose value names the answer's own address, or a part of it. */
const ECHOES = new Set(['content-disposition', 'link', 'location', 'content-location']);

/** How many deployments the observations come from: two recordings of one are one piece of evidence. */
const filesOf = (obs: readonly Observation[]) => new Set(obs.map((o) => o.deployment ?? o.file)).size;

/** Every field every observation carries, by meaning; `checks` collects the checks the fields call for. */
function deriveHeaders(obs: Observation[], ctx: ExchangeContext, checks: DerivedCheck[]): Record<string, HeaderSpec> {
  const perObs = obs.map((o) => {
    const m = new Map<string, string[]>();
    for (const [n, v] of o.headers) m.set(n, [...(m.get(n) ?? []), v]);
    return m;
  });
  const out: Record<string, HeaderSpec> = {};
  const files = filesOf(obs);
  for (const name of [...perObs[0].keys()].sort()) {
    if (!perObs.every((m) => m.has(name))) continue;
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
  return out;
}

function agree<T>(values: T[]): T | undefined {
  return values.every((v) => v === values[0]) ? values[0] : undefined;
}

/** Shapes too loose to say anything of a cookie's value from one sample: the value then only has to be there. */
const LOOSE = new Set(['base64', 'base64url', 'url-safe-token', 'integer']);

/** A cookie value is a secret: a shape, never its text; a loose one says "any value". */
function cookieValue(values: string[]): MatcherSpec {
  if (values.every((v) => v === '')) return '';
  const shape = tightestShape([...new Set(values)]);
  return { shape: shape && !LOOSE.has(shape) ? shape : 'any' };
}

const offsetsAfterDate = (expiries: string[], obs: Observation[]): number[] | undefined => {
  const offsets: number[] = [];
  expiries.forEach((e, i) => {
    const at = (parseCookieDate(e) ?? parseHttpDate(e))?.getTime();
    const date = obs[i].date;
    if (at !== undefined && date !== undefined) offsets.push(Math.round((at - date) / 1000));
  });
  return offsets.length === expiries.length ? offsets : undefined;
};

function deriveCookies(obs: Observation[], ctx: ValueContext): Record<string, CookieSpec> {
  const out: Record<string, CookieSpec> = {};
  const files = filesOf(obs);
  const names = [...new Set(obs[0].setCookies.map((c) => c.name))].sort();
  for (const name of names) {
    const per = obs.map((o) => o.setCookies.filter((c) => c.name === name));
    if (per.some((p) => p.length === 0)) continue;
    const firsts = per.map((p) => p[0]);
    const spec: CookieSpec = {};
    // A cookie name one deployment shows may be another's choice: its absence warns; where it is set, its attributes are the contract.
    if (files < 2) {
      spec.presence = 'should';
      spec.note = 'one deployment sets this cookie: its absence is a warning; its attributes, where it is set, are the contract';
    }
    spec.value = cookieValue(firsts.map((c) => c.value));
    if (firsts.every((c) => c.path !== undefined)) spec.path = inferValue(firsts.map((c) => ctx.ph.apply(c.path!)));
    if (firsts.every((c) => c.domain !== undefined)) {
      const own = firsts.every((c, i) => c.domain!.replace(/^\./, '').toLowerCase() === obs[i].host);
      spec.domain = own
        ? { present: true, level: 'should', note: "the host's own name here; which domain a deployment names is its choice" }
        : { ...(withLevel(inferValue(firsts.map((c) => c.domain!.replace(/^\./, '').toLowerCase())), 'should') as object), note: 'the domain one capture names: a deployment may name another' } as MatcherSpec;
    }
    if (firsts.every((c) => c.expires !== undefined)) {
      const offsets = offsetsAfterDate(
        firsts.map((c) => c.expires!),
        obs,
      );
      if (offsets && offsets.every((o) => o > 0)) spec.expires = lifetimeAfterDate(offsets);
      else if (offsets) spec.expires = { shape: tightestShape(firsts.map((c) => c.expires!)) ?? 'any', note: 'a date at or before Date: already expired' };
      else spec.expires = inferValue(firsts.map((c) => c.expires!));
    }
    if (firsts.every((c) => c.maxAge !== undefined)) spec.maxAge = lifetimeSeconds(firsts.map((c) => c.maxAge!));
    const httpOnly = agree(firsts.map((c) => c.httpOnly));
    if (httpOnly !== undefined) spec.httpOnly = httpOnly;
    const secure = agree(firsts.map((c) => c.secure));
    if (secure !== undefined) spec.secure = secure;
    if (firsts.every((c) => c.sameSite !== undefined)) spec.sameSite = inferValue(firsts.map((c) => c.sameSite!));
    const count = agree(per.map((p) => p.length));
    if (count !== undefined && count > 1) spec.count = count;
    out[name] = spec;
  }
  return out;
}

function withLevel(m: MatcherSpec, level: Level): MatcherSpec {
  return (typeof m === 'object' && m !== null ? { ...m, level } : { equals: m, level }) as MatcherSpec;
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
 * Body facts by evidence: empty, JSON and the leading bytes of a binary body (or a text's BOM)
 * are what the answer is; a size is kept only where the same address is asked again (not a file
 * another deployment names, not generated) and every capture agrees: elsewhere it is one
 * deployment's file.
 */
function deriveBody(obs: Observation[], ctx: ExchangeContext): BodySpec | undefined {
  const body: BodySpec = {};
  const sizes = obs.map((o) => o.body.size);
  const mime = obs[0].body.mimeType;
  const sizeKnown = !sizeDisagreement(obs);
  if (sizeKnown && sizes.every((s) => s === 0)) body.empty = true;
  else if (sizes.every((s) => s > 0)) {
    const size = agree(sizes);
    if (sizeKnown && size !== undefined && !ctx.discovered && (obs[0].status >= 300 || !DYNAMIC_BODY.test(mime))) body.decodedSize = size;
    const head = agree(obs.map((o) => o.body.startsWithHex));
    if (head !== undefined && (!TEXT.test(mime) || head.startsWith(BOM))) body.startsWithHex = TEXT.test(mime) ? BOM : head;
    if (obs.every((o) => o.body.json === true)) body.json = true;
  }
  return Object.keys(body).length ? body : undefined;
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
  return `${g.role}/har/${host}${slugOf(g.method, g.template)}${g.status === 200 ? '' : `/${g.status}`}`;
}

export function representative(obs: Observation[]): Observation {
  return [...obs].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.file < b.file ? -1 : a.file > b.file ? 1 : a.index - b.index))[0];
}

export function deriveExchange(g: Group, id: string, ctx: ExchangeContext): ExchangeSpec {
  const obs = g.observations;
  const files = [...new Set(obs.map((o) => path.basename(o.file)))].sort();
  const derivedChecks: DerivedCheck[] = [];
  const headers = deriveHeaders(obs, ctx, derivedChecks);
  const cookies = deriveCookies(obs, ctx);
  const body = deriveBody(obs, ctx);
  const expect: ExchangeSpec['expect'] = { status: g.status };
  if (Object.keys(headers).length) expect.headers = headers;
  if (Object.keys(cookies).length) expect.cookies = cookies;
  if (body) expect.body = body;
  const ex: ExchangeSpec = {
    id,
    title: `${g.method} ${g.template}${g.secondaryHost ? ` on ${g.secondaryHost}` : ''} -> ${g.status} (${obs.length} captured)`,
    clause: `capture: ${files.join(', ')}`,
    source: 'capture',
    request: deriveRequest(representative(obs), ctx.ph),
    expect,
  };
  if (derivedChecks.length) {
    ex.checks = derivedChecks.map((c) => c.id);
    const levels = Object.fromEntries(derivedChecks.filter((c) => c.level !== 'must').map((c) => [c.id, c.level]));
    if (Object.keys(levels).length) ex.checkLevels = levels;
  }
  return ex;
}
