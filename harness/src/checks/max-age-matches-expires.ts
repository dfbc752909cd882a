import { fieldValue } from '../core';
import { parseHttpDate } from '../shapes';
import type { Check } from './types';
import { cacheControl, finding, responseDate } from './util';

/** Date, Expires and max-age all have one-second resolution; max-age is rounded down. */
const TOLERANCE_SECONDS = 2;

export const maxAgeMatchesExpires: Check = {
  id: 'cache/max-age-matches-expires',
  title: 'Cache-Control max-age agrees with Expires minus Date',
  clause:
    'Service description, Endpoints, certificate-status responder: "the max-age is the time remaining until Expires"; ' +
    "RFC 9111 §4.2.1: a response's freshness lifetime is max-age if present, otherwise Expires minus Date. " +
    "Only the responder's agreement is stated; elsewhere a disagreement (which caches resolve by max-age, RFC 9111 §5.3) is informational.",
  source: 'capture',
  level: 'must',
  run(ex, context) {
    const stated = context.role === 'ocsp';
    const weight = stated ? {} : { source: 'reference' as const, level: 'info' as const };
    const cc = cacheControl(ex);
    const maxAgeRaw = cc.get('max-age');
    const expiresRaw = fieldValue(ex.lines, 'expires');
    if (maxAgeRaw === undefined || expiresRaw === undefined) return [];
    const expires = parseHttpDate(expiresRaw.trim());
    // "Expires: -1" and other invalid dates mean "already expired" (RFC 9111 §5.3): nothing to agree with.
    if (!expires) return [];
    const date = responseDate(ex);
    if (!date) return [finding(maxAgeMatchesExpires, false, 'a valid Date header to compare Expires with', fieldValue(ex.lines, 'date') ?? '(absent)', weight)];
    const maxAge = typeof maxAgeRaw === 'string' && /^[0-9]+$/.test(maxAgeRaw) ? Number(maxAgeRaw) : NaN;
    if (!Number.isFinite(maxAge)) return [finding(maxAgeMatchesExpires, false, 'max-age=<delta-seconds>', `max-age=${String(maxAgeRaw)}`, weight)];
    const remaining = Math.round((expires.getTime() - date.getTime()) / 1000);
    const ok = remaining <= 0 ? maxAge <= TOLERANCE_SECONDS : Math.abs(maxAge - remaining) <= TOLERANCE_SECONDS;
    return [
      finding(
        maxAgeMatchesExpires,
        ok,
        `max-age=${Math.max(remaining, 0)} (± ${TOLERANCE_SECONDS} s): Expires ${expiresRaw} - Date ${fieldValue(ex.lines, 'date')}`,
        `max-age=${maxAge}`,
        weight,
      ),
    ];
  },
};
