import { cappedByBrowser, cookieAppliesTo, evaluateStoredCookies, expiresTheCookie, type StoredCookie } from './cookies';
import { FindingList } from './findings';

const DATE = new Date('2026-04-08T16:54:00Z');
const at = (seconds: number) => DATE.getTime() / 1000 + seconds;
const jar: StoredCookie[] = [
  { name: 'ARRAffinity', value: 'a'.repeat(64), domain: '.www.t', path: '/', expires: -1, httpOnly: true, secure: true, sameSite: 'Lax' },
  { name: 'ARRAffinitySameSite', value: 'a'.repeat(64), domain: '.www.t', path: '/', expires: -1, httpOnly: false, secure: true, sameSite: 'None' },
  { name: 'SC', value: `${'b'.repeat(32)}|False`, domain: 'www.t', path: '/', expires: at(400 * 86400), httpOnly: true, secure: false, sameSite: 'Lax' },
  { name: 'keep_alive', value: 'k', domain: 'www.t', path: '/', expires: at(1800), httpOnly: true, secure: false, sameSite: 'Lax' },
  { name: 'other', value: 'o', domain: 'shop.t', path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' },
];
const run = (specs: Parameters<typeof evaluateStoredCookies>[2], status?: number) => {
  const l = new FindingList({ source: 'capture', targetOrigin: 'reference' });
  evaluateStoredCookies(
    'f',
    jar,
    specs,
    { host: 'www.t', date: DATE, ...(status ? { status } : {}), placeholders: { '{site_host}': 'www.t' }, source: 'capture', clause: 'c', from: 'site/home' },
    l,
  );
  return l.items;
};

describe('evaluateStoredCookies', () => {
  it('compares each attribute as Chromium stored it: Domain cookies as .host, HttpOnly, Secure, SameSite', () => {
    const items = run({
      ARRAffinity: { value: { shape: 'hex64' }, path: '/', domain: '{site_host}', httpOnly: true, secure: true },
      ARRAffinitySameSite: { domain: '{site_host}', sameSite: 'None', httpOnly: true },
    });
    expect(items.filter((f) => f.verdict !== 'pass').map((f) => `${f.id}: ${f.expected} / ${f.actual}`)).toEqual([
      'f cookie ARRAffinitySameSite httpOnly: HttpOnly / not HttpOnly',
    ]);
    expect(items.find((f) => f.id.endsWith('value'))?.secrets?.map((s) => s.kind)).toEqual(['cookie']);
  });

  it('an expectation whose premise the answer does not meet is n/a, with the reason, as in the raw replay', () => {
    const specs = { SC: { path: { equals: '/x', when: { status: 405 } } }, nope: { path: '/', when: { status: [301, 302] } } };
    const items = run(specs, 200);
    expect(items.map((f) => `${f.verdict} ${f.id}`)).toEqual(['n/a f cookie SC path', 'n/a f cookie nope stored']);
    expect(items[0].message).toBe('premise not met: the rule applies to a 405 answer; this one is 200');
    // A premise met: judged as usual.
    expect(run(specs, 405).map((f) => `${f.verdict} ${f.id}`)).toEqual(['fail f cookie SC path', 'n/a f cookie nope stored']);
    expect(run(specs, 301).map((f) => `${f.verdict} ${f.id}`)).toEqual(['n/a f cookie SC path', 'fail f cookie nope stored']);
  });

  it('a spec Domain against a host-only cookie fails; a missing cookie fails as not stored', () => {
    const items = run({ SC: { domain: '{site_host}' }, nope: { path: '/' } });
    expect(items.map((f) => `${f.verdict} ${f.id}`)).toEqual(['fail f cookie SC domain', 'fail f cookie nope stored']);
  });

  it('expiries are relative to the Date; a lifetime beyond 400 days is compared with the cap Chromium applies', () => {
    const items = run({
      keep_alive: { expires: { relativeTime: { to: 'date', offsetSeconds: 1800, toleranceSeconds: 300 } } },
      SC: { expires: { relativeTime: { to: 'date', offsetSeconds: 315576000, toleranceSeconds: 259200 } } },
    });
    expect(items.map((f) => `${f.verdict} ${f.id}`)).toEqual([
      'pass f cookie keep_alive expires',
      'info f cookie SC expires (as sent)',
      'pass f cookie SC expires',
    ]);
  });

  it("weighs each cookie and attribute by the replay's one rule: a cookie's level and note reach its attributes, a matcher's own level wins", () => {
    const note = 'seen in the capture of another deployment';
    // A user's target, where a miss weighs by its level (against the reference, any miss fails).
    const l = new FindingList({ source: 'capture', targetOrigin: 'user' });
    const specs = { SC: { level: 'should' as const, note, secure: true, httpOnly: true, path: { equals: '/x', level: 'info' as const } } };
    evaluateStoredCookies('f', jar, specs, { host: 'www.t', date: DATE, placeholders: {}, source: 'capture', clause: 'c', from: 'site/home' }, l);
    expect(l.items.map((f) => `${f.verdict} ${f.level} ${f.id}: ${f.message ?? ''}`)).toEqual([
      `info info f cookie SC path: ${note} (HARNESS_FAIL_ON=info fails it)`,
      'pass should f cookie SC httpOnly: expectation of site/home',
      `warn should f cookie SC secure: ${note} (HARNESS_FAIL_ON=warn fails it)`,
    ]);
  });

  it('a cookie the response expires (Max-Age=0, absent) must be gone from the jar', () => {
    expect(run({ keep_alive: { maxAge: 0 } }).map((f) => `${f.verdict} ${f.id}`)).toEqual(['fail f cookie keep_alive stored']);
    expect(run({ _shopify_y: { maxAge: 0 }, _x: { absent: true } }).map((f) => f.verdict)).toEqual(['pass', 'pass']);
  });
});

it('helpers: domain match, expiring specs, the 400-day cap', () => {
  expect(cookieAppliesTo(jar[0], 'www.t')).toBe(true);
  expect(cookieAppliesTo(jar[0], 'a.www.t')).toBe(true);
  expect(cookieAppliesTo(jar[2], 'a.www.t')).toBe(false);
  expect(expiresTheCookie({ maxAge: { equals: 0 } })).toBe(true);
  expect(expiresTheCookie({ expires: 'Thu, 01 Jan 1970 00:00:00 GMT' })).toBe(true);
  expect(expiresTheCookie({ expires: { relativeTime: { to: 'date', offsetSeconds: 60, toleranceSeconds: 1 } } })).toBe(false);
  expect(cappedByBrowser({ relativeTime: { to: 'date', offsetSeconds: 86400, toleranceSeconds: 1 } })).toBeUndefined();
});
