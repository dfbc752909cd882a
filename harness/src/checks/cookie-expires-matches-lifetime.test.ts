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
    name: 'analytics cookie, 1 year',
    input: { lines: [DATE, sc('expires=Thu, 08-Apr-2027 16:54:52 GMT; path=/')] },
    verdicts: ['fail'],
    expected: 'lifetime 315532800 s',
    actual: 'lifetime 31536000 s',
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
