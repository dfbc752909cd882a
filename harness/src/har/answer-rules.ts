/**
 * What an answer shows beside its header fields (header-rules.ts), as the service's contract
 * rather than one deployment's snapshot: a cookie's value as a shape and its attributes by meaning
 * (its Domain by its relation to the role's host, its lifetimes as calendar spans), the status, and
 * the rule that a body's size is never taken from an answer. har2spec derives a capture's cookies
 * and status through these; `npm run accept` proposes a run's through the same, so the two agree.
 * What they return carries no level and no note: each caller weighs it as its authority says.
 */
import { parseCookieDate, parseHttpDate, tightestShape } from '../shapes';
import type { CookieSpec, HeaderSpec, MatcherSpec } from '../spec-model/types';
import { ROLE_PLACEHOLDERS, type Role } from '../target-map';
import type { SetCookie } from './cookies';
import { inferValue } from './infer';
import { lifetimeAfterDate, lifetimeSeconds } from './lifetime';
import type { Observation } from './observation';
import type { Placeholderizer } from './role-mapping';

/** Shapes too loose to say anything of a cookie's value from one sample: the value then only has to be there. */
const LOOSE = new Set(['base64', 'base64url', 'url-safe-token', 'integer']);

/** A cookie value is a secret: a shape, never its text; a loose one says "any value". */
export function cookieValue(values: string[]): MatcherSpec {
  if (values.every((v) => v === '')) return '';
  const shape = tightestShape([...new Set(values)]);
  return { shape: shape && !LOOSE.has(shape) ? shape : 'any' };
}

const offsetsAfterDate = (expiries: string[], obs: readonly Observation[]): number[] | undefined => {
  const offsets: number[] = [];
  expiries.forEach((e, i) => {
    const at = (parseCookieDate(e) ?? parseHttpDate(e))?.getTime();
    const date = obs[i].date;
    if (at !== undefined && date !== undefined) offsets.push(Math.round((at - date) / 1000));
  });
  return offsets.length === expiries.length ? offsets : undefined;
};

/**
 * Each first line's lifetime in seconds after its answer's Date: Max-Age where written (RFC 6265
 * §5.3: it wins over Expires), else Expires; undefined when one has neither or cannot be read.
 */
function lifetimesOf(firsts: readonly SetCookie[], obs: readonly Observation[]): number[] | undefined {
  const out: number[] = [];
  for (const [i, c] of firsts.entries()) {
    const s = c.maxAge ?? (c.expires === undefined ? undefined : offsetsAfterDate([c.expires], [obs[i]])?.[0]);
    if (s === undefined) return undefined;
    out.push(s);
  }
  return out;
}

/** The one value every element has, else undefined. */
export function agree<T>(values: readonly T[]): T | undefined {
  return values.every((v) => v === values[0]) ? values[0] : undefined;
}

/** A cookie's Domain by its relation to the role's host (the host itself, or a parent domain: "domain-wide"), not by the name one deployment has. */
function domainRelation(firsts: SetCookie[], obs: readonly Observation[], role: Role): MatcherSpec {
  const relations = new Set(
    firsts.map((c, i) => {
      const d = c.domain!.replace(/^\./, '').toLowerCase();
      return d === obs[i].host ? 'host' : obs[i].host.endsWith(`.${d}`) ? 'parent' : 'other';
    }),
  );
  const [relation] = relations;
  if (relations.size === 1 && relation !== 'other') return { domainOf: ROLE_PLACEHOLDERS[role], relation: relation as 'host' | 'parent' };
  return inferValue(firsts.map((c) => c.domain!.replace(/^\./, '').toLowerCase()));
}

export interface CookieContext {
  ph: Placeholderizer;
  role: Role;
  /**
   * The cookie's aspects seen to change between two answers to the same request (noise a replay
   * learned: `path`, `domain`, `expiry`, `httponly`, `secure`, `samesite`, `lines`): such an
   * aspect is a shape, or left out when it is a flag or the line count. A capture has none.
   */
  volatile?: ReadonlySet<string>;
}

/**
 * One cookie every observation sets (`per`: its Set-Cookie lines in each, the first one read):
 * its value as a shape, Path with placeholders, Domain by relation, a lifetime (Max-Age, or Expires
 * after Date) as `expires` within its calendar span, however the capture wrote it; a deletion as
 * written (Max-Age=0, an Expires at or before Date); the flags
 * where every observation agrees, and the line count when it is more than one.
 */
export function cookieRule(per: readonly SetCookie[][], obs: readonly Observation[], ctx: CookieContext): CookieSpec {
  const noisy = ctx.volatile ?? new Set<string>();
  const firsts = per.map((p) => p[0]);
  const spec: CookieSpec = { value: cookieValue(firsts.map((c) => c.value)) };
  if (firsts.every((c) => c.path !== undefined)) spec.path = inferValue(firsts.map((c) => ctx.ph.apply(c.path!)), { volatile: noisy.has('path') });
  if (firsts.every((c) => c.domain !== undefined))
    spec.domain = noisy.has('domain')
      ? inferValue(
          firsts.map((c) => c.domain!.replace(/^\./, '').toLowerCase()),
          { volatile: true },
        )
      : domainRelation(firsts, obs, ctx.role);
  const lifetimes = lifetimesOf(firsts, obs);
  if (lifetimes && lifetimes.every((s) => s > 0)) {
    // A lifetime, however the capture wrote it: `expires` is met by an Expires date or, without one, by Max-Age.
    spec.expires = lifetimeAfterDate(lifetimes);
  } else {
    if (firsts.every((c) => c.expires !== undefined)) {
      const offsets = offsetsAfterDate(
        firsts.map((c) => c.expires!),
        obs,
      );
      if (offsets && offsets.every((o) => o > 0)) spec.expires = lifetimeAfterDate(offsets);
      else if (offsets) spec.expires = { shape: tightestShape(firsts.map((c) => c.expires!)) ?? 'any', note: 'a date at or before Date: already expired' };
      else spec.expires = inferValue(firsts.map((c) => c.expires!), { volatile: noisy.has('expiry') });
    }
    if (firsts.every((c) => c.maxAge !== undefined)) spec.maxAge = lifetimeSeconds(firsts.map((c) => c.maxAge!));
  }
  const httpOnly = noisy.has('httponly') ? undefined : agree(firsts.map((c) => c.httpOnly));
  if (httpOnly !== undefined) spec.httpOnly = httpOnly;
  const secure = noisy.has('secure') ? undefined : agree(firsts.map((c) => c.secure));
  if (secure !== undefined) spec.secure = secure;
  if (firsts.every((c) => c.sameSite !== undefined)) spec.sameSite = inferValue(firsts.map((c) => c.sameSite!), { volatile: noisy.has('samesite') });
  const count = noisy.has('lines') ? undefined : agree(per.map((p) => p.length));
  if (count !== undefined && count > 1) spec.count = count;
  return spec;
}

/** The status every observation gave; one that changes from one request to the next (learned) or differs between them is any number. */
export function statusRule(statuses: readonly number[], volatile = false): MatcherSpec {
  const one = agree(statuses);
  return one !== undefined && !volatile ? one : { shape: 'digits' };
}

/**
 * A body's size is one deployment's file: it is never taken from an answer, only from the
 * description (a covering hand-written exchange, authority.ts); what holds on every deployment is
 * that Content-Length matches the body, which this check judges.
 */
export const BODY_SIZE_RULE = {
  check: 'body/content-length-matches',
  reason: "a body's size is one deployment's file: har2spec never takes it from an answer, only from the description (body/content-length-matches judges Content-Length against the body)",
} as const;

/** Keys of an expectation that weigh it or explain it rather than say what it matches. */
const META_KEYS: ReadonlySet<string> = new Set(['source', 'level', 'when', 'clause', 'note', 'presence']);

/** What a derived expectation matches, without its weight (source, level, premise, clause, note): for a caller that weighs it itself. */
export function bareMatcher<T extends MatcherSpec | HeaderSpec | CookieSpec>(spec: T): T {
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) return spec;
  const out = Object.fromEntries(Object.entries(spec).filter(([k]) => !META_KEYS.has(k)));
  // A literal that carried meta is the literal again.
  const keys = Object.keys(out);
  return (keys.length === 1 && keys[0] === 'equals' ? out.equals : out) as T;
}
