/**
 * What a target answered, as expectations, through har2spec's own rules: the step's answers are
 * read as a capture's observations (`harObservations`) and each field, cookie and status goes
 * through what har2spec derives them with (`har/header-rules.ts` `deriveHeader`,
 * `har/answer-rules.ts`), so accept and har2spec write the same expectation of the same answers:
 * Alt-Svc on any port, Content-Length and request ids left to the checks that judge them,
 * validators and identifiers by shape, lifetimes as calendar spans, a cookie's Domain by its
 * relation to the host, the target map's hosts and section as placeholders. What accept adds: a
 * field one leg sent and the other not has no value; noise learned by asking twice is never a
 * literal; a value the report redacted is a secret, written as the shape the redaction names; what
 * it writes carries accept's own weight (`withMeta`), never har2spec's level or note.
 */
import { fieldLines } from '../core';
import { bareMatcher, cookieRule, statusRule } from '../har/answer-rules';
import { deriveHeader } from '../har/header-rules';
import { redactedShape } from '../har/secrets';
import { tightestShape } from '../shapes';
import type { CookieSpec, HeaderSpec, MatcherMeta, MatcherSpec } from '../spec-model/types';
import { ROLES, type Role } from '../target-map';
import { harObservations, type LegAnswer, type StepObservation } from './observations';
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

/** Matcher meta added to a matcher: a bare literal becomes `{ equals }` to carry it. */
export function withMeta<T extends MatcherSpec | HeaderSpec>(m: T, meta: MatcherMeta): MatcherSpec | HeaderSpec {
  if (typeof m !== 'object' || m === null) return { equals: m, ...meta };
  return { ...m, ...meta };
}

/** The answers of one step as the rules read them: its legs, and the role and address they came from. */
export type StepAnswers = Pick<StepObservation, 'legs' | 'role' | 'origin' | 'url'>;

const roleOf = (role: string): Role | undefined => ((ROLES as readonly string[]).includes(role) ? (role as Role) : undefined);
const NO_ROLE = (role: string) => `"${role}" is not a role of the service description: no rule knows its hosts`;

export function statusMatcher(legs: readonly LegAnswer[], noise: boolean): Accepted<MatcherSpec> {
  if (legs.length === 0) return no('no answer was recorded for it');
  return ok(
    statusRule(
      legs.map((l) => l.status),
      noise,
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

/** A field's expectation, or why there is none; `checks` when har2spec leaves the field to named checks (Content-Length, a request id). */
export type AcceptedHeader = Accepted<HeaderSpec> & { checks?: string[] };

/**
 * One response header field: `{ absent }` when no leg sent it, no value when one leg sent it and
 * the other not; else what har2spec derives of the legs' lines (one deployment's answers), as a
 * matcher without its level and note, or the checks it leaves the field to.
 */
export function headerMatcher(name: string, step: StepAnswers, noise: boolean, place: Placeholders = NO_PLACEHOLDERS): AcceptedHeader {
  const legs = step.legs;
  if (legs.length === 0) return no<HeaderSpec>('no answer was recorded for it');
  const sent = sentOver(legs, (l) => fieldLines(l.lines, name).length > 0, 'sent');
  if (sent.reason !== undefined) return no<HeaderSpec>(sent.reason);
  if (sent.value === 'none') return ok({ absent: true });
  const role = roleOf(step.role);
  if (!role) return no<HeaderSpec>(NO_ROLE(step.role));
  const redacted = legs.some((l) => fieldLines(l.lines, name).some(isRedacted));
  const obs = harObservations(step, role, place.origins);
  const outcome = deriveHeader(
    name,
    obs.map((o) => fieldLines(o.headers, name)),
    obs,
    {
      ...place.context,
      // The legs are answers of one deployment: agreeing says nothing of another.
      files: 1,
      ...(noise ? { volatile: true } : {}),
      ...(redacted ? { secret: true } : {}),
    },
  );
  if (outcome.spec !== undefined) return ok(bareMatcher(outcome.spec));
  const checks = outcome.checks.map((c) => c.id);
  if (checks.length) return { reason: `judged by ${checks.join(', ')} (the check har2spec selects for it), not by a value`, checks };
  return no<HeaderSpec>('about this one transmission (time, hops, timing): never compared (har2spec leaves it out too)');
}

/**
 * One cookie, from its Set-Cookie lines on every leg, as har2spec derives a cookie the capture
 * shows (`cookieRule`): the value a shape (a value the report redacted: the shape its redaction
 * names), Path with placeholders, Domain by relation to the host, Expires and Max-Age as calendar
 * spans, the flags when every leg agrees, the line count when more than one; an aspect learned as
 * noise a shape, or left out.
 */
export function cookieSpec(name: string, step: StepAnswers, noisy: ReadonlySet<string>, place: Placeholders = NO_PLACEHOLDERS): Accepted<CookieSpec> {
  const legs = step.legs;
  if (legs.length === 0) return no('no answer was recorded for it');
  const sent = sentOver(legs, (l) => l.cookies.some((c) => c.name === name), 'set');
  if (sent.reason !== undefined) return no(sent.reason);
  if (sent.value === 'none') return ok({ absent: true });
  const role = roleOf(step.role);
  if (!role) return no(NO_ROLE(step.role));
  const perLeg = legs.map((l) => l.cookies.filter((c) => c.name === name));
  const spec = cookieRule(perLeg, harObservations(step, role, place.origins), { ph: place.context.ph, role, volatile: noisy });
  const values = perLeg.flat().map((c) => c.value);
  if (values.some(isRedacted)) spec.value = shapeOf(values);
  return ok(spec);
}

/** One attribute of a cookie, as `changed` sets it (the same rules as a whole cookie). */
export function cookieAttribute(
  name: string,
  attr: keyof CookieSpec,
  step: StepAnswers,
  noisy: ReadonlySet<string>,
  place: Placeholders = NO_PLACEHOLDERS,
): Accepted<MatcherSpec | boolean | undefined> {
  const whole = cookieSpec(name, step, noisy, place);
  if (whole.reason !== undefined) return no(whole.reason);
  if (whole.value.absent) return no('the cookie was not set: nothing to take the attribute from');
  const value = whole.value[attr];
  if (value !== undefined) return ok(value as MatcherSpec | boolean);
  const all = step.legs.flatMap((l) => l.cookies.filter((c) => c.name === name));
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
