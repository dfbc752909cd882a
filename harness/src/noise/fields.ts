/**
 * What two answers of one request are compared by: field values as RFC 9110 combines them, dates
 * relative to the answer's own Date, cookies attribute by attribute. Shared by noise learning and
 * by every comparison of two answers, so "the same" means one thing everywhere.
 */
import { fieldLines } from '../core';
import { FIELD_FORMS, type FieldContext } from '../spec-model/field-forms';
import { listMembers } from '../spec-model/matchers';
import type { ObservedCookie, ObservedExchange } from '../spec-model/observed';
import { parseAnyDate, parseHttpDate } from '../shapes';

/**
 * Never compared, by name: fields the RFCs define as describing the connection (RFC 9110 §7.6.1,
 * RFC 9113 §8.2.2) or the moment of the answer (Date, RFC 9110 §6.6.1; Age, RFC 9111 §5.1).
 * Everything else that changes from one request to the next is learned, not listed.
 */
const NOT_COMPARED: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'http2-settings',
  'date',
  'age',
]);

export function comparedField(name: string): boolean {
  return !NOT_COMPARED.has(name.toLowerCase()) && name.toLowerCase() !== 'set-cookie';
}

/** Fields that describe the body: when the body changes from one request to the next, so may they. */
export const BODY_BOUND: ReadonlySet<string> = new Set(['content-length', 'etag', 'content-range', 'content-md5', 'digest', 'content-digest', 'repr-digest']);

/** The field's value as RFC 9110 §5.3 combines its lines, members normalised: two lines `a` and `b` equal one line `a, b`. */
export function combinedValue(ex: ObservedExchange, name: string): string | undefined {
  return combined(fieldLines(ex.lines, name));
}

function combined(lines: string[]): string | undefined {
  return lines.length === 0 ? undefined : listMembers(lines.join(',')).join(', ');
}

export function answerDate(ex: ObservedExchange): Date | undefined {
  const d = fieldLines(ex.lines, 'date')[0];
  return d === undefined ? undefined : parseHttpDate(d.trim());
}

/** Dates in two answers agree when they are the same instant or the same distance from their answer's Date (Expires = Date + 1 h). */
function sameTime(a: Date, b: Date, dateA: Date | undefined, dateB: Date | undefined): boolean {
  if (Math.abs(a.getTime() - b.getTime()) < 1000) return true;
  if (!dateA || !dateB) return false;
  return Math.abs(a.getTime() - dateA.getTime() - (b.getTime() - dateB.getTime())) <= 1000;
}

/** Whether a field has the same value in two answers (absent on both counts as the same). */
export function sameField(name: string, x: ObservedExchange, y: ObservedExchange): boolean {
  return sameFieldLines(name, fieldLines(x.lines, name), fieldLines(y.lines, name), x, y);
}

/** Where a field was read, for the field forms: its line count, the answer's request URL and Date. */
function atOf(lines: number, ex: ObservedExchange): FieldContext {
  const date = answerDate(ex);
  return { lines, base: ex.request.url, ...(date ? { date } : {}) };
}

/** `sameField` of a field's lines already read from each answer. */
export function sameFieldLines(name: string, linesA: string[], linesB: string[], x: ObservedExchange, y: ObservedExchange): boolean {
  // The same lines combine the same: most fields of two answers are, and need no member split.
  if (linesA.length === linesB.length && linesA.every((v, i) => v === linesB[i])) return true;
  const a = combined(linesA);
  const b = combined(linesB);
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  // Two spellings the field's grammar calls the same value (directives in another order, a name in
  // another case), each side read as the other's statement so that neither holds more.
  const form = FIELD_FORMS[name.toLowerCase()];
  if (form && form.same(a, b, atOf(linesB.length, y)) && form.same(b, a, atOf(linesA.length, x))) return true;
  const da = parseHttpDate(a);
  const db = parseHttpDate(b);
  return da !== undefined && db !== undefined && sameTime(da, db, answerDate(x), answerDate(y));
}

/** The attributes of a cookie that two answers are compared by; the value and expiry may be noise. */
export const COOKIE_ASPECTS = ['value', 'expiry', 'path', 'domain', 'httponly', 'secure', 'samesite', 'lines'] as const;
export type CookieAspect = (typeof COOKIE_ASPECTS)[number];

export function cookieNames(ex: ObservedExchange): string[] {
  return [...new Set(ex.cookies.map((c) => c.name))];
}

function cookieExpiry(c: ObservedCookie): { kind: 'session' } | { kind: 'max-age'; seconds: number } | { kind: 'expires'; at?: Date } {
  if (c.maxAge !== undefined) return { kind: 'max-age', seconds: c.maxAge };
  if (c.expires !== undefined) return { kind: 'expires', at: parseAnyDate(c.expires) };
  return { kind: 'session' };
}

/** One aspect of a cookie as shown in a report (the value is shown by the caller only when it is not a secret). */
export function cookieAspect(ex: ObservedExchange, name: string, aspect: CookieAspect): string {
  const set = ex.cookies.filter((c) => c.name === name);
  if (set.length === 0) return '(not set)';
  const one = (c: ObservedCookie): string => {
    switch (aspect) {
      case 'value':
        return c.value;
      case 'expiry': {
        const e = cookieExpiry(c);
        return e.kind === 'session' ? 'session' : e.kind === 'max-age' ? `Max-Age=${e.seconds}` : `Expires=${c.expires}`;
      }
      case 'path':
        return c.path ?? '(none)';
      case 'domain':
        return c.domain ?? '(none)';
      case 'httponly':
        return c.httpOnly ? 'HttpOnly' : 'no HttpOnly';
      case 'secure':
        return c.secure ? 'Secure' : 'no Secure';
      case 'samesite':
        return c.sameSite ?? '(none)';
      case 'lines':
        return String(set.length);
    }
  };
  return aspect === 'lines' ? `${set.length} Set-Cookie line${set.length === 1 ? '' : 's'}` : [...new Set(set.map(one))].join(' | ');
}

/**
 * Whether two answers set a cookie alike in every attribute, line for line: then every aspect
 * agrees, and none needs its words built (most cookies of two answers are set alike).
 */
export function cookieSetAlike(name: string, x: ObservedExchange, y: ObservedExchange): boolean {
  const a = x.cookies.filter((c) => c.name === name);
  const b = y.cookies.filter((c) => c.name === name);
  return a.length === b.length && a.every((c, i) => sameCookie(c, b[i]));
}

function sameCookie(a: ObservedCookie, b: ObservedCookie): boolean {
  return (
    a.value === b.value &&
    a.path === b.path &&
    a.domain === b.domain &&
    a.expires === b.expires &&
    a.maxAge === b.maxAge &&
    a.httpOnly === b.httpOnly &&
    a.secure === b.secure &&
    a.sameSite === b.sameSite
  );
}

/**
 * A cookie's expiry as a distance from its answer's Date, whichever attribute states it (RFC 6265
 * §5.3: Max-Age wins over Expires); -Infinity for a deletion, undefined for a session cookie, NaN
 * for an Expires that is not a date or an answer without a Date.
 */
function lifetimeMs(c: ObservedCookie, date: Date | undefined): number | undefined {
  const e = cookieExpiry(c);
  if (e.kind === 'session') return undefined;
  const ms = e.kind === 'max-age' ? e.seconds * 1000 : e.at && date ? e.at.getTime() - date.getTime() : NaN;
  // Any expiry at or before Date deletes the cookie: one deletion however it is written.
  return ms <= 0 ? -Infinity : ms;
}

/**
 * Whether a cookie aspect agrees in two answers. Expiries agree when they are the same distance
 * from each answer's Date (a second either way), written as Expires or as Max-Age alike: two
 * spellings of one lifetime are one lifetime; two unreadable Expires agree when they are the same text.
 */
export function sameCookieAspect(name: string, aspect: CookieAspect, x: ObservedExchange, y: ObservedExchange): boolean {
  if (aspect !== 'expiry') return cookieAspect(x, name, aspect) === cookieAspect(y, name, aspect);
  const cx = x.cookies.filter((c) => c.name === name);
  const cy = y.cookies.filter((c) => c.name === name);
  if (cx.length !== cy.length) return false;
  const dx = answerDate(x);
  const dy = answerDate(y);
  return cx.every((a, i) => {
    const b = cy[i];
    const la = lifetimeMs(a, dx);
    const lb = lifetimeMs(b, dy);
    if (la === undefined || lb === undefined) return la === lb;
    if (Number.isNaN(la) || Number.isNaN(lb)) {
      const at = a.expires === undefined ? undefined : parseAnyDate(a.expires);
      const bt = b.expires === undefined ? undefined : parseAnyDate(b.expires);
      // Without a Date on either side, the same instant still agrees; otherwise the same text.
      return at && bt ? sameTime(at, bt, dx, dy) : a.expires === b.expires && a.maxAge === b.maxAge;
    }
    return la === lb || Math.abs(la - lb) <= 1000;
  });
}
