import type { Shape } from './shape';
import { parseHttpDate, parseCookieDate } from './dates';

/** Shapes of dates and timestamps. */

export const httpDate: Shape = {
  name: 'http-date',
  description: 'An HTTP date in the preferred IMF-fixdate form (RFC 9110 §5.6.7), e.g. "Wed, 08 Apr 2026 16:54:52 GMT".',
  examples: ['Wed, 08 Apr 2026 16:54:52 GMT', 'Sun, 06 Nov 1994 08:49:37 GMT'],
  counterExamples: [
    'Wed, 8 Apr 2026 16:54:52 GMT',
    'Thu, 08 Apr 2026 16:54:52 GMT',
    'Wed, 08-Apr-2026 16:54:52 GMT',
    '2026-04-08T16:54:52Z',
    '-1',
    'Wed, 08 Apr 2026 16:54:52 UTC',
  ],
  specificity: 80,
  test: (v) => parseHttpDate(v, { strict: true }) !== undefined,
};

export const cookieDate: Shape = {
  name: 'cookie-date',
  description: 'A cookie Expires date as servers write it: IMF-fixdate, RFC 850, asctime or the Netscape "Wed, 08-Apr-2036 16:54:52 GMT" form.',
  examples: ['Wed, 08 Apr 2026 16:54:52 GMT', 'Tue, 08-Apr-2036 16:54:52 GMT', 'Thursday, 01-Jan-70 00:00:01 GMT', 'Sun Nov  6 08:49:37 1994'],
  counterExamples: ['2026-04-08T16:54:52Z', '-1', 'tomorrow', 'Wed, 08 Foo 2026 16:54:52 GMT'],
  specificity: 70,
  test: (v) => parseCookieDate(v) !== undefined,
};

const MONTHS_OK = (mm: number) => mm >= 1 && mm <= 12;

export const yyMMddTHHmm: Shape = {
  name: 'yyMMddTHHmm',
  description: 'A compact timestamp yyMMddTHHmm (the site\'s "lw=" cache-busting value), e.g. "260408T1654".',
  examples: ['260408T1654', '220101T0000'],
  counterExamples: ['20260408T1654', '261308T1654', '260432T1654', '260408T2460', '260408t1654', '260408T165'],
  specificity: 85,
  test(v) {
    const m = /^([0-9]{2})([0-9]{2})([0-9]{2})T([0-9]{2})([0-9]{2})$/.exec(v);
    if (!m) return false;
    const [mm, dd, hh, mi] = [m[2], m[3], m[4], m[5]].map(Number);
    return MONTHS_OK(mm) && dd >= 1 && dd <= 31 && hh <= 23 && mi <= 59;
  },
};
