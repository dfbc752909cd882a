import { fieldValue } from '../core';
import { parseAnyDate } from '../shapes';
import { duration } from '../spec-model/matchers';
import type { Check, Finding } from './types';
import { finding, responseDate } from './util';

const DAY = 86400;
const YEAR = 365 * DAY;

/** Lifetimes the service description states, by cookie name. */
export const STATED_LIFETIMES: Readonly<Record<string, { seconds: number; tolerance: number; row: string }>> = {
  SC_ANALYTICS_GLOBAL_COOKIE: {
    seconds: 3652 * DAY,
    tolerance: 3 * DAY,
    row: 'Cookies set by {base_url}: "expires 10 years after issue"; Limits: analytics cookie lifetime 10 years',
  },
  keep_alive: { seconds: 30 * 60, tolerance: 120, row: 'Storefront host: keep_alive "expires about 30 minutes after issue"' },
  secure_customer_sig: { seconds: YEAR, tolerance: 2 * DAY, row: 'Storefront host: secure_customer_sig "1 year"' },
  localization: { seconds: YEAR, tolerance: 2 * DAY, row: 'Storefront host: localization "1 year"' },
  _tracking_consent: { seconds: YEAR, tolerance: 2 * DAY, row: 'Storefront host: _tracking_consent "1 year"' },
  _cmp_a: { seconds: DAY, tolerance: 120, row: 'Storefront host: _cmp_a "1 day"' },
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
    const out: Finding[] = [];
    const date = responseDate(ex);
    for (const c of ex.cookies) {
      const stated = STATED_LIFETIMES[c.name];
      if (c.expires === undefined && c.maxAge === undefined && !stated) continue;
      if (!date) {
        out.push(
          finding(cookieExpiresMatchesLifetime, false, 'a valid Date header to measure the expiry from', fieldValue(ex.lines, 'date') ?? '(absent)', {
            aspect: c.name,
          }),
        );
        continue;
      }
      const expires = c.expires === undefined ? undefined : parseAnyDate(c.expires);
      const fromExpires = expires === undefined ? undefined : Math.round((expires.getTime() - date.getTime()) / 1000);
      if (c.expires !== undefined && expires === undefined) {
        out.push(finding(cookieExpiresMatchesLifetime, false, 'expires=<cookie date>', `expires=${c.expires}`, { aspect: `${c.name} expires` }));
      }
      if (c.maxAge !== undefined && fromExpires !== undefined) {
        const ok = c.maxAge <= 0 ? fromExpires <= AGREEMENT_TOLERANCE : Math.abs(fromExpires - c.maxAge) <= AGREEMENT_TOLERANCE;
        out.push(
          finding(
            cookieExpiresMatchesLifetime,
            ok,
            c.maxAge <= 0 ? 'expires not after Date (Max-Age<=0 deletes the cookie)' : `expires = Date + ${duration(c.maxAge)} (Max-Age)`,
            `expires=${c.expires} (Date ${fromExpires < 0 ? '-' : '+'} ${duration(Math.abs(fromExpires))})`,
            { aspect: `${c.name} max-age` },
          ),
        );
      }
      if (!stated) continue;
      const lifetime = c.maxAge ?? fromExpires;
      // A deletion (empty value, or an expiry already passed) is not an issue of the cookie.
      if (lifetime !== undefined && lifetime <= 0) continue;
      const expected = `lifetime ${duration(stated.seconds)} ± ${duration(stated.tolerance)} (${stated.row})`;
      const actual =
        lifetime === undefined
          ? 'a session cookie (no Expires, no Max-Age)'
          : `lifetime ${duration(lifetime)} (${c.maxAge !== undefined ? `Max-Age=${c.maxAge}` : `expires=${c.expires}`})`;
      const ok = lifetime !== undefined && Math.abs(lifetime - stated.seconds) <= stated.tolerance;
      out.push(finding(cookieExpiresMatchesLifetime, ok, expected, actual, { aspect: `${c.name} lifetime` }));
    }
    return out;
  },
};
