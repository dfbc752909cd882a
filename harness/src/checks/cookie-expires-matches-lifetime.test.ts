import { cookieExpiresMatchesLifetime } from './cookie-expires-matches-lifetime';
import { tableTest } from './test-support';

const DATE: [string, string] = ['date', 'Wed, 08 Apr 2026 16:54:52 GMT'];
const sc = (attrs: string): [string, string] => ['set-cookie', `SC_ANALYTICS_GLOBAL_COOKIE=6c1f0e3a9b8d4e2f8a7b6c5d4e3f2a1b|False; ${attrs}`];

tableTest(cookieExpiresMatchesLifetime, [
  {
    name: 'analytics cookie, 10 years (Netscape date)',
    input: { lines: [DATE, sc('expires=Tue, 08-Apr-2036 16:54:52 GMT; path=/; HttpOnly')] },
    verdicts: ['pass'],
  },
  {
    name: 'analytics cookie, 10 x 365.25 days',
    input: { lines: [DATE, sc('expires=Tue, 08 Apr 2036 04:54:52 GMT; path=/; HttpOnly')] },
    verdicts: ['pass'],
  },
  {
    name: 'analytics cookie, 3,653 days (Max-Age)',
    input: { lines: [DATE, sc(`Max-Age=${3653 * 86400}; path=/; HttpOnly`)] },
    verdicts: ['pass'],
  },
  {
    name: 'analytics cookie, 10 x 365 and 10 x 366 days, the ends of "10 years"',
    input: { lines: [DATE, sc(`Max-Age=${3650 * 86400}; path=/`), ['set-cookie', `SC_ANALYTICS_GLOBAL_COOKIE=x; Max-Age=${3660 * 86400}`]] },
    verdicts: ['pass', 'pass'],
  },
  {
    name: 'analytics cookie, 9 years: not "10 years"',
    input: { lines: [DATE, sc('expires=Sat, 08 Apr 2035 16:54:52 GMT; path=/')] },
    verdicts: ['fail'],
    expected: 'lifetime 10 years: 315273600 s (3649 d) to 316310400 s (3661 d)',
    actual: 'lifetime 283996800 s (3287 d)',
  },
  {
    name: 'analytics cookie, 11 years: not "10 years"',
    input: { lines: [DATE, sc(`Max-Age=${4018 * 86400}; path=/`)] },
    verdicts: ['fail'],
  },
  {
    name: 'analytics cookie, 1 year',
    input: { lines: [DATE, sc('expires=Thu, 08-Apr-2027 16:54:52 GMT; path=/')] },
    verdicts: ['fail'],
    expected: 'lifetime 10 years',
    actual: 'lifetime 31536000 s',
  },
  {
    name: '"1 year": 365 and 365.25 days pass, 363 and 368 days do not',
    input: {
      lines: [
        DATE,
        ['set-cookie', `localization=US; Max-Age=${365 * 86400}`],
        ['set-cookie', `secure_customer_sig=; Max-Age=${31557600}`],
        ['set-cookie', `_tracking_consent=x; Max-Age=${363 * 86400}`],
        ['set-cookie', `localization=GB; Max-Age=${368 * 86400}`],
      ],
    },
    verdicts: ['pass', 'pass', 'fail', 'fail'],
  },
  { name: 'analytics cookie without expiry', input: { lines: [DATE, sc('path=/')] }, verdicts: ['fail'], actual: 'session cookie' },
  {
    name: 'keep_alive 30 min by Max-Age and Expires',
    input: { lines: [DATE, ['set-cookie', 'keep_alive=x; path=/; expires=Wed, 08 Apr 2026 17:24:52 GMT; Max-Age=1800; HttpOnly']] },
    verdicts: ['pass', 'pass'],
  },
  {
    name: 'Expires disagrees with Max-Age',
    input: { lines: [DATE, ['set-cookie', 'keep_alive=x; path=/; expires=Wed, 08 Apr 2026 18:54:52 GMT; Max-Age=1800']] },
    verdicts: ['fail', 'pass'],
    expected: 'Date + 1800 s',
    actual: 'Date + 7200 s',
  },
  {
    name: 'deletion with Max-Age=0 and a past date',
    input: { lines: [DATE, ['set-cookie', '_shopify_y=; Max-Age=0; expires=Thu, 01 Jan 1970 00:00:01 GMT; path=/']] },
    verdicts: ['pass'],
  },
  {
    name: 'deletion with a future date',
    input: { lines: [DATE, ['set-cookie', '_shopify_s=; Max-Age=0; expires=Thu, 08 Apr 2027 16:54:52 GMT; path=/']] },
    verdicts: ['fail'],
    expected: 'not after Date',
  },
  { name: '_cmp_a one day', input: { lines: [DATE, ['set-cookie', '_cmp_a=%7B%7D; path=/; expires=Thu, 09 Apr 2026 16:54:52 GMT']] }, verdicts: ['pass'] },
  {
    name: 'unparseable expires',
    input: { lines: [DATE, ['set-cookie', 'localization=US; path=/; expires=soon']] },
    verdicts: ['fail', 'fail'],
    actual: 'expires=soon',
  },
  { name: 'no Date', input: { lines: [sc('expires=Tue, 08-Apr-2036 16:54:52 GMT')] }, verdicts: ['fail'], expected: 'valid Date' },
  { name: 'session cookie of no stated lifetime: not applicable', input: { lines: [DATE, ['set-cookie', 'sxa_site=Lessons; path=/']] }, verdicts: [] },
]);
