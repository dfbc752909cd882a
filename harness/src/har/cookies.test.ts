import { parseCookieHeader, parseSetCookie, setCookieLines } from './cookies';

describe('cookies', () => {
  it('parses Set-Cookie attributes case-insensitively', () =>
    expect(parseSetCookie('a=1|True; Expires=Sat, 14 Apr 2036 10:00:00 GMT; Max-Age=60; PATH=/; domain=x.test; HttpOnly; secure; SameSite=None')).toEqual({
      name: 'a',
      value: '1|True',
      expires: 'Sat, 14 Apr 2036 10:00:00 GMT',
      maxAge: 60,
      path: '/',
      domain: 'x.test',
      httpOnly: true,
      secure: true,
      sameSite: 'None',
    }));
  it('splits Set-Cookie values joined by newlines (Firefox, Chrome exports)', () => expect(setCookieLines(['a=1\nb=2', 'c=3'])).toEqual(['a=1', 'b=2', 'c=3']));
  it('parses a Cookie header', () => expect(parseCookieHeader('a=1; b=x=y; bad')).toEqual([['a', '1'], ['b', 'x=y']]));
});
