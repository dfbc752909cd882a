/** Small readers of observed exchanges shared by the checks. */
import type { ObservedExchange } from '../spec-model/observed';
import { parseHttpDate } from '../shapes';
import type { Check, Finding } from './types';

/** All values of a header, in order (names are lowercase in observed lines). */
export function headerValues(ex: ObservedExchange, name: string): string[] {
  const wanted = name.toLowerCase();
  return ex.lines.filter(([n]) => n === wanted).map(([, v]) => v);
}

/** The combined value (lines joined with ", "), or undefined when absent. */
export function headerValue(ex: ObservedExchange, name: string): string | undefined {
  const all = headerValues(ex, name);
  return all.length ? all.join(', ') : undefined;
}

/** The response's Date, if present and a valid HTTP date. */
export function responseDate(ex: ObservedExchange): Date | undefined {
  const d = headerValue(ex, 'date');
  return d === undefined ? undefined : parseHttpDate(d.trim());
}

/** Cache-Control directives, names lowercased, values unquoted (RFC 9111 §5.2). */
export function cacheControl(ex: ObservedExchange): Map<string, string | true> {
  const out = new Map<string, string | true>();
  const value = headerValue(ex, 'cache-control');
  if (value === undefined) return out;
  for (const part of value.split(',')) {
    const m = /^\s*([^=\s]+)\s*(?:=\s*(?:"([^"]*)"|([^\s,]*)))?\s*$/.exec(part);
    if (!m) continue;
    const name = m[1].toLowerCase();
    if (!out.has(name)) out.set(name, m[2] ?? m[3] ?? true);
  }
  return out;
}

/** The media type of Content-Type, lowercased, without parameters. */
export function mediaType(ex: ObservedExchange): string | undefined {
  const ct = headerValue(ex, 'content-type');
  return ct === undefined ? undefined : ct.split(';')[0].trim().toLowerCase();
}

/** The request's header value, case-insensitive. */
export function requestHeader(ex: ObservedExchange, name: string): string | undefined {
  const wanted = name.toLowerCase();
  const all = ex.request.headers.filter(([n]) => n.toLowerCase() === wanted).map(([, v]) => v);
  return all.length ? all.join(', ') : undefined;
}

/**
 * A finding of a check; `aspect` distinguishes several findings of one check (a header, a cookie).
 * A miss is written `fail` here; the evaluator turns it into the verdict of the finding's level.
 */
export function finding(
  check: Pick<Check, 'id' | 'source' | 'level' | 'clause'>,
  ok: boolean,
  expected: string,
  actual: string,
  extra: Partial<Finding> & { aspect?: string } = {},
): Finding {
  const { aspect, ...rest } = extra;
  return {
    id: aspect ? `${check.id} ${aspect}` : check.id,
    verdict: ok ? 'pass' : 'fail',
    expected,
    actual,
    source: check.source,
    level: check.level,
    clause: check.clause,
    ...rest,
  };
}

export const ABSENT = '(absent)';
