import { fieldValue } from '../core';
import { parseAnyDate } from '../shapes';
import { duration } from '../spec-model/matchers';
import type { Check, CheckResult } from './types';
import { finding, responseDate } from './util';

const DAY = 86400;

/** A lifetime the description states: its words, and the range of seconds that fits them. */
export interface StatedLifetime {
  /** The description's words ("10 years"). */
  words: string;
  min: number;
  max: number;
  row: string;
}

/**
 * "n years" as a person means it: n x 365 to n x 366 days (a deployment counts 365, 365.25 or
 * calendar years alike), with a day's slack either side for where the count starts. 10 years
 * is 3,649 to 3,661 days: 3,653 and 10 x 365.25 days both fit, 9 or 11 years do not.
 */
export function years(n: number, row: string): StatedLifetime {
  return { words: `${n} year${n === 1 ? '' : 's'}`, min: (n * 365 - 1) * DAY, max: (n * 366 + 1) * DAY, row };
}

/** A lifetime stated in minutes or a day, with the slack of a few clock seconds around Date. */
function about(seconds: number, slack: number, words: string, row: string): StatedLifetime {
  return { words, min: seconds - slack, max: seconds + slack, row };
}

/** Lifetimes the service description states, by cookie name. */
export const STATED_LIFETIMES: Readonly<Record<string, StatedLifetime>> = {
  SC_ANALYTICS_GLOBAL_COOKIE: years(10, 'Cookies set by {base_url}: "expires 10 years after issue"; Limits: analytics cookie lifetime 10 years'),
  keep_alive: about(30 * 60, 120, 'about 30 minutes', 'Storefront host: keep_alive "expires about 30 minutes after issue"'),
  secure_customer_sig: years(1, 'Storefront host: secure_customer_sig "1 year"'),
  localization: years(1, 'Storefront host: localization "1 year"'),
  _tracking_consent: years(1, 'Storefront host: _tracking_consent "1 year"'),
  _cmp_a: about(DAY, 120, '1 day', 'Storefront host: _cmp_a "1 day"'),
};

/** Expires and Max-Age are both whole seconds, Date too. */
const AGREEMENT_TOLERANCE = 2;

export const cookieExpiresMatchesLifetime: Check = {
  id: 'cookie/expires-matches-lifetime',
  title: 'Cookie Expires agrees with Max-Age and with the stated lifetime, relative to Date',
  clause:
    'RFC 6265 §5.2.1-5.2.2 (Expires and Max-Age give the same expiry; Max-Age wins when both are present); ' +
    'service description lifetimes: analytics cookie 10 years, keep_alive about 30 minutes, secure_customer_sig, localization, _tracking_consent 1 year, _cmp_a 1 day.',
  source: 'capture',
  level: 'must',
  run(ex) {
    const out: CheckResult[] = [];
    const date = responseDate(ex);
    for (const c of ex.cookies) {
      const stated = STATED_LIFETIMES[c.name];
      if (c.expires === undefined && c.maxAge === undefined && !stated) continue;
      if (!date) {
        out.push(
          finding(cookieExpiresMatchesLifetime, false, 'a valid Date header to measure the expiry from', fieldValue(ex.lines, 'date') ?? '(absent)', {
            part: c.name,
          }),
        );
        continue;
      }
      const expires = c.expires === undefined ? undefined : parseAnyDate(c.expires);
      const fromExpires = expires === undefined ? undefined : Math.round((expires.getTime() - date.getTime()) / 1000);
      if (c.expires !== undefined && expires === undefined) {
        out.push(finding(cookieExpiresMatchesLifetime, false, 'expires=<cookie date>', `expires=${c.expires}`, { part: `${c.name} expires` }));
      }
      if (c.maxAge !== undefined && fromExpires !== undefined) {
        const ok = c.maxAge <= 0 ? fromExpires <= AGREEMENT_TOLERANCE : Math.abs(fromExpires - c.maxAge) <= AGREEMENT_TOLERANCE;
        out.push(
          finding(
            cookieExpiresMatchesLifetime,
            ok,
            c.maxAge <= 0 ? 'expires not after Date (Max-Age<=0 deletes the cookie)' : `expires = Date + ${duration(c.maxAge)} (Max-Age)`,
            `expires=${c.expires} (Date ${fromExpires < 0 ? '-' : '+'} ${duration(Math.abs(fromExpires))})`,
            { part: `${c.name} max-age` },
          ),
        );
      }
      if (!stated) continue;
      const lifetime = c.maxAge ?? fromExpires;
      // A deletion (empty value, or an expiry already passed) is not an issue of the cookie.
      if (lifetime !== undefined && lifetime <= 0) continue;
      const expected = `lifetime ${stated.words}: ${duration(stated.min)} to ${duration(stated.max)} (${stated.row})`;
      const actual =
        lifetime === undefined
          ? 'a session cookie (no Expires, no Max-Age)'
          : `lifetime ${duration(lifetime)} (${c.maxAge !== undefined ? `Max-Age=${c.maxAge}` : `expires=${c.expires}`})`;
      const ok = lifetime !== undefined && lifetime >= stated.min && lifetime <= stated.max;
      out.push(finding(cookieExpiresMatchesLifetime, ok, expected, actual, { part: `${c.name} lifetime` }));
    }
    return out;
  },
};
