import { parseSetCookieLine } from '../spec-model/observe';
import { cookiePairs } from '../core';
import { parseSetCookie, setCookieLines } from './cookies';

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
  it('splits Set-Cookie values joined by commas, not at the comma of an Expires date', () =>
    expect(setCookieLines(['a=1; Expires=Sat, 14 Apr 2036 10:00:00 GMT; Path=/, b=2; Path=/,c=3'])).toEqual([
      'a=1; Expires=Sat, 14 Apr 2036 10:00:00 GMT; Path=/',
      'b=2; Path=/',
      'c=3',
    ]));
  it('parses a Cookie header', () => expect(cookiePairs('a=1; b=x=y; bad; =v')).toEqual([['a', '1'], ['b', 'x=y']]));
  it('reads a cookie as the replay does: one parser, so a derived spec states what the replay will see', () => {
    const lines = [
      'a=1; Domain=.X.test; SameSite=lax; Path=/p',
      'a=1; Path=relative; SameSite=Weird',
      ' b = 2 ; max-age=-1; expires=Thu, 01 Jan 1970 00:00:00 GMT',
      'ASP.NET_SessionId=abc; path=/; HttpOnly; SameSite=Lax',
    ];
    for (const line of lines) {
      const { line: _line, ...observed } = parseSetCookieLine(line);
      expect(parseSetCookie(line)).toEqual(observed);
    }
    expect(parseSetCookie(lines[0])).toMatchObject({ domain: 'x.test', sameSite: 'Lax', path: '/p' });
  });
  it('keeps malformed lines as before: no name, no cookie', () => {
    expect(parseSetCookie('bad')).toBeUndefined();
    expect(parseSetCookie('=v; Path=/')).toBeUndefined();
    expect(parseSetCookie('  =v')).toBeUndefined();
  });
});
