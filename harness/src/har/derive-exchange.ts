/** One group of observations (same role, host, method, path template and status) -> one ExchangeSpec. */
import * as path from 'node:path';
import { fieldLines } from '../core';
import { parseCookieDate, parseHttpDate } from '../shapes';
import type { BodySpec, CookieSpec, ExchangeSpec, HeaderSpec, MatcherSpec, RequestTemplate } from '../spec-model/types';
import type { Role } from '../target-map';
import { inferValue, numberMatcher, relativeTime, secretMatcher } from './infer';
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

export function groupKeyOf(o: Observation): string {
  return [o.role, o.secondaryHost ?? '', o.method, o.template, o.status].join('\u0000');
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'proxy-connection', 'upgrade', 'te', 'trailer']);
const VOLATILE = /^(date|age|server-timing|x-timer|x-cache-hits|x-runtime|x-response-time|x-served-by|traceparent|tracestate|x-amz-id-2|x-amz-cf-id)$|request-?id|trace|(^|-)ref$|(^|-)ray$/;
const DATE_VALUED = new Set(['date', 'last-modified']);

function headerMatcher(name: string, values: string[], observations: Observation[]): MatcherSpec {
  if (isSecretHeader(name)) return inferValue(values, { secret: true });
  if (name === 'expires') {
    const offsets: number[] = [];
    for (let i = 0; i < values.length; i++) {
      const at = parseHttpDate(values[i])?.getTime();
      const date = observations[i].date;
      if (at === undefined || date === undefined) break;
      offsets.push(Math.round((at - date) / 1000));
    }
    if (offsets.length === values.length && offsets.every((o) => o > 0)) return relativeTime(offsets);
  }
  return inferValue(values, { volatile: VOLATILE.test(name) || DATE_VALUED.has(name) });
}

function deriveHeaders(obs: Observation[], ph: Placeholderizer): Record<string, HeaderSpec> {
  const perObs = obs.map((o) => {
    const m = new Map<string, string[]>();
    for (const [n, v] of o.headers) {
      if (HOP_BY_HOP.has(n)) continue;
      const list = m.get(n);
      if (list) list.push(ph.apply(v));
      else m.set(n, [ph.apply(v)]);
    }
    return m;
  });
  const out: Record<string, HeaderSpec> = {};
  for (const name of [...perObs[0].keys()].sort()) {
    if (!perObs.every((m) => m.has(name))) continue;
    const lines = perObs.map((m) => m.get(name)!);
    const count = lines[0].length;
    if (count > 1 && lines.every((l) => l.length === count)) {
      out[name] = { lines: Array.from({ length: count }, (_, i) => headerMatcher(name, lines.map((l) => l[i]), obs)) };
    } else {
      out[name] = headerMatcher(name, lines.map((l) => l.join(', ')), obs);
    }
  }
  return out;
}

function agree<T>(values: T[]): T | undefined {
  return values.every((v) => v === values[0]) ? values[0] : undefined;
}

function deriveCookies(obs: Observation[], ph: Placeholderizer): Record<string, CookieSpec> {
  const out: Record<string, CookieSpec> = {};
  const names = [...new Set(obs[0].setCookies.map((c) => c.name))].sort();
  for (const name of names) {
    const per = obs.map((o) => o.setCookies.filter((c) => c.name === name));
    if (per.some((p) => p.length === 0)) continue;
    const firsts = per.map((p) => p[0]);
    const spec: CookieSpec = {};
    const values = firsts.map((c) => c.value);
    spec.value = values.every((v) => v === '') ? '' : secretMatcher(values);
    if (firsts.every((c) => c.path !== undefined)) spec.path = inferValue(firsts.map((c) => ph.apply(c.path!)));
    if (firsts.every((c) => c.domain !== undefined)) {
      const own = firsts.every((c, i) => c.domain!.replace(/^\./, '').toLowerCase() === obs[i].host);
      spec.domain = own
        ? { present: true, note: "the host's own name (Domain=<host>)" }
        : inferValue(firsts.map((c) => c.domain!.toLowerCase()));
    }
    if (firsts.every((c) => c.expires !== undefined)) {
      const offsets: number[] = [];
      firsts.forEach((c, i) => {
        const at = (parseCookieDate(c.expires!) ?? parseHttpDate(c.expires!))?.getTime();
        const date = obs[i].date;
        if (at !== undefined && date !== undefined) offsets.push(Math.round((at - date) / 1000));
      });
      if (offsets.length === firsts.length && offsets.every((o) => o > 0)) spec.expires = relativeTime(offsets);
      else spec.expires = inferValue(firsts.map((c) => c.expires!));
    }
    if (firsts.every((c) => c.maxAge !== undefined)) spec.maxAge = numberMatcher(firsts.map((c) => c.maxAge!));
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

const DYNAMIC_BODY = /html|json|xml|javascript|text\/plain/;

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

function deriveBody(obs: Observation[]): BodySpec | undefined {
  const body: BodySpec = {};
  const sizes = obs.map((o) => o.body.size);
  const mime = obs[0].body.mimeType;
  const sizeKnown = !sizeDisagreement(obs);
  if (sizeKnown && sizes.every((s) => s === 0)) body.empty = true;
  else if (sizes.every((s) => s > 0)) {
    const size = agree(sizes);
    if (sizeKnown && size !== undefined && (obs[0].status >= 300 || !DYNAMIC_BODY.test(mime))) body.decodedSize = size;
    const head = agree(obs.map((o) => o.body.startsWithHex));
    if (head !== undefined && !/^text\/|json|xml|javascript/.test(mime)) body.startsWithHex = head;
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

export function deriveExchange(g: Group, id: string, ph: Placeholderizer): ExchangeSpec {
  const obs = g.observations;
  const files = [...new Set(obs.map((o) => path.basename(o.file)))].sort();
  const headers = deriveHeaders(obs, ph);
  const cookies = deriveCookies(obs, ph);
  const body = deriveBody(obs);
  const expect: ExchangeSpec['expect'] = { status: g.status };
  if (Object.keys(headers).length) expect.headers = headers;
  if (Object.keys(cookies).length) expect.cookies = cookies;
  if (body) expect.body = body;
  return {
    id,
    title: `${g.method} ${g.template}${g.secondaryHost ? ` on ${g.secondaryHost}` : ''} -> ${g.status} (${obs.length} captured)`,
    clause: `capture: ${files.join(', ')}`,
    source: 'capture',
    request: deriveRequest(representative(obs), ph),
    expect,
  };
}
