/**
 * Compares one observed exchange with its spec: one finding per expectation (status, each header,
 * each cookie attribute, each body fact) and per named check. Expected and actual are always
 * filled in; provenance decides whether a failure fails the run.
 */
import { CHECKS, selectChecks } from '../checks';
import type { Check, Finding, Verdict } from '../checks/types';
import { parseHttpDate } from '../shapes';
import { UnmappedPlaceholderError } from '../target';
import { compileMatcher, matcherMeta, MatcherSpecError, type MatchContext, type MatchResult } from './matchers';
import type { ObservedCookie, ObservedExchange } from './observed';
import { fillPlaceholders, type PlaceholderValues } from './placeholders';
import type { BodySpec, CookieSpec, ExchangeSpec, HeaderSpec, MatcherSpec, Provenance } from './types';

export interface EvaluateOptions {
  /** Role of the spec file (per-role checks). */
  role: string;
  /** `placeholders(map)` plus `{{variable}}` captures of a flow. */
  placeholders: PlaceholderValues;
  /** Make failing `reference` expectations fail against non-reference targets too. */
  strict: boolean;
  /** Whether the target is the reference implementation or the user's. */
  targetOrigin: 'reference' | 'user';
  /** Earlier exchanges of the same flow, in order. */
  previous?: ObservedExchange[];
  /** The check registry (tests substitute their own). Default CHECKS. */
  checks?: readonly Check[];
}

/** pass/fail, except that a failing `reference` expectation only informs against other targets. */
export function verdictFor(ok: boolean, source: Provenance, options: Pick<EvaluateOptions, 'strict' | 'targetOrigin'>): Verdict {
  if (ok) return 'pass';
  return source === 'reference' && options.targetOrigin !== 'reference' && !options.strict ? 'info' : 'fail';
}

const REFERENCE_NOTE = 'expectation of the reference (the description is silent): informational against this target; strict mode fails it';

export function evaluateExchange(spec: ExchangeSpec, observed: ObservedExchange, options: EvaluateOptions): Finding[] {
  const findings: Finding[] = [];
  const dateHeader = combined(observed, 'date');
  const date = dateHeader === undefined ? undefined : parseHttpDate(dateHeader.trim());
  const ctx: MatchContext = { placeholders: options.placeholders, ...(date ? { date } : {}) };

  /** Runs one comparison, turning spec problems and unmapped roles into findings rather than throws. */
  const add = (aspect: string, source: Provenance, clause: string, compare: () => MatchResult, extra: Partial<Finding> = {}) => {
    const base = { id: `${spec.id} ${aspect}`, source, clause, target: observed.target, ...extra };
    let r: MatchResult;
    try {
      r = compare();
    } catch (e) {
      if (e instanceof UnmappedPlaceholderError) {
        findings.push({ ...base, verdict: 'skip', expected: `a value with ${e.placeholder}`, actual: 'role not mapped', message: e.message });
        return;
      }
      if (e instanceof MatcherSpecError) {
        findings.push({ ...base, verdict: 'error', expected: '(invalid matcher)', actual: '(not compared)', message: e.message });
        return;
      }
      throw e;
    }
    const verdict = verdictFor(r.ok, source, options);
    findings.push({
      ...base,
      verdict,
      expected: r.expected,
      actual: r.actual,
      ...(r.shape ? { shape: r.shape } : {}),
      ...(verdict === 'info' ? { message: REFERENCE_NOTE } : {}),
    });
  };
  const sourceOf = (m: MatcherSpec | object | undefined, fallback: Provenance) => (m !== undefined && typeof m === 'object' ? ((m as { source?: Provenance }).source ?? fallback) : fallback);
  const clauseOf = (m: MatcherSpec | object | undefined, fallback: string) => (m !== undefined && typeof m === 'object' ? ((m as { clause?: string }).clause ?? fallback) : fallback);

  const { expect } = spec;
  if (expect.status !== undefined) {
    const m = expect.status;
    add('status', sourceOf(m, spec.source), clauseOf(m, spec.clause), () => compileMatcher(m)(String(observed.status), ctx));
  }

  for (const [name, hs] of Object.entries(expect.headers ?? {})) {
    add(`header ${name.toLowerCase()}`, sourceOf(hs, spec.source), clauseOf(hs, spec.clause), () => compareHeader(hs, observed, name, ctx));
  }

  for (const [name, cs] of Object.entries(expect.cookies ?? {})) {
    const source = cs.source ?? spec.source;
    const clause = cs.clause ?? spec.clause;
    const set = observed.cookies.filter((c) => c.name === name);
    add(`cookie ${name}`, source, clause, () => cookiePresence(cs, set));
    if (cs.absent) continue;
    for (const [attr, aspect, read] of COOKIE_ATTRIBUTES) {
      const raw = cs[attr] as MatcherSpec | undefined;
      if (raw === undefined) continue;
      // httpOnly and secure are booleans in the spec; compare them as the flag's presence in words.
      const m: MatcherSpec = attr === 'httpOnly' ? flag('HttpOnly', raw === true) : attr === 'secure' ? flag('Secure', raw === true) : raw;
      const id = `${spec.id} cookie ${name} ${aspect}`;
      if (set.length === 0) {
        findings.push({ id, verdict: 'skip', expected: describeAttr(m, ctx), actual: '(cookie not set)', source, clause, target: observed.target, message: 'cookie not set; see the cookie finding' });
        continue;
      }
      const extra: Partial<Finding> = attr === 'value' ? { secret: true } : {};
      add(`cookie ${name} ${aspect}`, sourceOf(m, source), clauseOf(m, clause), () => acrossLines(set, (c) => compileMatcher(m)(read(c), ctx)), extra);
    }
  }

  if (expect.body) evaluateBody(expect.body, observed, spec, ctx, add);

  if (spec.checks?.length) {
    const context = { role: options.role, previous: options.previous ?? [] };
    for (const check of selectChecks(spec.checks, options.checks ?? CHECKS)) {
      const base = { source: check.source, clause: check.clause, target: observed.target };
      let produced: Finding[];
      try {
        produced = check.run(observed, context);
      } catch (e) {
        findings.push({ ...base, id: `${spec.id} check ${check.id}`, verdict: 'error', expected: check.title, actual: '(check failed to run)', message: (e as Error).message });
        continue;
      }
      if (produced.length === 0) {
        findings.push({ ...base, id: `${spec.id} check ${check.id}`, verdict: 'skip', expected: check.title, actual: '(not applicable to this response)' });
        continue;
      }
      for (const f of produced) {
        const verdict = f.verdict === 'fail' ? verdictFor(false, f.source, options) : f.verdict;
        findings.push({ ...base, ...f, id: `${spec.id} check ${f.id}`, verdict, ...(verdict === 'info' && !f.message ? { message: REFERENCE_NOTE } : {}) });
      }
    }
  }
  return findings;
}

function combined(ex: ObservedExchange, name: string): string | undefined {
  const all = lines(ex, name);
  return all.length ? all.join(', ') : undefined;
}

function lines(ex: ObservedExchange, name: string): string[] {
  const wanted = name.toLowerCase();
  return ex.lines.filter(([n]) => n === wanted).map(([, v]) => v);
}

function compareHeader(hs: HeaderSpec, ex: ObservedExchange, name: string, ctx: MatchContext): MatchResult {
  if (typeof hs === 'object' && hs !== null && 'lines' in hs) {
    const actual = lines(ex, name);
    const results = hs.lines.map((m, i) => compileMatcher(m)(actual[i], ctx));
    const ok = actual.length === hs.lines.length && results.every((r) => r.ok);
    const shape = results.find((r) => !r.ok && r.shape)?.shape;
    return {
      ok,
      expected: `${hs.lines.length} line${hs.lines.length === 1 ? '' : 's'}: ${results.map((r, i) => `[${i + 1}] ${r.expected}`).join('; ')}`,
      actual: actual.length ? `${actual.length} line${actual.length === 1 ? '' : 's'}: ${actual.map((v, i) => `[${i + 1}] ${v}`).join('; ')}` : '(absent)',
      ...(shape ? { shape } : {}),
    };
  }
  return compileMatcher(hs as MatcherSpec)(combined(ex, name), ctx);
}

function cookiePresence(cs: CookieSpec, set: ObservedCookie[]): MatchResult {
  const actual = set.length === 0 ? '(not set)' : `set on ${set.length} Set-Cookie line${set.length === 1 ? '' : 's'}`;
  if (cs.absent) return { ok: set.length === 0, expected: '(not set)', actual };
  if (cs.count !== undefined) return { ok: set.length === cs.count, expected: `set on ${cs.count} Set-Cookie line${cs.count === 1 ? '' : 's'}`, actual };
  return { ok: set.length > 0, expected: 'set', actual };
}

type AttrReader = (c: ObservedCookie) => string | undefined;
const flag = (name: string, on: boolean) => (on ? name : `no ${name}`);

const COOKIE_ATTRIBUTES: Array<[keyof CookieSpec, string, AttrReader]> = [
  ['value', 'value', (c) => c.value],
  ['path', 'path', (c) => c.path],
  ['domain', 'domain', (c) => c.domain],
  ['expires', 'expires', (c) => c.expires],
  ['maxAge', 'max-age', (c) => (c.maxAge === undefined ? undefined : String(c.maxAge))],
  ['httpOnly', 'httponly', (c) => flag('HttpOnly', c.httpOnly)],
  ['secure', 'secure', (c) => flag('Secure', c.secure)],
  ['sameSite', 'samesite', (c) => c.sameSite],
];

function describeAttr(m: MatcherSpec, ctx: MatchContext): string {
  try {
    return compileMatcher(m)(undefined, ctx).expected;
  } catch {
    return JSON.stringify(m);
  }
}

/** A cookie sent on several lines (the session cookie) must satisfy the matcher on each. */
function acrossLines(set: ObservedCookie[], compare: (c: ObservedCookie) => MatchResult): MatchResult {
  const results = set.map(compare);
  const distinct = [...new Set(results.map((r) => r.actual))];
  const bad = results.find((r) => !r.ok);
  return {
    ok: bad === undefined,
    expected: results[0].expected,
    actual: distinct.length === 1 ? distinct[0] : distinct.map((a, i) => `line ${i + 1}: ${a}`).join('; '),
    ...((bad ?? results[0]).shape ? { shape: (bad ?? results[0]).shape } : {}),
  };
}

type Add = (aspect: string, source: Provenance, clause: string, compare: () => MatchResult, extra?: Partial<Finding>) => void;

function evaluateBody(body: BodySpec, ex: ObservedExchange, spec: ExchangeSpec, ctx: MatchContext, add: Add): void {
  const source = body.source ?? spec.source;
  const clause = body.clause ?? spec.clause;
  const decoded = ex.decoded;
  const undecodable = (expected: string): MatchResult => ({ ok: false, expected, actual: `(body could not be decoded: ${ex.decodeError ?? 'unknown reason'})` });
  const meta = (m: MatcherSpec) => [matcherMeta(m).source ?? source, matcherMeta(m).clause ?? clause] as const;

  if (body.size !== undefined) {
    const m = body.size;
    add('body size', ...meta(m), () => compileMatcher(m)(String(ex.body.length), ctx));
  }
  if (body.decodedSize !== undefined) {
    const m = body.decodedSize;
    add('body decoded-size', ...meta(m), () => (decoded ? compileMatcher(m)(String(decoded.length), ctx) : undecodable(compileMatcher(m)(undefined, ctx).expected)));
  }
  const text = decoded?.toString('utf8');
  for (const needle of body.contains ?? []) {
    const label = needle.length > 40 ? `${needle.slice(0, 37)}...` : needle;
    add(`body contains ${JSON.stringify(label)}`, source, clause, () => {
      const want = fillPlaceholders(needle, ctx.placeholders);
      if (text === undefined) return undecodable(`contains ${JSON.stringify(want)}`);
      return { ok: text.includes(want), expected: `contains ${JSON.stringify(want)}`, actual: text.includes(want) ? `contains ${JSON.stringify(want)}` : `${decoded!.length} bytes without it: ${excerpt(text)}` };
    });
  }
  if (body.json !== undefined) {
    const wantJson = body.json;
    add('body json', source, clause, () => {
      if (text === undefined) return undecodable(wantJson ? 'valid JSON' : 'not JSON');
      let error: string | undefined;
      try {
        JSON.parse(text);
      } catch (e) {
        error = (e as Error).message;
      }
      return { ok: (error === undefined) === wantJson, expected: wantJson ? 'valid JSON' : 'not JSON', actual: error === undefined ? 'valid JSON' : `not JSON (${error}): ${excerpt(text)}` };
    });
  }
  if (body.startsWithHex !== undefined) {
    const hex = body.startsWithHex.toLowerCase();
    add('body starts-with', source, clause, () => {
      if (!decoded) return undecodable(`starts with bytes ${hex}`);
      const head = decoded.subarray(0, hex.length / 2).toString('hex');
      return { ok: head === hex, expected: `starts with bytes ${hex}`, actual: decoded.length ? `starts with bytes ${head}` : '(empty body)' };
    });
  }
  if (body.empty !== undefined) {
    const wantEmpty = body.empty;
    add('body empty', source, clause, () => ({
      ok: (ex.body.length === 0) === wantEmpty,
      expected: wantEmpty ? 'empty body' : 'a non-empty body',
      actual: ex.body.length === 0 ? 'empty body' : `${ex.body.length} bytes`,
    }));
  }
}

function excerpt(text: string): string {
  const t = text.replace(/\s+/g, ' ');
  return JSON.stringify(t.length > 80 ? `${t.slice(0, 77)}...` : t);
}
