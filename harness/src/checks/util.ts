/** Small readers of observed exchanges shared by the checks. */
import { fieldValue, mediaTypeOf, type Aspect } from '../core';
import type { ObservedExchange } from '../spec-model/observed';
import { parseHttpDate } from '../shapes';
import type { Check, CheckResult, FindingFields } from './types';

/** The response's Date, if present and a valid HTTP date. */
export function responseDate(ex: ObservedExchange): Date | undefined {
  const d = fieldValue(ex.lines, 'date');
  return d === undefined ? undefined : parseHttpDate(d.trim());
}

/** Cache-Control directives, names lowercased, values unquoted (RFC 9111 §5.2). */
export function cacheControl(ex: ObservedExchange): Map<string, string | true> {
  const out = new Map<string, string | true>();
  const value = fieldValue(ex.lines, 'cache-control');
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
  const ct = fieldValue(ex.lines, 'content-type');
  return ct === undefined ? undefined : mediaTypeOf(ct);
}

/**
 * A comparison of a check; `part` distinguishes several of one check (a header, a cookie), `field`
 * names the response field it judged (the report groups it with that field's other findings). The
 * evaluator makes its verdict (spec-model/evaluate.ts `runChecks`).
 */
export function finding(
  check: Pick<Check, 'id' | 'source' | 'level' | 'clause'>,
  ok: boolean,
  expected: string,
  actual: string,
  extra: Partial<FindingFields> & { part?: string; field?: string } = {},
): CheckResult {
  const { part, field, ...rest } = extra;
  // Object.assign, no literal that opens with a spread: the finding builder's note says why (core/judged.ts).
  const aspect: Aspect | undefined =
    field || part ? Object.assign({ kind: 'check' as const, check: check.id }, field ? { field } : {}, part ? { part } : {}) : undefined;
  const id = part ? `${check.id} ${part}` : check.id;
  return Object.assign(aspect ? { aspect } : {}, { id, met: ok, expected, actual, source: check.source, level: check.level, clause: check.clause }, rest);
}

export const ABSENT = '(absent)';
