import { bareMatcher, cookieRule, statusRule } from './answer-rules';
import { parseSetCookie, type SetCookie } from './cookies';
import type { Observation } from './observation';
import { defaultRoleMapping, Placeholderizer } from './role-mapping';

const ph = new Placeholderizer(defaultRoleMapping());
const DATE = Date.parse('Thu, 01 Jan 2026 00:00:00 GMT');
const obs = (n: number) => Array.from({ length: n }, () => ({ host: 'www.lessons.test', date: DATE }) as Observation);
const lines = (...l: string[]): SetCookie[] => l.map((x) => parseSetCookie(x)!);

test('a cookie as the capture shows it: value by shape, Domain by relation, lifetimes as calendar spans, flags and count', () => {
  const per = [lines('a=0123456789abcdef0123456789abcdef; Domain=lessons.test; Path=/; Max-Age=31536000; HttpOnly', 'a=x'), lines('a=fedcba9876543210fedcba9876543210; Domain=lessons.test; Path=/; Max-Age=31536000; HttpOnly', 'a=y')];
  expect(cookieRule(per, obs(2), { ph, role: 'site' })).toEqual({
    value: { shape: 'hex32' },
    path: '/',
    domain: { domainOf: '{base_url}', relation: 'parent' },
    expires: { relativeTime: { to: 'date', offsetSeconds: 31579200, toleranceSeconds: 129600 } },
    httpOnly: true,
    secure: false,
    count: 2,
  });
});

test('a lifetime is one expectation however it was written; a deletion keeps its attributes as written', () => {
  const year = { relativeTime: { to: 'date', offsetSeconds: 31579200, toleranceSeconds: 129600 } };
  const rule = (...l: string[]) => cookieRule([lines(...l)], obs(1), { ph, role: 'site' });
  expect(rule('a=1; Max-Age=31536000')).toMatchObject({ expires: year });
  expect(rule('a=1; expires=Fri, 01 Jan 2027 00:00:00 GMT')).toMatchObject({ expires: year });
  expect(rule('a=1; expires=Fri, 01 Jan 2027 00:00:00 GMT; Max-Age=31536000')).not.toHaveProperty('maxAge');
  const deleted = rule('a=; expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0');
  expect([deleted.maxAge, (deleted.expires as { note?: string }).note]).toEqual([0, 'a date at or before Date: already expired']);
});

test('aspects a replay learned as noise: a shape, or left out when a flag or the count', () => {
  const per = [lines('a=1; Path=/x; HttpOnly; SameSite=Lax', 'a=2'), lines('a=1; Path=/x; HttpOnly; SameSite=Lax', 'a=2')];
  const spec = cookieRule(per, obs(2), { ph, role: 'site', volatile: new Set(['path', 'httponly', 'samesite', 'lines']) });
  expect(spec.path).not.toBe('/x');
  expect(spec.sameSite).not.toBe('Lax');
  expect(spec).not.toHaveProperty('httpOnly');
  expect(spec).not.toHaveProperty('count');
});

test('the status, and a matcher bare of its weight', () => {
  expect(statusRule([200, 200])).toBe(200);
  expect(statusRule([200, 404])).toEqual({ shape: 'digits' });
  expect(statusRule([200], true)).toEqual({ shape: 'digits' });
  expect(bareMatcher({ equals: 200, level: 'should', note: 'n' })).toBe(200);
  expect(bareMatcher({ shape: 'http-date', source: 'reference', clause: 'c', when: { header: 'x', present: true } } as never)).toEqual({ shape: 'http-date' });
  expect(bareMatcher({ level: 'should', presence: 'should', note: 'n', value: { shape: 'hex32' }, httpOnly: true })).toEqual({ value: { shape: 'hex32' }, httpOnly: true });
  expect(bareMatcher('text/css')).toBe('text/css');
});
