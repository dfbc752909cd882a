import { sessionCookieSentTwice } from './session-cookie-sent-twice';
import { tableTest } from './test-support';

const LINE = 'ASP.NET_SessionId=abcdefghijklmnopqrstuvwx; path=/; HttpOnly; SameSite=Lax';
const NAMED: Array<[string, string]> = [['set-cookie', 'sxa_site=Lessons; path=/']];

tableTest(sessionCookieSentTwice, [
  {
    name: 'the reference: ASP.NET_SessionId twice',
    input: { lines: [...NAMED, ['set-cookie', LINE], ['set-cookie', LINE]] },
    verdicts: ['pass'],
    levels: ['must'],
  },
  {
    name: 'another name, another attribute order and case',
    input: {
      lines: [
        ['set-cookie', 'AppServiceSession=0a1b2c3d4e5f6g7h8i9j0k1l; HTTPONLY; SAMESITE=lax; Path=/'],
        ['set-cookie', 'AppServiceSession=0a1b2c3d4e5f6g7h8i9j0k1l; HTTPONLY; SAMESITE=lax; Path=/'],
      ],
    },
    verdicts: ['pass'],
  },
  { name: 'sent once', input: { lines: [...NAMED, ['set-cookie', LINE]] }, verdicts: ['fail'], actual: 'ASP.NET_SessionId on 1 line' },
  {
    name: 'without HttpOnly',
    input: {
      lines: [
        ['set-cookie', LINE.replace('; HttpOnly', '')],
        ['set-cookie', LINE.replace('; HttpOnly', '')],
      ],
    },
    verdicts: ['fail'],
    actual: 'no HttpOnly',
  },
  {
    name: 'SameSite=None',
    input: {
      lines: [
        ['set-cookie', LINE.replace('Lax', 'None; Secure')],
        ['set-cookie', LINE.replace('Lax', 'None; Secure')],
      ],
    },
    verdicts: ['fail'],
    actual: 'SameSite=None',
  },
  {
    name: 'an uppercase value',
    input: {
      lines: [
        ['set-cookie', LINE.replace('abcdefghijklmnopqrstuvwx', 'ABCDEFGHIJKLMNOPQRSTUVWX')],
        ['set-cookie', LINE.replace('abcdefghijklmnopqrstuvwx', 'ABCDEFGHIJKLMNOPQRSTUVWX')],
      ],
    },
    verdicts: ['fail'],
  },
  { name: 'only the named cookies', input: { lines: NAMED }, verdicts: ['fail'], actual: 'no cookie other than the named ones' },
]);
