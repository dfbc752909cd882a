import { cookieOf, type LegAnswer } from './observations';
import { targetPlaceholders } from './placeholders';
import { cookieAttribute, cookieSpec, headerMatcher, redactedShape, shapeOf, statusMatcher, withMeta, type StepAnswers } from './values';

const DATE = 'Thu, 01 Jan 2026 00:00:00 GMT';

function leg(protocol: 'h1' | 'h2', lines: Array<[string, string]>, status = 200): LegAnswer {
  const all: Array<[string, string]> = [['date', DATE], ...lines];
  return {
    protocol,
    status,
    lines: all,
    cookies: all.filter(([n]) => n === 'set-cookie').map(([, v]) => cookieOf(v)),
    bodySize: 10,
    date: new Date(Date.parse(DATE)),
  };
}
const both = (lines: Array<[string, string]>, h2 = lines): StepAnswers => ({
  role: 'site',
  url: 'https://www.example.test:41443/',
  legs: [leg('h1', lines), leg('h2', h2)],
});
const PLACE = targetPlaceholders({
  origin: 'user',
  roles: { site: ['https://www.example.test:41443'] },
  resolve: [],
  insecure: false,
  section: 'static',
  description: '',
});

describe('secrets', () => {
  test('are shapes however stable: a secret field, a value that looks like a credential, a redacted one', () => {
    expect(headerMatcher('x-auth-token', both([['x-auth-token', 'abcdefghijklmnopqrstuvwx']]), false).value).toEqual({ shape: 'alnum-lower24' });
    expect(headerMatcher('x-upstream', both([['x-upstream', 'Bearer abcdefghijklmnop']]), false).value).toEqual({ shape: 'any' });
    expect(headerMatcher('x-frame-options', both([['x-frame-options', '‹secret: hex64, 64 chars›']]), false).value).toEqual({ shape: 'hex64' });
    expect(headerMatcher('content-location', both([['content-location', '/a?t=‹secret: text, 9 chars›']]), false).value).toEqual({ shape: 'any' });
    expect(headerMatcher('content-location', both([['content-location', '/a?t=%E2%80%B9secret%3A%20hex32%2C%2032%20chars%E2%80%BA']]), false).value).toEqual({
      shape: 'any',
    });
    expect(redactedShape('‹secret: cf-ray, 20 chars›')).toBe('cf-ray');
    expect(redactedShape('‹secret: no-such-shape, 3 chars›')).toBeUndefined();
    expect(shapeOf(['‹secret: hex64, 64 chars›', '‹secret: hex64, 64 chars›'])).toEqual({ shape: 'hex64' });
    expect(shapeOf(['‹secret: hex32, 32 chars›', '‹secret: hex64, 64 chars›'])).toEqual({ present: true });
  });

  test('withMeta wraps a literal in equals to carry provenance', () => {
    expect(withMeta('x', { source: 'reference' })).toEqual({ equals: 'x', source: 'reference' });
    expect(withMeta({ shape: 'uuid' }, { clause: 'c' })).toEqual({ shape: 'uuid', clause: 'c' });
  });
});

describe('headers, by the rules har2spec derives with', () => {
  test('a stated field: a literal; repeats and lines split differently: one list, as RFC 9110 combines them', () => {
    expect(headerMatcher('x-content-type-options', both([['x-content-type-options', 'nosniff']]), false).value).toBe('nosniff');
    const xfo: Array<[string, string]> = [
      ['x-frame-options', 'SAMEORIGIN'],
      ['x-frame-options', 'SAMEORIGIN'],
    ];
    expect(headerMatcher('x-frame-options', both(xfo), false).value).toEqual({ list: ['SAMEORIGIN', 'SAMEORIGIN'] });
    const vary: Array<[string, string]> = [
      ['vary', 'Accept-Encoding'],
      ['vary', 'Cookie'],
    ];
    expect(headerMatcher('vary', both(vary, [['vary', 'Accept-Encoding, Cookie']]), false).value).toBe('Accept-Encoding, Cookie');
  });

  test("the target's address as placeholders on any port; links by relation and path", () => {
    expect(headerMatcher('location', both([['location', 'https://www.example.test:41443/static/a.css']]), false, PLACE).value).toBe(
      '{base_url}/{section}/a.css',
    );
    const link: Array<[string, string]> = [
      ['link', '</static/a.css>; rel=preload'],
      ['link', '</static/b.js>; rel=preload'],
    ];
    expect(headerMatcher('link', both(link), false, PLACE).value).toEqual({
      links: [
        { rel: 'preload', href: { regex: '^https?://[^/?#]+/{section}/a\\.css$' } },
        { rel: 'preload', href: { regex: '^https?://[^/?#]+/{section}/b\\.js$' } },
      ],
    });
  });

  test('a platform header informs by its shape; one that differs between legs or lines, by the shape of each', () => {
    expect(headerMatcher('x-powered-by', both([['x-powered-by', 'Express']]), false).value).toEqual({ shape: 'base64url' });
    expect(headerMatcher('server', both([['server', 'nginx']], [['server', 'nginx/1.25']]), false).value).toEqual({ shape: 'any' });
    const h1: Array<[string, string]> = [
      ['x-a', '11'],
      ['x-a', 'same'],
    ];
    const h2: Array<[string, string]> = [
      ['x-a', '22'],
      ['x-a', 'same'],
    ];
    expect(headerMatcher('x-a', both(h1, h2), false).value).toEqual({ regex: '^[0-9]+, same$' });
  });

  test('a request id (learned as noise, or new on each leg), a cache status and Content-Length are left to their checks', () => {
    const noisy = headerMatcher('x-request-id', both([['x-request-id', '5f0c8d2e-8a41-4d0b-9c3e-1a2b3c4d5e6f']]), true);
    expect(noisy).toEqual({ reason: 'judged by headers/request-id (the check har2spec selects for it), not by a value', checks: ['headers/request-id'] });
    expect(headerMatcher('x-trace', both([['x-trace', 'a1b2c3d4']], [['x-trace', 'e5f6a7b8']]), false).checks).toEqual(['headers/request-id']);
    expect(headerMatcher('x-cache', both([['x-cache', 'HIT']]), false).checks).toEqual(['headers/cache-status']);
    expect(headerMatcher('content-length', both([['content-length', '5']]), false).checks).toEqual(['body/content-length-matches']);
    // Noise on a field that says what the answer is makes it no id: a shape of what it is.
    expect(headerMatcher('content-type', both([['content-type', 'text/html']]), true).checks).toBeUndefined();
  });

  test('Alt-Svc on any port, validators by shape, a max-age within its calendar span', () => {
    const altSvc = headerMatcher('alt-svc', both([['alt-svc', 'h3=":41444"; ma=86400']]), false).value as { regex: string };
    expect(new RegExp(altSvc.regex).test('h3=":443"; ma=2592000')).toBe(true);
    expect(headerMatcher('etag', both([['etag', '"33a64df551425fcc55e4d42a148795d9f25f89d4"']]), false).value).toEqual({ regex: '^"[0-9a-f]{40}"$' });
    expect(headerMatcher('last-modified', both([['last-modified', 'Wed, 01 Jan 2025 00:00:00 GMT']]), false).value).toEqual({ shape: 'http-date' });
    expect(headerMatcher('cache-control', both([['cache-control', 'public, max-age=31536000']]), false).value).toEqual({
      directives: { public: [], 'max-age': { min: 31449600, max: 31708800 } },
      separator: ',',
    });
  });

  test('absent on every leg: absent; on one leg only: no value, with the reason; a transmission field: never compared', () => {
    expect(headerMatcher('etag', both([]), false).value).toEqual({ absent: true });
    expect(headerMatcher('content-length', both([['content-length', '5']], []), false).reason).toBe('sent over h1 but not over h2: no one value fits both');
    expect(headerMatcher('server-timing', both([['server-timing', 'db;dur=53']]), false).reason).toBe(
      'about this one transmission (time, hops, timing): never compared (har2spec leaves it out too)',
    );
  });

  test('Expires after Date is a lifetime after Date', () => {
    expect(headerMatcher('expires', both([['expires', 'Thu, 01 Jan 2026 01:00:00 GMT']]), false).value).toEqual({
      relativeTime: { to: 'date', offsetSeconds: 3600, toleranceSeconds: 180 },
    });
  });
});

describe('cookies, by the rules har2spec derives with', () => {
  test('the value is a shape, a lifetime (Max-Age here) as expires within its span, flags and count when every leg agrees', () => {
    const line: [string, string] = ['set-cookie', 'sid=abcdefghijklmnopqrstuvwx; Path=/; Max-Age=3600; HttpOnly; samesite=lax'];
    expect(cookieSpec('sid', both([line, line]), new Set()).value).toEqual({
      value: { shape: 'alnum-lower24' },
      path: '/',
      expires: { relativeTime: { to: 'date', offsetSeconds: 3600, toleranceSeconds: 180 } },
      httpOnly: true,
      secure: false,
      sameSite: 'Lax',
      count: 2,
    });
  });

  test('an Expires after Date is a calendar span after it; one in the past (a deletion) is a date; noise is a shape', () => {
    const later = cookieSpec('a', both([['set-cookie', 'a=1; expires=Fri, 01 Jan 2027 00:00:00 GMT']]), new Set()).value!;
    expect(later.expires).toEqual({ relativeTime: { to: 'date', offsetSeconds: 31579200, toleranceSeconds: 129600 } });
    const gone = cookieSpec('a', both([['set-cookie', 'a=; expires=Thu, 01 Jan 1970 00:00:00 GMT']]), new Set()).value!;
    expect(gone).toMatchObject({ value: '', expires: { shape: 'http-date' } });
    const noisy = cookieSpec('a', both([['set-cookie', 'a=1; Path=/x']]), new Set(['path'])).value!;
    expect(noisy.path).not.toBe('/x');
  });

  test('a redacted value is the shape its redaction names; a Domain is its relation to the host', () => {
    const spec = cookieSpec(
      'ARRAffinity',
      both([['set-cookie', 'ARRAffinity=‹secret: hex64, 64 chars›;Path=/;HttpOnly;Secure;Domain=.WWW.example.test']]),
      new Set(),
    ).value!;
    expect(spec).toEqual({ value: { shape: 'hex64' }, path: '/', domain: { domainOf: '{base_url}', relation: 'host' }, httpOnly: true, secure: true });
    expect(cookieSpec('a', both([['set-cookie', 'a=1; Domain=example.test']]), new Set()).value!.domain).toEqual({
      domainOf: '{base_url}',
      relation: 'parent',
    });
  });

  test('one attribute for changed; not set anywhere: absent; set over one leg only: a reason', () => {
    const lines: Array<[string, string]> = [['set-cookie', 'a=1; Path=/p; HttpOnly']];
    expect(cookieAttribute('a', 'path', both(lines), new Set()).value).toBe('/p');
    expect(cookieAttribute('a', 'domain', both(lines), new Set()).value).toEqual({ absent: true });
    expect(cookieAttribute('a', 'httpOnly', both(lines), new Set()).value).toBe(true);
    expect(cookieSpec('a', both([]), new Set()).value).toEqual({ absent: true });
    expect(cookieSpec('a', both(lines, []), new Set()).reason).toBe('set over h1 but not over h2: no one value fits both');
  });
});

test('the status is a number when stable, a shape when noise or the legs differ', () => {
  expect(statusMatcher(both([]).legs, false).value).toBe(200);
  expect(statusMatcher([leg('h1', [], 200), leg('h2', [], 404)], false).value).toEqual({ shape: 'digits' });
  expect(statusMatcher(both([]).legs, true).value).toEqual({ shape: 'digits' });
  expect(statusMatcher([], false).reason).toBe('no answer was recorded for it');
});
