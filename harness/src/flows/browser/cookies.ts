/**
 * Cookies as Chromium stored them (`context.cookies()`) against a spec's cookie expectations.
 * Chromium's storage differs from the Set-Cookie line: a Domain cookie is stored as `.host`, a
 * host-only one as `host`; no SameSite reads back as Lax; Max-Age becomes an absolute expiry;
 * a session cookie has expires -1; an expired cookie is simply gone.
 */
import { defaultLevel, type Level, type SecretValue } from '../../core';
import { compileMatcher, type MatchContext, type MatchResult } from '../../spec-model/matchers';
import { expectationFinding, premiseFails, weightOf, type Weight } from '../../spec-model/evaluate';
import type { CookieSpec, MatcherSpec, Premise, Provenance } from '../../spec-model/types';
import type { FindingList } from './findings';

/** Playwright's Cookie, as plain data. */
export interface StoredCookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  /** Seconds since the epoch; -1 for a session cookie. */
  expires: number;
  httpOnly: boolean;
  secure: boolean;
  sameSite: 'Strict' | 'Lax' | 'None';
}

/** Does a stored cookie apply to this host (RFC 6265 §5.1.3 domain match)? */
export function cookieAppliesTo(c: StoredCookie, host: string): boolean {
  if (!c.domain.startsWith('.')) return c.domain === host;
  const d = c.domain.slice(1);
  return host === d || host.endsWith(`.${d}`);
}

export interface CookieContext {
  /** Host of the page that set the cookies. */
  host: string;
  /** Date header of the response that set them (relative expiries count from it). */
  date?: Date;
  /** Status of the response that set them: an expectation whose premise (`when`) it does not meet is n/a. */
  status?: number;
  placeholders: MatchContext['placeholders'];
  /** Default provenance, level and clause (the exchange's). */
  source: Provenance;
  level?: Level;
  clause: string;
  /** Where the expectations come from, for messages. */
  from: string;
}

const flag = (on: boolean, name: string) => (on ? name : `not ${name}`);

// Per expected cookie: the guards that end early (premise not met, expected absent, not stored),
// then one comparison per attribute. Every step shares the cookie's id, source, level, clause and
// the `attr` helper over them; split, each piece would take all of them.
export function evaluateStoredCookies(
  prefix: string,
  jar: readonly StoredCookie[],
  specs: Record<string, CookieSpec>,
  ctx: CookieContext,
  out: FindingList,
): void {
  // The exchange's weight, then each cookie's over it: the replay's one rule (`weightOf`), notes included.
  const exchange: Weight = { source: ctx.source, level: ctx.level ?? defaultLevel(ctx.source), clause: ctx.clause };
  for (const [name, spec] of Object.entries(specs)) {
    const cookie = weightOf(spec, exchange);
    const { source, level, clause } = cookie;
    const id = `${prefix} cookie ${name}`;
    const found = jar.filter((c) => c.name === name && cookieAppliesTo(c, ctx.host));
    const message = `expectation of ${ctx.from}`;
    const unmet = (when: Premise | undefined) => (ctx.status === undefined ? undefined : premiseFails(when, { status: ctx.status }));
    const cookieUnmet = unmet(spec.when);
    if (cookieUnmet) {
      out.add(`${id} stored`, 'n/a', spec.absent ? '(not stored)' : 'stored by the browser', found.length ? 'stored' : '(not stored)', {
        source,
        level,
        clause,
        message: cookieUnmet,
      });
      continue;
    }
    if (spec.absent || expiresTheCookie(spec)) {
      out.compare(
        `${id} stored`,
        found.length === 0,
        '(not stored: expired or never set)',
        found.length ? `stored, expires ${describeExpiry(found[0])}` : '(not stored)',
        { source, level, clause, message },
      );
      continue;
    }
    const c = found[0];
    if (!c) {
      out.compare(`${id} stored`, false, 'stored by the browser', '(not stored)', {
        source,
        level,
        clause,
        message: `${message}; Chromium drops a cookie it rejects (SameSite=None without Secure, a Domain that does not match, an expiry in the past)`,
      });
      continue;
    }
    // Every attribute through the replay's one comparison (spec-model/evaluate.ts): the same weights,
    // premises, matcher errors and verdicts; only what is compared is Chromium's stored cookie.
    const judge = (aspect: string, m: MatcherSpec | undefined, compare: () => MatchResult, extra: { secrets?: SecretValue[] } = {}) => {
      const w = weightOf(m, cookie);
      const attribute = aspect.toLowerCase();
      out.push(
        expectationFinding(
          {
            id: `${id} ${aspect}`,
            aspect: { kind: 'cookie', name, attribute },
            message,
            ...(out.defaults.target !== undefined ? { target: out.defaults.target } : {}),
            ...(extra.secrets ? { secrets: extra.secrets } : {}),
          },
          w,
          compare,
          { unmet: unmet(w.when), targetOrigin: out.defaults.targetOrigin },
        ),
      );
    };
    const attr = (aspect: string, m: MatcherSpec, actual: string | undefined, extra: { secrets?: SecretValue[]; date?: Date } = {}) =>
      judge(aspect, m, () => compileMatcher(m)(actual, { placeholders: ctx.placeholders, ...(extra.date ? { date: extra.date } : {}) }), extra);
    const same = (aspect: string, ok: boolean, expected: string, actual: string) => judge(aspect, undefined, () => ({ ok, expected, actual }));
    if (spec.value !== undefined) attr('value', spec.value, c.value, { secrets: [{ kind: 'cookie', value: c.value }] });
    if (spec.path !== undefined) attr('path', spec.path, c.path);
    if (spec.domain !== undefined) {
      if (c.domain.startsWith('.')) attr('domain', spec.domain, c.domain.slice(1));
      else {
        let expected = '(a Domain attribute)';
        try {
          expected = compileMatcher(spec.domain)(undefined, { placeholders: ctx.placeholders }).expected;
        } catch {
          /* reported through the expected text only */
        }
        same('domain', false, `Domain=${expected} (stored as .${expected})`, `host-only cookie of ${c.domain} (no Domain attribute)`);
      }
    }
    if (spec.httpOnly !== undefined) same('httpOnly', c.httpOnly === spec.httpOnly, flag(spec.httpOnly, 'HttpOnly'), flag(c.httpOnly, 'HttpOnly'));
    if (spec.secure !== undefined) same('secure', c.secure === spec.secure, flag(spec.secure, 'Secure'), flag(c.secure, 'Secure'));
    if (spec.sameSite !== undefined) attr('sameSite', spec.sameSite, c.sameSite);
    const expiry = c.expires < 0 ? undefined : new Date(c.expires * 1000).toUTCString();
    if (spec.expires !== undefined) {
      const capped = cappedByBrowser(spec.expires);
      if (capped) {
        out.add(`${id} expires (as sent)`, 'info', describeMatcher(spec.expires), expiry ?? '(session)', { source, level: 'info', clause, message: CAP_NOTE });
        attr('expires', capped, expiry, { ...(ctx.date ? { date: ctx.date } : {}) });
      } else attr('expires', spec.expires, expiry, { ...(ctx.date ? { date: ctx.date } : {}) });
    } else if (spec.maxAge !== undefined) {
      // Chromium keeps Max-Age as an absolute expiry: compare it with Date + max-age (one minute of slack).
      const seconds = Number(typeof spec.maxAge === 'object' && 'equals' in spec.maxAge ? spec.maxAge.equals : spec.maxAge);
      if (Number.isFinite(seconds))
        attr('expires', { relativeTime: { to: 'date', offsetSeconds: seconds, toleranceSeconds: 60 } }, expiry, { ...(ctx.date ? { date: ctx.date } : {}) });
    }
  }
}

/** Chromium stores no cookie for longer than 400 days (RFC 6265bis, "cookie lifetime limits"). */
export const BROWSER_MAX_LIFETIME_S = 400 * 86400;
const CAP_NOTE =
  'Chromium caps a cookie lifetime at 400 days (RFC 6265bis "Cookie Lifetime Limits"): the stored expiry is compared with min(expected, 400 days); the lifetime as sent is checked by the raw replay';

/** The relative-expiry matcher a browser can satisfy, when the spec's lifetime exceeds the cap. */
export function cappedByBrowser(m: MatcherSpec): MatcherSpec | undefined {
  if (typeof m !== 'object' || m === null || !('relativeTime' in m)) return undefined;
  const { offsetSeconds, toleranceSeconds } = m.relativeTime;
  if (offsetSeconds <= BROWSER_MAX_LIFETIME_S) return undefined;
  return { ...m, relativeTime: { to: 'date', offsetSeconds: BROWSER_MAX_LIFETIME_S, toleranceSeconds: Math.min(toleranceSeconds, 86400) }, note: CAP_NOTE };
}

function describeMatcher(m: MatcherSpec): string {
  if (typeof m === 'object' && m !== null && 'relativeTime' in m)
    return `Date + ${m.relativeTime.offsetSeconds} s (± ${m.relativeTime.toleranceSeconds} s) as sent`;
  return JSON.stringify(m);
}

function describeExpiry(c: StoredCookie): string {
  return c.expires < 0 ? 'at the end of the session' : new Date(c.expires * 1000).toUTCString();
}

/**
 * A Set-Cookie that removes the cookie (Max-Age=0 or an expiry before the response's Date) leaves
 * nothing in the browser's jar: that is what is compared.
 */
export function expiresTheCookie(spec: CookieSpec): boolean {
  const plain = (m: MatcherSpec | undefined): string | undefined =>
    m === undefined ? undefined : typeof m === 'object' ? ('equals' in m ? String(m.equals) : undefined) : String(m);
  const maxAge = plain(spec.maxAge);
  if (maxAge !== undefined && Number(maxAge) <= 0) return true;
  if (spec.expires !== undefined && typeof spec.expires === 'object' && 'relativeTime' in spec.expires) return spec.expires.relativeTime.offsetSeconds < 0;
  const expires = plain(spec.expires);
  if (expires !== undefined) {
    const t = Date.parse(expires);
    if (Number.isFinite(t) && t < Date.parse('2000-01-01T00:00:00Z')) return true;
  }
  return false;
}
