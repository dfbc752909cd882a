/**
 * A value a spec states for a field, met by what the field's own grammar calls the same value:
 * a Cache-Control with its directives in another order or case is the same Cache-Control (RFC
 * 9111 §5.2), a Vary naming the same fields in lower case the same Vary (RFC 9110 §12.5.5). The
 * literal comparison comes first; these apply only where it fails, to a plain stated value (a
 * string, `equals`, each of `oneOf`; `contains` for a list of names), and each names the rule that
 * makes the two the same.
 */
import { parse as parseDisposition } from 'content-disposition';
import { meetsMediaType } from '../core';
import { parseHttpDate } from '../shapes';
import { directiveDifferences, parseDirectives, type DirectiveSeparator } from './directives';
import { listMembers } from './list-members';

/** Where the field was read: how many lines it came on, the URL of the request it answered (a relative reference's base), the answer's Date. */
export interface FieldContext {
  lines: number;
  base: string;
  date?: Date;
}

export interface FieldForm {
  /** Whether `actual` (the field's lines combined) is the value `stated` in this field's grammar. */
  same(stated: string, actual: string, at: FieldContext): boolean;
  /** For a list of names compared case-insensitively: whether `actual` has the member `stated` (a spec's `contains`). */
  has?(stated: string, actual: string): boolean;
  /** Why they are the same, shown beside the actual value. */
  rule: string;
}

/** The same directives (names case-insensitive, values as tokens), in any order, none missing and none added. */
const directives = (separator: DirectiveSeparator) => (stated: string, actual: string) =>
  directiveDifferences(Object.fromEntries(parseDirectives(stated, separator)), actual, separator).length === 0;

const members = (v: string) => listMembers(v).map((m) => m.toLowerCase());
/** The same list members, case-insensitive, in any order (a set). */
const sameSet = (stated: string, actual: string) => {
  const a = new Set(members(actual));
  const s = new Set(members(stated));
  return a.size === s.size && [...s].every((m) => a.has(m));
};
/** The same list members, case-insensitive, in the same order (codings apply in order). */
const sameSequence = (stated: string, actual: string) => members(stated).join(',') === members(actual).join(',');
const sameToken = (stated: string, actual: string) => stated.trim().toLowerCase() === actual.trim().toLowerCase();

/**
 * The same disposition type and every stated parameter with its value (RFC 6266 §4.1: type and
 * parameter names case-insensitive, a value quoted or a token alike), parsed by jshttp's
 * content-disposition; a parameter not stated (a `filename*` beside `filename`) is the target's.
 */
const sameDisposition = (stated: string, actual: string) => {
  try {
    const s = parseDisposition(stated);
    const a = parseDisposition(actual);
    return s.type === a.type && Object.entries(s.parameters).every(([name, v]) => a.parameters[name] === v);
  } catch {
    return false;
  }
};

/** An Expires that means already expired (RFC 9111 §5.3): not a date (`-1`, `0`), or a date at or before the answer's Date. */
const alreadyExpired = (value: string, date: Date | undefined) => {
  const at = parseHttpDate(value.trim());
  return at === undefined || (date !== undefined && at.getTime() <= date.getTime());
};

/** Percent-encodings in upper case (RFC 3986 §6.2.2.1: `%7b` and `%7B` are the same octet). */
const upperEscapes = (href: string) => href.replace(/%[0-9a-f]{2}/gi, (e) => e.toUpperCase());

/** The same URL once both are resolved and normalized (RFC 3986 §6.2.2-6.2.3: scheme and host case, default port, empty path, escapes' case). */
const sameUrl = (stated: string, actual: string, at: FieldContext) => {
  try {
    return upperEscapes(new URL(stated.trim(), at.base).href) === upperEscapes(new URL(actual.trim(), at.base).href);
  } catch {
    return false;
  }
};

export const FIELD_FORMS: Readonly<Record<string, FieldForm>> = {
  'content-type': {
    // A singleton field: a second line is never the stated value.
    same: (stated, actual, at) => at.lines === 1 && meetsMediaType(stated, actual),
    rule: "RFC 9110 §8.3.1: the same media type; parameters not stated are the target's choice",
  },
  'cache-control': { same: directives(','), rule: 'RFC 9111 §5.2: the same directives, in any order and case' },
  pragma: { same: directives(','), rule: 'RFC 9111 §5.4: the same directive, in any case' },
  'strict-transport-security': { same: directives(';'), rule: 'RFC 6797 §6.1: the same directives, in any order and case' },
  vary: {
    same: sameSet,
    has: (stated, actual) => members(actual).includes(stated.trim().toLowerCase()),
    rule: 'RFC 9110 §12.5.5: the same field names, in any order and case',
  },
  'accept-ranges': { same: sameSet, rule: 'RFC 9110 §14.3: the same range units, in any case' },
  'content-language': { same: sameSet, rule: 'RFC 9110 §8.5, RFC 5646 §2.1.1: the same language tags, in any case' },
  'content-encoding': { same: sameSequence, rule: 'RFC 9110 §8.4.1: the same codings in the same order, in any case' },
  'content-disposition': { same: sameDisposition, rule: 'RFC 6266 §4.1: the same disposition and parameters, in any case and quoting' },
  location: { same: sameUrl, rule: 'RFC 3986 §6.2: the same URL, normalized' },
  // Only a stated "already expired" is met this way: a stated future date stays a date.
  expires: {
    same: (stated, actual, at) => alreadyExpired(stated, at.date) && alreadyExpired(actual, at.date),
    rule: 'RFC 9111 §5.3: an invalid date (such as "-1" or "0") or a date at or before Date means already expired',
  },
  'x-frame-options': { same: sameToken, rule: 'RFC 7034 §2.1: the same option, in any case' },
  'x-content-type-options': { same: sameToken, rule: 'Fetch, "X-Content-Type-Options": nosniff in any case' },
  // No standard defines it; browsers that read it took `1; mode=block` with or without spaces, in any case.
  'x-xss-protection': { same: directives(';'), rule: 'the same X-XSS-Protection value, spaces and case aside' },
};

/**
 * Whether `actual` is the value `stated` for the field `name`: the same text, or the same value by
 * the field's grammar. For the flows that read one field of one answer by hand (a redirect hop's
 * Location, Cache-Control and Content-Type in the browser); `base` resolves a relative Location.
 */
export function meetsStated(name: string, stated: string, actual: string | null | undefined, at: { lines?: number; base?: string; date?: Date } = {}): boolean {
  if (actual === undefined || actual === null) return false;
  if (actual === stated) return true;
  const form = FIELD_FORMS[name.toLowerCase()];
  return form !== undefined && form.same(stated, actual, { lines: at.lines ?? 1, base: at.base ?? stated, ...(at.date ? { date: at.date } : {}) });
}
