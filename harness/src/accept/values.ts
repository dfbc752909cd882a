/**
 * The value rule: what the target answered becomes a literal only when it would answer it again,
 * i.e. the same on every protocol leg and not learned as noise; anything else becomes the tightest
 * named shape of what was seen, or "present" when no shape fits. Secrets never become literals
 * (the rule har2spec follows): secret headers, cookie values, values that look like credentials,
 * and values the report already redacted, whose shape the redaction names.
 */
import { fieldLines } from '../core';
import { relativeTime } from '../har/infer';
import { isSecretHeader, looksSecret, redactedShape } from '../har/secrets';
import { parseAnyDate, parseHttpDate, tightestShape } from '../shapes';
import { listMembers } from '../spec-model/matchers';
import type { CookieSpec, HeaderSpec, MatcherMeta, MatcherSpec } from '../spec-model/types';
import type { LegAnswer } from './observations';
import { NO_PLACEHOLDERS, type Placeholders } from './placeholders';

/** A value to write, or why there is none. */
export type Accepted<T> = { value: T; reason?: undefined } | { value?: undefined; reason: string };

const ok = <T>(value: T): Accepted<T> => ({ value });
const no = <T>(reason: string): Accepted<T> => ({ reason });

export const PRESENT: MatcherSpec = { present: true };

/** A value the report redacted (`‹secret: hex64, 64 chars›`), also inside a URL-encoded query. */
export function isRedacted(value: string): boolean {
  return value.includes('‹') || /%E2%80%B9/i.test(value);
}

export { redactedShape } from '../har/secrets';

/** A matcher for values that are not written: the shape a redaction names, the tightest shape, or present. */
export function shapeOf(values: readonly string[]): MatcherSpec {
  const distinct = [...new Set(values)].sort();
  if (distinct.length === 0) return PRESENT;
  if (distinct.some(isRedacted)) {
    const names = new Set(distinct.map(redactedShape));
    const [only] = names;
    return names.size === 1 && only ? { shape: only } : PRESENT;
  }
  const shape = tightestShape(distinct);
  return shape ? { shape } : PRESENT;
}

export interface ValueFacts {
  /** A credential or session state whatever it looks like (a secret header, a cookie value). */
  secret?: boolean;
  /** Learned as noise for the step: it changes from one request to the next. */
  noise?: boolean;
}

/** The value rule over the values one field took (one per leg, or per line). */
export function acceptedValue(values: readonly string[], facts: ValueFacts, place: Placeholders = NO_PLACEHOLDERS): MatcherSpec {
  const distinct = [...new Set(values)];
  if (facts.secret || distinct.some((v) => isRedacted(v) || looksSecret(v))) return shapeOf(distinct);
  if (!facts.noise && distinct.length === 1) return place.literal(distinct[0]);
  return shapeOf(distinct);
}

/** A literal of the value rule as a number (status, sizes, Max-Age); shapes stay shapes. */
function numeric(m: MatcherSpec): MatcherSpec {
  return typeof m === 'string' && /^-?[0-9]+$/.test(m) ? Number(m) : m;
}

/** Matcher meta added to a matcher: a bare literal becomes `{ equals }` to carry it. */
export function withMeta<T extends MatcherSpec | HeaderSpec>(m: T, meta: MatcherMeta): MatcherSpec | HeaderSpec {
  if (typeof m !== 'object' || m === null) return { equals: m, ...meta };
  return { ...m, ...meta };
}

export function statusMatcher(legs: readonly LegAnswer[], noise: boolean): Accepted<MatcherSpec> {
  if (legs.length === 0) return no('no answer was recorded for it');
  return ok(
    numeric(
      acceptedValue(
        legs.map((l) => String(l.status)),
        { noise },
      ),
    ),
  );
}

function sentOver(legs: readonly LegAnswer[], has: (l: LegAnswer) => boolean, what: string): Accepted<'all' | 'none'> {
  const on = legs.filter(has).map((l) => l.protocol);
  if (on.length === legs.length) return ok('all');
  if (on.length === 0) return ok('none');
  const off = legs.filter((l) => !has(l)).map((l) => l.protocol);
  return no(`${what} over ${on.join(', ')} but not over ${off.join(', ')}: no one value fits both`);
}

/** Seconds from each answer's Date to each date, when every answer has both. */
function offsets(
  dates: ReadonlyArray<string | undefined>,
  answers: ReadonlyArray<Date | undefined>,
  parse: (s: string) => Date | undefined,
): number[] | undefined {
  const out: number[] = [];
  for (let i = 0; i < dates.length; i++) {
    const at = dates[i] === undefined ? undefined : parse(dates[i]!.trim());
    const date = answers[i];
    if (!at || !date) return undefined;
    out.push(Math.round((at.getTime() - date.getTime()) / 1000));
  }
  return out;
}

/**
 * One response header field: `{ absent }` when no leg sent it; the value rule over the legs;
 * `lines` when the field came on several lines (repeats kept), `list` when the legs split the same
 * members into different lines. Expires after Date is written relative to Date; a date that is the
 * moment of the answer (a Last-Modified of now) is volatile however stable it looked.
 */
export function headerMatcher(name: string, legs: readonly LegAnswer[], noise: boolean, place: Placeholders = NO_PLACEHOLDERS): Accepted<HeaderSpec> {
  if (legs.length === 0) return no('no answer was recorded for it');
  const perLeg = legs.map((l) => fieldLines(l.lines, name));
  const sent = sentOver(legs, (l) => fieldLines(l.lines, name).length > 0, 'sent');
  if (sent.reason !== undefined) return no(sent.reason);
  if (sent.value === 'none') return ok({ absent: true });
  const secret = isSecretHeader(name);
  let volatile = noise;
  if (!secret && perLeg.every((l) => l.length === 1)) {
    const values = perLeg.map((l) => l[0]);
    const dates = legs.map((l) => l.date);
    const after = offsets(values, dates, parseHttpDate);
    if (name === 'expires' && after && after.every((o) => o > 0)) return ok(relativeTime(after));
    if (after && after.every((o) => Math.abs(o) <= 5)) volatile = true;
  }
  const first = perLeg[0];
  const same = perLeg.every((l) => l.length === first.length && l.every((v, i) => v === first[i]));
  if (!secret && !volatile && same)
    return ok(first.length === 1 ? acceptedValue(first, {}, place) : { lines: first.map((v) => acceptedValue([v], {}, place)) });
  if (!secret && !volatile) {
    const members = perLeg.map((l) => listMembers(l.join(',')));
    const agree = members.every((m) => m.length === members[0].length && m.every((x, i) => x === members[0][i]));
    if (agree && members[0].length > 0 && !members[0].some((m) => isRedacted(m) || looksSecret(m))) {
      const written = members[0].map((m) => place.literal(m));
      if (written.every((w): w is string => typeof w === 'string')) return ok({ list: written });
    }
  }
  if (first.length > 1 && perLeg.every((l) => l.length === first.length)) {
    return ok({
      lines: first.map((_, i) =>
        acceptedValue(
          perLeg.map((l) => l[i]),
          { secret, noise: volatile },
          place,
        ),
      ),
    });
  }
  return ok(
    acceptedValue(
      perLeg.map((l) => l.join(', ')),
      { secret, noise: volatile },
      place,
    ),
  );
}

/** Whether all values agree (the same flag on every line of every leg). */
function agreed<T>(values: readonly T[]): T | undefined {
  return values.length > 0 && values.every((v) => v === values[0]) ? values[0] : undefined;
}

/**
 * One cookie, from its Set-Cookie lines on every leg: the value always a shape (a cookie is a
 * secret), each attribute by the value rule when every line carries it, Max-Age as a number, an
 * Expires after Date relative to Date, the flags when every line agrees, the line count when >1.
 */
export function cookieSpec(name: string, legs: readonly LegAnswer[], noisy: ReadonlySet<string>, place: Placeholders = NO_PLACEHOLDERS): Accepted<CookieSpec> {
  if (legs.length === 0) return no('no answer was recorded for it');
  const perLeg = legs.map((l) => l.cookies.filter((c) => c.name === name));
  const sent = sentOver(legs, (l) => l.cookies.some((c) => c.name === name), 'set');
  if (sent.reason !== undefined) return no(sent.reason);
  if (sent.value === 'none') return ok({ absent: true });
  const all = perLeg.flat();
  const dates = perLeg.flatMap((cs, i) => cs.map(() => legs[i].date));
  const spec: CookieSpec = {
    value: acceptedValue(
      all.map((c) => c.value),
      { secret: true },
    ),
  };
  const attribute = (read: (c: (typeof all)[number]) => string | undefined, aspect: string): MatcherSpec | undefined => {
    const values = all.map(read);
    if (values.some((v) => v === undefined)) return undefined;
    return acceptedValue(values as string[], { noise: noisy.has(aspect) }, place);
  };
  const path = attribute((c) => c.path, 'path');
  if (path !== undefined) spec.path = path;
  if (all.every((c) => c.domain !== undefined)) {
    const domains = all.map((c) => place.domain(c.domain!));
    spec.domain = !noisy.has('domain') && agreed(domains) !== undefined ? domains[0] : shapeOf(all.map((c) => c.domain!));
  }
  if (all.every((c) => c.expires !== undefined)) {
    const after = offsets(
      all.map((c) => c.expires),
      dates,
      parseAnyDate,
    );
    spec.expires =
      after && after.every((o) => o > 0)
        ? relativeTime(after)
        : acceptedValue(
            all.map((c) => c.expires!),
            { noise: noisy.has('expiry') },
          );
  }
  if (all.every((c) => c.maxAge !== undefined))
    spec.maxAge = numeric(
      acceptedValue(
        all.map((c) => String(c.maxAge)),
        { noise: noisy.has('expiry') },
      ),
    );
  const httpOnly = noisy.has('httponly') ? undefined : agreed(all.map((c) => c.httpOnly));
  if (httpOnly !== undefined) spec.httpOnly = httpOnly;
  const secure = noisy.has('secure') ? undefined : agreed(all.map((c) => c.secure));
  if (secure !== undefined) spec.secure = secure;
  const sameSite = attribute((c) => c.sameSite, 'samesite');
  if (sameSite !== undefined) spec.sameSite = sameSite;
  const count = noisy.has('lines') ? undefined : agreed(perLeg.map((cs) => cs.length));
  if (count !== undefined && count > 1) spec.count = count;
  return ok(spec);
}

/** One attribute of a cookie, as `changed` sets it (the same rules as a whole cookie). */
export function cookieAttribute(
  name: string,
  attr: keyof CookieSpec,
  legs: readonly LegAnswer[],
  noisy: ReadonlySet<string>,
  place: Placeholders = NO_PLACEHOLDERS,
): Accepted<MatcherSpec | boolean | undefined> {
  const whole = cookieSpec(name, legs, noisy, place);
  if (whole.reason !== undefined) return no(whole.reason);
  if (whole.value.absent) return no('the cookie was not set: nothing to take the attribute from');
  const value = whole.value[attr];
  if (value !== undefined) return ok(value as MatcherSpec | boolean);
  const all = legs.flatMap((l) => l.cookies.filter((c) => c.name === name));
  const reader: Partial<Record<keyof CookieSpec, (c: (typeof all)[number]) => unknown>> = {
    path: (c) => c.path,
    domain: (c) => c.domain,
    expires: (c) => c.expires,
    maxAge: (c) => c.maxAge,
    sameSite: (c) => c.sameSite,
  };
  const read = reader[attr];
  if (read && all.every((c) => read(c) === undefined)) return ok({ absent: true });
  return no('its Set-Cookie lines do not agree on it (or it is learned as noise)');
}

/** Body sizes as `changed` sets them: a number when stable, else a shape. */
export function sizeMatcher(sizes: ReadonlyArray<number | undefined>, noise: boolean): Accepted<MatcherSpec> {
  if (sizes.length === 0) return no('no answer was recorded for it');
  if (sizes.some((s) => s === undefined)) return no('the report has no size for every leg');
  return ok(numeric(acceptedValue(sizes.map(String), { noise })));
}
