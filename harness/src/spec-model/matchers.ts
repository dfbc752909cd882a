/**
 * Compiles a MatcherSpec (types.ts) into a function from an observed value to a comparison that
 * always states what was expected and what was seen, in words a report can show.
 */
import { HarnessError } from '../core';
import { formatHttpDate, parseAnyDate, shapeByName } from '../shapes';
import { fillPlaceholders, hasPlaceholder, type PlaceholderValues } from './placeholders';
import type { MatcherMeta, MatcherSpec } from './types';
import { describeDirectives, directiveDifferences, type DirectiveSeparator, type DirectiveValue } from './directives';
import { headerLinks } from '../discover/link-header';
import { listMembers } from './list-members';

export { listMembers } from './list-members';

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface MatchContext {
  /** The response's Date, for relative times. */
  date?: Date;
  /** Placeholder table (`placeholders(map)`, plus `{{variable}}` captures of a flow). */
  placeholders: PlaceholderValues;
}

export interface MatchResult {
  ok: boolean;
  expected: string;
  actual: string;
  /** The value as the comparison means it, where `actual` says more (a date as its distance from Date; a policy as sent, without the account of what differs). */
  observed?: string;
  /** The named shape involved, so the report can show its description and examples. */
  shape?: string;
}

export type Matcher = (actual: string | undefined, ctx: MatchContext) => MatchResult;

/** A matcher that cannot be compiled: unknown shape, invalid regex, unknown form. */
export class MatcherSpecError extends HarnessError {
  declare readonly code: 'HARNESS_ERR_MATCHER';
  constructor(message: string) {
    super('HARNESS_ERR_MATCHER', message);
  }
}

export const ABSENT = '(absent)';

export type MatcherKind =
  'equals' | 'shape' | 'regex' | 'oneOf' | 'absent' | 'present' | 'contains' | 'list' | 'range' | 'relativeTime' | 'directives' | 'links' | 'domainOf';
export const MATCHER_KINDS: readonly MatcherKind[] = [
  'equals',
  'shape',
  'regex',
  'oneOf',
  'absent',
  'present',
  'contains',
  'list',
  'range',
  'relativeTime',
  'directives',
  'links',
  'domainOf',
];

/** Which form a matcher has (a bare string, number or boolean is `equals`). */
export function matcherKind(spec: MatcherSpec): MatcherKind {
  if (typeof spec !== 'object' || spec === null) return 'equals';
  const kinds = MATCHER_KINDS.filter((k) => k in spec);
  if (kinds.length !== 1) {
    throw new MatcherSpecError(`a matcher needs exactly one of ${MATCHER_KINDS.join(', ')}; got ${kinds.length ? kinds.join(', ') : 'none'}`);
  }
  return kinds[0];
}

/** The provenance and clause fields of a matcher, if it is an object. */
export function matcherMeta(spec: MatcherSpec): MatcherMeta {
  return typeof spec === 'object' && spec !== null ? spec : {};
}

const show = (v: string | undefined) => (v === undefined ? ABSENT : v);

const cache = new WeakMap<object, Matcher>();

/** Compiles once per spec object (regexes included); literals compile each time (they are cheap). */
export function compileMatcher(spec: MatcherSpec): Matcher {
  if (typeof spec === 'object' && spec !== null) {
    const hit = cache.get(spec);
    if (hit) return hit;
    const m = build(spec);
    cache.set(spec, m);
    return m;
  }
  return build(spec);
}

// A table of cases: one per matcher kind, each checking its spec once and returning the closure that
// matches a value. Kept as one switch so that every kind of MATCHER_KINDS is seen handled in one place.
function build(spec: MatcherSpec): Matcher {
  const kind = matcherKind(spec);
  const s = spec as unknown as Record<string, unknown>;
  switch (kind) {
    case 'equals': {
      const raw = typeof spec === 'object' ? s.equals : spec;
      const literal = String(raw);
      return (actual, ctx) => {
        const expected = fillPlaceholders(literal, ctx.placeholders);
        return { ok: actual === expected, expected, actual: show(actual) };
      };
    }
    case 'shape': {
      const name = String(s.shape);
      const shape = shapeByName(name);
      if (!shape) throw new MatcherSpecError(`unknown shape "${name}"`);
      return (actual) => ({
        ok: actual !== undefined && shape.test(actual),
        expected: `${name} (${shape.description})`,
        actual: show(actual),
        shape: name,
      });
    }
    case 'regex': {
      const written = String(s.regex);
      const flags = (s.flags === undefined ? '' : String(s.flags)).replace(/[gy]/g, ''); // test() must not keep state
      const compile = (source: string) => {
        try {
          return new RegExp(source, flags);
        } catch (e) {
          throw new MatcherSpecError(`invalid regex /${source}/${flags}: ${(e as Error).message}`);
        }
      };
      // Placeholders ({shop_url}, {section}, {{found}}) stand for their values, matched literally.
      if (!hasPlaceholder(written)) {
        const re = compile(written);
        return (actual) => ({ ok: actual !== undefined && re.test(actual), expected: `matches /${written}/${flags}`, actual: show(actual) });
      }
      compile(written);
      const filled = new Map<string, RegExp>();
      return (actual, ctx) => {
        const source = fillPlaceholders(written, ctx.placeholders, escapeRegex);
        let re = filled.get(source);
        if (!re) filled.set(source, (re = compile(source)));
        return { ok: actual !== undefined && re.test(actual), expected: `matches /${source}/${flags}`, actual: show(actual) };
      };
    }
    case 'oneOf': {
      const alternatives = (s.oneOf as MatcherSpec[]).map(compileMatcher);
      return (actual, ctx) => {
        const results = alternatives.map((m) => m(actual, ctx));
        const hit = results.find((r) => r.ok);
        return {
          ok: hit !== undefined,
          expected: `one of: ${results.map((r) => r.expected).join(' | ')}`,
          actual: show(actual),
          ...(hit?.shape ? { shape: hit.shape } : {}),
        };
      };
    }
    case 'absent':
      return (actual) => ({ ok: actual === undefined, expected: ABSENT, actual: show(actual) });
    case 'present':
      return (actual) => ({ ok: actual !== undefined, expected: '(present, any value)', actual: show(actual) });
    case 'contains': {
      const needle = String(s.contains);
      return (actual, ctx) => {
        const expected = fillPlaceholders(needle, ctx.placeholders);
        return { ok: actual !== undefined && actual.includes(expected), expected: `contains "${expected}"`, actual: show(actual) };
      };
    }
    case 'list': {
      const members = (s.list as unknown[]).map(String);
      return (actual, ctx) => {
        const want = members.map((m) => fillPlaceholders(m, ctx.placeholders));
        const got = actual === undefined ? undefined : listMembers(actual);
        const ok = got !== undefined && got.length === want.length && got.every((m, i) => m.toLowerCase() === want[i].toLowerCase());
        return {
          ok,
          expected: `the list ${want.join(', ')} (${want.length} member${want.length === 1 ? '' : 's'}, in one field line or several)`,
          actual: got === undefined ? ABSENT : `${actual} (${got.length} member${got.length === 1 ? '' : 's'})`,
          ...(actual !== undefined ? { observed: actual } : {}),
        };
      };
    }
    case 'range': {
      const { min, max } = s.range as { min?: number; max?: number };
      const expected =
        min !== undefined && max !== undefined
          ? `a number from ${min} to ${max}`
          : min !== undefined
            ? `a number >= ${min}`
            : max !== undefined
              ? `a number <= ${max}`
              : 'a number';
      return (actual) => {
        const n = actual === undefined || actual.trim() === '' ? NaN : Number(actual.trim());
        const ok = Number.isFinite(n) && (min === undefined || n >= min) && (max === undefined || n <= max);
        return { ok, expected, actual: show(actual) };
      };
    }
    case 'directives': {
      const want = s.directives as Record<string, DirectiveValue>;
      const separator = (s.separator === ',' ? ',' : ';') as DirectiveSeparator;
      return (actual, ctx) => {
        const filled = Object.fromEntries(
          Object.entries(want).map(([n, v]) => [n, Array.isArray(v) ? v.map((t) => fillPlaceholders(t, ctx.placeholders)) : v] as const),
        );
        const expected = describeDirectives(filled, separator);
        if (actual === undefined) return { ok: false, expected, actual: ABSENT };
        const problems = directiveDifferences(filled, actual, separator);
        return { ok: problems.length === 0, expected, actual: problems.length ? `${actual} (${problems.join('; ')})` : actual, observed: actual };
      };
    }
    case 'links': {
      const want = (s.links as Array<{ rel: string; href?: MatcherSpec }>).map((l) => ({
        rel: l.rel.toLowerCase(),
        href: l.href === undefined ? undefined : compileMatcher(l.href),
      }));
      return (actual, ctx) => {
        const got = actual === undefined ? [] : headerLinks([actual], 'https://link.invalid/');
        const results = want.map((w) => {
          const hits = got.filter((g) => (g.rel ?? '').split(/\s+/).includes(w.rel));
          const href = w.href;
          const ok = href ? hits.some((g) => href(g.url.href, ctx).ok) : hits.length > 0;
          return { ok, expected: `rel=${w.rel}${href ? ` to ${href(undefined, ctx).expected}` : ''}` };
        });
        return { ok: actual !== undefined && results.every((r) => r.ok), expected: `links ${results.map((r) => r.expected).join(', ')}`, actual: show(actual) };
      };
    }
    case 'domainOf': {
      const of = String(s.domainOf);
      const relation = s.relation === 'parent' ? 'parent' : s.relation === 'host-or-parent' ? 'host-or-parent' : 'host';
      return (actual, ctx) => {
        const filled = fillPlaceholders(of, ctx.placeholders);
        let host = filled.toLowerCase();
        try {
          host = new URL(filled).hostname.toLowerCase();
        } catch {
          /* a host name as written */
        }
        const words = { host: `the host ${host}`, parent: `a parent domain of ${host}`, 'host-or-parent': `${host} or a parent domain of it` }[relation];
        const d = actual?.trim().replace(/^\./, '').toLowerCase();
        const isHost = d === host;
        const isParent = d !== undefined && d.includes('.') && host.endsWith(`.${d}`);
        const ok = relation === 'host' ? isHost : relation === 'parent' ? isParent : isHost || isParent;
        return { ok, expected: words, actual: show(actual) };
      };
    }
    case 'relativeTime': {
      const { offsetSeconds, toleranceSeconds } = s.relativeTime as { offsetSeconds: number; toleranceSeconds: number };
      const rel = `Date ${offsetSeconds < 0 ? '-' : '+'} ${duration(Math.abs(offsetSeconds))} (± ${duration(toleranceSeconds)})`;
      return (actual, ctx) => {
        if (!ctx.date) return { ok: false, expected: `${rel}, but the response has no valid Date`, actual: show(actual) };
        const target = new Date(ctx.date.getTime() + offsetSeconds * 1000);
        const expected = `${rel} = ${formatHttpDate(target)}`;
        if (actual === undefined) return { ok: false, expected, actual: ABSENT };
        const when = parseAnyDate(actual);
        if (!when) return { ok: false, expected, actual: `${actual} (not a date)` };
        const delta = (when.getTime() - ctx.date.getTime()) / 1000;
        const off = delta - offsetSeconds;
        return {
          ok: Math.abs(off) <= toleranceSeconds,
          expected,
          actual: `${actual} (Date ${delta < 0 ? '-' : '+'} ${duration(Math.abs(delta))}${Math.abs(off) > toleranceSeconds ? `, off by ${duration(Math.abs(off))}` : ''})`,
          // A lifetime, not a date: the same on every answer that sets it (to the day, or the minute under a day).
          observed: `Date ${delta < 0 ? '-' : '+'} ${Math.abs(delta) >= 86400 ? `${Math.round(Math.abs(delta) / 86400)} d` : `${Math.round(Math.abs(delta) / 60)} min`}`,
        };
      };
    }
  }
}

/** "315360000 s (3650 d)" style durations for messages. */
export function duration(seconds: number): string {
  const s = Math.round(seconds);
  const units: Array<[number, string]> = [
    [86400, 'd'],
    [3600, 'h'],
    [60, 'min'],
  ];
  for (const [size, unit] of units) {
    if (s >= size && s % size === 0) return `${s} s (${s / size} ${unit})`;
  }
  for (const [size, unit] of units) {
    if (s >= size) return `${s} s (≈${(s / size).toFixed(1)} ${unit})`;
  }
  return `${s} s`;
}
