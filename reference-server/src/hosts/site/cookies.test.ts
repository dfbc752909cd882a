import {
  affinityCookies,
  analyticsCookie,
  homePageCookies,
  identifiedVisitorCookie,
  isSessionId,
  instanceAffinity,
  newAnalyticsId,
  newSessionId,
  newVerificationToken,
  parseAnalyticsCookie,
  sessionCookie,
  tenYearsAfter,
  verificationTokenCookie,
} from './cookies';

const now = new Date('2026-04-08T16:54:52Z');
const ID = '0123456789abcdef0123456789abcdef';
const AFF = 'a'.repeat(64);

describe('value shapes', () => {
  it('makes ASP.NET-style session ids', () => {
    for (let i = 0; i < 50; i++) expect(newSessionId()).toMatch(/^[a-z0-5]{24}$/);
    expect(new Set(Array.from({ length: 50 }, newSessionId)).size).toBe(50);
    expect(isSessionId('abcdefghijklmnopqrstuvwx')).toBe(true);
    expect(isSessionId('ABCDEFGHIJKLMNOPQRSTUVWX')).toBe(false);
    expect(isSessionId({ j: 1 })).toBe(false);
  });

  it('makes the other values', () => {
    expect(newAnalyticsId()).toMatch(/^[0-9a-f]{32}$/);
    expect(newVerificationToken()).toMatch(/^[A-Za-z0-9_-]{100}$/);
    expect(instanceAffinity('reference')).toMatch(/^[0-9a-f]{64}$/);
    // One instance per deployment: the same value in every process of it, another in another deployment.
    expect(instanceAffinity('reference')).toBe('660a383414b4affca4b671dd4ca1044ac64ab397448eb176dbbb711f44f626a9');
    expect(instanceAffinity('alt')).not.toBe(instanceAffinity('reference'));
  });

  it('reads the analytics cookie strictly', () => {
    expect(parseAnalyticsCookie(`${ID}|False`)).toEqual({ id: ID, identified: false });
    expect(parseAnalyticsCookie(`${ID}|True`)).toEqual({ id: ID, identified: true });
    expect(parseAnalyticsCookie(`${ID}|true`)).toBeUndefined();
    expect(parseAnalyticsCookie(`${ID.toUpperCase()}|True`)).toBeUndefined();
    expect(parseAnalyticsCookie(ID)).toBeUndefined();
    expect(parseAnalyticsCookie(undefined)).toBeUndefined();
  });
});

describe('Set-Cookie lines', () => {
  it('spells every attribute as the platform does', () => {
    expect(sessionCookie('abcdefghijklmnopqrstuvwx')).toBe('ASP.NET_SessionId=abcdefghijklmnopqrstuvwx; path=/; HttpOnly; SameSite=Lax');
    expect(analyticsCookie({ id: ID, identified: false }, now)).toBe(
      `SC_ANALYTICS_GLOBAL_COOKIE=${ID}|False; expires=Tue, 08 Apr 2036 04:54:52 GMT; path=/; HttpOnly`,
    );
    expect(verificationTokenCookie('tok')).toBe('__RequestVerificationToken=tok; path=/; HttpOnly');
    expect(affinityCookies(AFF, 'www.lessons.test')).toEqual([
      `ARRAffinity=${AFF};Path=/;HttpOnly;Secure;Domain=www.lessons.test`,
      `ARRAffinitySameSite=${AFF};Path=/;HttpOnly;SameSite=None;Secure;Domain=www.lessons.test`,
    ]);
  });

  it('counts ten years as 10 x 365.25 days, or as the days a deployment gives', () => {
    expect(tenYearsAfter(new Date('2024-02-29T00:00:00Z')).toISOString()).toBe('2034-02-28T12:00:00.000Z');
    expect(tenYearsAfter(new Date('2024-02-29T00:00:00Z'), 3653).toISOString()).toBe('2034-03-01T00:00:00.000Z');
    expect(analyticsCookie({ id: ID, identified: true }, now, 3653)).toContain('; expires=Tue, 08 Apr 2036 16:54:52 GMT;');
  });

  it('issues new values to a first visitor', () => {
    const lines = homePageCookies({}, 'www.lessons.test', AFF, now);
    expect(lines).toHaveLength(7);
    expect(lines[0]).toBe(lines[1]);
    expect(lines[0]).toMatch(/^ASP\.NET_SessionId=[a-z0-9]{24}; path=\/; HttpOnly; SameSite=Lax$/);
    expect(lines[2]).toMatch(/^SC_ANALYTICS_GLOBAL_COOKIE=[0-9a-f]{32}\|False; expires=Tue, 08 Apr 2036 04:54:52 GMT; path=\/; HttpOnly$/);
    expect(lines[3]).toMatch(/^__RequestVerificationToken=[A-Za-z0-9_-]{100}; path=\/; HttpOnly$/);
    expect(lines[4]).toBe('sxa_site=Lessons; path=/');
    expect(lines[5]).toBe(`ARRAffinity=${AFF};Path=/;HttpOnly;Secure;Domain=www.lessons.test`);
  });

  it('keeps valid values the client sent and replaces invalid ones', () => {
    const token = 'T'.repeat(100);
    const sentAffinity = 'b'.repeat(64);
    const lines = homePageCookies(
      {
        'ASP.NET_SessionId': 'abcdefghijklmnopqrstuvwx',
        SC_ANALYTICS_GLOBAL_COOKIE: `${ID}|True`,
        __RequestVerificationToken: token,
        ARRAffinitySameSite: sentAffinity,
      },
      'www.lessons.test',
      AFF,
      now,
    );
    expect(lines[0]).toContain('=abcdefghijklmnopqrstuvwx;');
    expect(lines[2]).toContain(`=${ID}|True;`);
    expect(lines[3]).toContain(`=${token};`);
    expect(lines[5]).toContain(`=${sentAffinity};`);
    const fresh = homePageCookies({ 'ASP.NET_SessionId': 'short', SC_ANALYTICS_GLOBAL_COOKIE: 'junk', ARRAffinity: 'zz' }, 'www.lessons.test', AFF, now);
    expect(fresh[0]).not.toContain('short');
    expect(fresh[2]).not.toContain('junk');
    expect(fresh[5]).toContain(`=${AFF};`);
  });

  it('flips the visitor flag, keeping the id', () => {
    expect(identifiedVisitorCookie({ SC_ANALYTICS_GLOBAL_COOKIE: `${ID}|False` }, now)).toBe(
      `SC_ANALYTICS_GLOBAL_COOKIE=${ID}|True; expires=Tue, 08 Apr 2036 04:54:52 GMT; path=/; HttpOnly`,
    );
    expect(identifiedVisitorCookie({}, now)).toMatch(/^SC_ANALYTICS_GLOBAL_COOKIE=[0-9a-f]{32}\|True; /);
  });
});
