/**
 * Compares one observed exchange with its spec: one finding per expectation (status, each header,
 * each cookie attribute, each body fact) and per named check. Expected and actual are always
 * filled in; the level decides what a miss means (must: fail, should: warn, info: info), and a
 * rule whose premise the answer does not meet is `n/a` with the reason.
 */
import { aspectText, defaultLevel, fieldLines, fieldValue, judged, unjudged, type Aspect, type Finding, type Level, type TargetOrigin } from '../core';
import { formatHttpDate, parseHttpDate } from '../shapes';
import { UnmappedPlaceholderError } from '../target-map';
import { selectFrom, selects, type Check, type CheckContext, type CheckRegistry, type CheckResult } from './check';
import { compileMatcher, MatcherSpecError, type MatchContext, type MatchResult } from './matchers';
import type { ObservedCookie, ObservedExchange } from './observed';
import { fieldSecrets } from './field-secrets';
import { FIELD_FORMS } from './field-forms';
import { fillPlaceholders, type PlaceholderValues } from './placeholders';
import type { BodySpec, CookieSpec, ExchangeSpec, HeaderSpec, MatcherMeta, MatcherSpec, Premise, Provenance } from './types';

export interface EvaluateOptions {
  /** Role of the spec file (per-role checks). */
  role: string;
  /** `placeholders(map)` plus `{{variable}}` captures of a flow. */
  placeholders: PlaceholderValues;
  /** Whether the target is the reference implementation or the user's. */
  targetOrigin: TargetOrigin;
  /** Earlier exchanges of the same flow, in order. */
  previous?: ObservedExchange[];
  /** The same request asked once more on the same protocol (noise learning), for checks that compare two answers. */
  repeat?: ObservedExchange;
  /** The check registry the spec's `checks` select from: `CHECKS` of harness/src/checks (tests substitute their own). */
  checks: CheckRegistry;
  /** A finding's id from its aspect (default `<spec id> <aspect>`: `site/home header vary`); the browser flows name theirs by resource. */
  idOf?: (aspect: Aspect) => string;
}

export { REFERENCE_NOTE, SHOULD_NOTE, verdictNote } from '../core';

/** Whether the answer meets a premise; the reason when it does not. */
export function premiseFails(premise: Premise | undefined, observed: Pick<ObservedExchange, 'status'>): string | undefined {
  if (!premise) return undefined;
  const statuses = Array.isArray(premise.status) ? premise.status : [premise.status];
  if (statuses.includes(observed.status)) return undefined;
  return `premise not met: the rule applies to a ${statuses.join(' or ')} answer; this one is ${observed.status}`;
}

// The spec's aspects in report order (status, headers, cookies, body, checks), each through the one
// `add` closure that turns a comparison into a finding. The body has its own function; the cookie
// loop stays, as it also writes its skips with `findings`, `idOf` and `ctx`, and would take them all.
export function evaluateExchange(spec: ExchangeSpec, observed: ObservedExchange, options: EvaluateOptions): Finding[] {
  const findings: Finding[] = [];
  const idOf = options.idOf ?? ((aspect: Aspect) => `${spec.id} ${aspectText(aspect)}`);
  const dateHeader = fieldValue(observed.lines, 'date');
  const date = dateHeader === undefined ? undefined : parseHttpDate(dateHeader.trim());
  const ctx: MatchContext = { placeholders: options.placeholders, ...(date ? { date } : {}) };

  const add = (aspect: Aspect, w: Weight, compare: () => MatchResult, extra: Partial<Finding> = {}) =>
    findings.push(
      expectationFinding({ id: idOf(aspect), aspect, target: observed.target, ...extra }, w, compare, {
        unmet: premiseFails(w.when, observed),
        targetOrigin: options.targetOrigin,
      }),
    );
  const exchangeWeight = weightOf(undefined, { source: spec.source, level: spec.level ?? defaultLevel(spec.source), clause: spec.clause });

  const { expect } = spec;
  if (expect.status !== undefined) {
    const m = expect.status;
    add({ kind: 'status' }, weightOf(m, exchangeWeight), () => compileMatcher(m)(String(observed.status), ctx));
  }

  for (const [name, hs] of Object.entries(expect.headers ?? {})) {
    add({ kind: 'header', name: name.toLowerCase() }, weightOf(hs, exchangeWeight), () => compareHeader(hs, observed, name, ctx), fieldSecrets(name, observed));
  }

  for (const [name, cs] of Object.entries(expect.cookies ?? {})) {
    const w = weightOf(cs, exchangeWeight);
    const set = observed.cookies.filter((c) => c.name === name);
    // `presence` weighs a cookie that is not set; one that is set is held to its count at the cookie's level.
    add({ kind: 'cookie', name }, cs.presence && set.length === 0 ? Object.assign({}, w, { level: cs.presence }) : w, () => cookiePresence(cs, set));
    if (cs.absent) continue;
    for (const [attr, aspect, read] of COOKIE_ATTRIBUTES) {
      const raw = cs[attr] as MatcherSpec | undefined;
      if (raw === undefined) continue;
      // httpOnly and secure are booleans in the spec; compare them as the flag's presence in words.
      const m: MatcherSpec = attr === 'httpOnly' ? flag('HttpOnly', raw === true) : attr === 'secure' ? flag('Secure', raw === true) : raw;
      const aw = weightOf(m, w);
      const cookieAspect: Aspect = { kind: 'cookie', name, attribute: aspect };
      if (set.length === 0) {
        findings.push(
          unjudged('skip', {
            id: idOf(cookieAspect),
            aspect: cookieAspect,
            level: aw.level,
            expected: describeAttr(m, ctx),
            actual: '(cookie not set)',
            source: aw.source,
            clause: aw.clause,
            target: observed.target,
            message: 'cookie not set; see the cookie finding',
          }),
        );
        continue;
      }
      const extra: Partial<Finding> = attr === 'value' ? { secrets: set.map((c) => ({ kind: 'cookie' as const, value: c.value })) } : {};
      add(cookieAspect, aw, () => acrossLines(set, (c) => (attr === 'expires' ? compareExpiry(m, c, ctx) : compileMatcher(m)(read(c), ctx))), extra);
    }
  }

  if (expect.body) evaluateBody(expect.body, observed, weightOf(expect.body, exchangeWeight), ctx, add);

  if (spec.checks?.length) {
    const context: CheckContext = { role: options.role, previous: options.previous ?? [], ...(options.repeat ? { repeat: options.repeat } : {}) };
    findings.push(...runChecks(spec.id, selectFrom(options.checks, spec.checks), observed, context, options.targetOrigin, spec.checkLevels));
  }
  return findings;
}

/**
 * Runs named checks on one answer: a check's miss takes its verdict from the finding's level, a
 * check that does not apply is `n/a`, a check that throws is a run error.
 */
export function runChecks(
  prefix: string,
  checks: readonly Check[],
  observed: ObservedExchange,
  context: CheckContext,
  targetOrigin: TargetOrigin,
  levels: Readonly<Record<string, Level>> = {},
): Finding[] {
  const out: Finding[] = [];
  for (const check of checks) {
    const level = levelFor(check.id, levels);
    const aspect: Aspect = { kind: 'check', check: check.id };
    const base = { aspect, source: check.source, level: level ?? check.level, clause: check.clause, target: observed.target };
    let produced: CheckResult[];
    try {
      produced = check.run(observed, context);
    } catch (e) {
      const fields = Object.assign({}, base, { id: `${prefix} check ${check.id}`, expected: check.title, actual: '(check failed to run)' });
      out.push(unjudged('error', Object.assign(fields, { message: (e as Error).message })));
      continue;
    }
    if (produced.length === 0) {
      out.push(
        unjudged(
          'n/a',
          Object.assign({}, base, {
            id: `${prefix} check ${check.id}`,
            expected: check.title,
            actual: '(not applicable to this response)',
            message: 'premise not met: the check does not apply to this answer',
          }),
        ),
      );
      continue;
    }
    for (const result of produced) out.push(checkFinding(`${prefix} check`, Object.assign({}, base, result, level ? { level } : {}), targetOrigin));
  }
  return out;
}

/** A check's result as a finding (its id under `prefix`, if any): through the one builder, with the target's origin the check does not know. */
export function checkFinding(prefix: string, result: CheckResult, targetOrigin: TargetOrigin): Finding {
  const { met, ...fields } = result;
  const id = prefix ? `${prefix} ${fields.id}` : fields.id;
  // `fields` is the rest of a fresh object: it takes its id in place (a literal that opens with a spread is slow, core/judged.ts).
  fields.id = id;
  return met === 'n/a' ? unjudged('n/a', fields) : judged(met, fields, targetOrigin);
}

/** The level an exchange gives a check: the longest id or prefix of `levels` that selects it. */
function levelFor(id: string, levels: Readonly<Record<string, Level>>): Level | undefined {
  const hits = Object.keys(levels).filter((p) => selects(p, id));
  return hits.length ? levels[hits.sort((a, b) => b.length - a.length)[0]] : undefined;
}

/**
 * One expectation compared, as a finding: the one comparison of the raw replay and of the browser's
 * stored cookies alike. Spec problems, unmapped roles and unmet premises become findings rather
 * than throws; a warning or an information says why the expectation weighs less than must.
 */
export function expectationFinding(
  base: Partial<Finding> & { id: string },
  w: Weight,
  compare: () => MatchResult,
  on: { unmet: string | undefined; targetOrigin: TargetOrigin },
): Finding {
  const fields = { source: w.source, level: w.level, clause: w.clause, ...base };
  let r: MatchResult;
  try {
    r = compare();
  } catch (e) {
    if (e instanceof UnmappedPlaceholderError)
      return unjudged('skip', Object.assign(fields, { expected: `a value with ${e.placeholder}`, actual: 'role not mapped', message: e.message }));
    if (e instanceof MatcherSpecError)
      return unjudged('error', Object.assign(fields, { expected: '(invalid matcher)', actual: '(not compared)', message: e.message }));
    throw e;
  }
  if (on.unmet) return unjudged('n/a', Object.assign(fields, { expected: r.expected, actual: r.actual, message: on.unmet }));
  const f = judged(
    r.ok,
    Object.assign(
      fields,
      { expected: r.expected, actual: r.actual },
      r.observed !== undefined ? { observed: r.observed } : {},
      r.shape ? { shape: r.shape } : {},
    ),
    on.targetOrigin,
  );
  if (w.note && (f.verdict === 'warn' || f.verdict === 'info')) f.message = `${w.note} (HARNESS_FAIL_ON=${f.verdict} fails it)`;
  return f;
}

/** Provenance, level, clause and premise of one expectation, inherited from its container. */
export interface Weight {
  source: Provenance;
  level: Level;
  clause: string;
  when?: Premise;
  /** Why the expectation is not `must` (a derived spec's "seen in the capture..."): a miss that warns or informs says it. */
  note?: string;
}

/** A matcher's own fields win; a matcher that names another provenance takes that provenance's level unless it names one. */
export function weightOf(m: MatcherSpec | HeaderSpec | CookieSpec | BodySpec | undefined, parent: Weight): Weight {
  const meta: MatcherMeta = m !== undefined && m !== null && typeof m === 'object' ? (m as MatcherMeta) : {};
  const source = meta.source ?? parent.source;
  const level = meta.level ?? (meta.source ? defaultLevel(meta.source) : parent.level);
  const when = meta.when ?? parent.when;
  const note = meta.note ?? parent.note;
  return { source, level, clause: meta.clause ?? parent.clause, ...(when ? { when } : {}), ...(note && level !== 'must' ? { note } : {}) };
}

function compareHeader(hs: HeaderSpec, ex: ObservedExchange, name: string, ctx: MatchContext): MatchResult {
  if (typeof hs === 'object' && hs !== null && 'lines' in hs) {
    const actual = fieldLines(ex.lines, name);
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
  const value = fieldValue(ex.lines, name);
  const r = compileMatcher(hs as MatcherSpec)(value, ctx);
  const form = FIELD_FORMS[name.toLowerCase()];
  if (!form || value === undefined) return r;
  // The field's grammar (field-forms.ts): a plain stated value met in another spelling it calls the
  // same; for a list of names, `contains` is one of its members, not a piece of its text.
  const fill = (v: unknown) => (typeof v === 'string' ? fillPlaceholders(v, ctx.placeholders) : undefined);
  const m = typeof hs === 'object' && hs !== null ? (hs as unknown as Record<string, unknown>) : undefined;
  const member = fill(m?.contains);
  if (member !== undefined && form.has) {
    const ok = form.has(member, value);
    return Object.assign({}, r, { ok, actual: ok && !r.ok ? `${value} (${form.rule})` : r.actual });
  }
  if (r.ok) return r;
  const stated = typeof hs === 'string' ? [fill(hs)] : Array.isArray(m?.oneOf) ? m.oneOf.map(fill) : [fill(m?.equals)];
  const at = { lines: fieldLines(ex.lines, name).length, base: ex.request.url, ...(ctx.date ? { date: ctx.date } : {}) };
  if (!stated.some((v) => v !== undefined && form.same(v, value, at))) return r;
  return Object.assign({}, r, { ok: true, actual: `${value} (${form.rule})` });
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

/**
 * A cookie's expiry against the spec's: the Expires attribute as written; without one, the date a
 * positive Max-Age gives (RFC 6265 §5.2.2: the response's Date plus delta-seconds), so "expires 1
 * year after issue" is met by either attribute, as a browser stores it. A Max-Age of 0 or less gives
 * no date (it deletes the cookie): where a spec asks for a past Expires date, that attribute must be
 * there. Both present: Expires is compared, and their agreement is the lifetime check's.
 */
function compareExpiry(m: MatcherSpec, c: ObservedCookie, ctx: MatchContext): MatchResult {
  if (c.expires !== undefined || c.maxAge === undefined || c.maxAge <= 0 || !ctx.date) return compileMatcher(m)(c.expires, ctx);
  const r = compileMatcher(m)(formatHttpDate(new Date(ctx.date.getTime() + c.maxAge * 1000)), ctx);
  return Object.assign({}, r, { actual: `Max-Age=${c.maxAge} (no Expires): ${r.actual}` });
}

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

type Add = (aspect: Aspect, w: Weight, compare: () => MatchResult, extra?: Partial<Finding>) => void;

function evaluateBody(body: BodySpec, ex: ObservedExchange, w: Weight, ctx: MatchContext, add: Add): void {
  const decoded = ex.decoded;
  const undecodable = (expected: string): MatchResult => ({
    ok: false,
    expected,
    actual: `(body could not be decoded: ${ex.decodeError ?? 'unknown reason'})`,
  });
  const of = (m: MatcherSpec) => weightOf(m, w);

  if (body.size !== undefined) {
    const m = body.size;
    add({ kind: 'body', fact: 'size' }, of(m), () => compileMatcher(m)(String(ex.body.length), ctx));
  }
  if (body.decodedSize !== undefined) {
    const m = body.decodedSize;
    add({ kind: 'body', fact: 'decoded-size' }, of(m), () =>
      decoded ? compileMatcher(m)(String(decoded.length), ctx) : undecodable(compileMatcher(m)(undefined, ctx).expected),
    );
  }
  // Decoded as text only for the facts that read it: a page or a stylesheet is tens of kilobytes.
  const text = body.contains?.length || body.json !== undefined ? decoded?.toString('utf8') : undefined;
  for (const needle of body.contains ?? []) {
    const label = needle.length > 40 ? `${needle.slice(0, 37)}...` : needle;
    add({ kind: 'body', fact: `contains ${JSON.stringify(label)}` }, w, () => {
      const want = fillPlaceholders(needle, ctx.placeholders);
      if (text === undefined) return undecodable(`contains ${JSON.stringify(want)}`);
      return {
        ok: text.includes(want),
        expected: `contains ${JSON.stringify(want)}`,
        actual: text.includes(want) ? `contains ${JSON.stringify(want)}` : `${decoded!.length} bytes without it: ${excerpt(text)}`,
      };
    });
  }
  if (body.json !== undefined) {
    const wantJson = body.json;
    add({ kind: 'body', fact: 'json' }, w, () => {
      if (text === undefined) return undecodable(wantJson ? 'valid JSON' : 'not JSON');
      let error: string | undefined;
      try {
        JSON.parse(text);
      } catch (e) {
        error = (e as Error).message;
      }
      return {
        ok: (error === undefined) === wantJson,
        expected: wantJson ? 'valid JSON' : 'not JSON',
        actual: error === undefined ? 'valid JSON' : `not JSON (${error}): ${excerpt(text)}`,
      };
    });
  }
  if (body.startsWithHex !== undefined) {
    const hex = body.startsWithHex.toLowerCase();
    add({ kind: 'body', fact: 'starts-with' }, w, () => {
      if (!decoded) return undecodable(`starts with bytes ${hex}`);
      const head = decoded.subarray(0, hex.length / 2).toString('hex');
      return { ok: head === hex, expected: `starts with bytes ${hex}`, actual: decoded.length ? `starts with bytes ${head}` : '(empty body)' };
    });
  }
  if (body.empty !== undefined) {
    const wantEmpty = body.empty;
    add({ kind: 'body', fact: 'empty' }, w, () => ({
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
