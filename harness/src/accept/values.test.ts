import { cookieOf, type LegAnswer } from './observations';
import { acceptedValue, cookieAttribute, cookieSpec, headerMatcher, redactedShape, shapeOf, sizeMatcher, statusMatcher, withMeta } from './values';

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
const both = (lines: Array<[string, string]>, h2 = lines) => [leg('h1', lines), leg('h2', h2)];

describe('the value rule', () => {
  test('stable and not noise: a literal; noise or differing: the tightest shape, else present', () => {
    expect(acceptedValue(['nosniff', 'nosniff'], {})).toBe('nosniff');
    expect(acceptedValue(['5f0c8d2e-8a41-4d0b-9c3e-1a2b3c4d5e6f'], { noise: true })).toEqual({ shape: 'uuid' });
    expect(acceptedValue(['d41d8cd98f00b204e9800998ecf8427e', '0cc175b9c0f1b6a831c399e269772661'], {})).toEqual({ shape: 'hex32' });
    expect(acceptedValue(['1; mode=block', '0'], {})).toEqual({ present: true });
  });

  test('secrets are shapes however stable: a secret field, a value that looks like a credential, a redacted one', () => {
    expect(acceptedValue(['abcdefghijklmnopqrstuvwx'], { secret: true })).toEqual({ shape: 'alnum-lower24' });
    expect(acceptedValue(['Bearer abcdefghijklmnop'], {})).toEqual({ present: true });
    expect(acceptedValue(['‹secret: hex64, 64 chars›', '‹secret: hex64, 64 chars›'], {})).toEqual({ shape: 'hex64' });
    expect(acceptedValue(['‹secret: text, 9 chars›'], {})).toEqual({ present: true });
    expect(acceptedValue(['a=%E2%80%B9secret%3A%20hex32%2C%2032%20chars%E2%80%BA'], {})).toEqual({ present: true });
    expect(redactedShape('‹secret: cf-ray, 20 chars›')).toBe('cf-ray');
    expect(redactedShape('‹secret: no-such-shape, 3 chars›')).toBeUndefined();
    expect(shapeOf(['‹secret: hex32, 32 chars›', '‹secret: hex64, 64 chars›'])).toEqual({ present: true });
  });

  test('withMeta wraps a literal in equals to carry provenance', () => {
    expect(withMeta('x', { source: 'reference' })).toEqual({ equals: 'x', source: 'reference' });
    expect(withMeta({ shape: 'uuid' }, { clause: 'c' })).toEqual({ shape: 'uuid', clause: 'c' });
  });
});

describe('headers', () => {
  test('one line: a literal; repeats: lines; the same members split differently: list', () => {
    expect(headerMatcher('x-content-type-options', both([['x-content-type-options', 'nosniff']]), false).value).toBe('nosniff');
    const xfo: Array<[string, string]> = [
      ['x-frame-options', 'SAMEORIGIN'],
      ['x-frame-options', 'SAMEORIGIN'],
    ];
    expect(headerMatcher('x-frame-options', both(xfo), false).value).toEqual({ lines: ['SAMEORIGIN', 'SAMEORIGIN'] });
    expect(
      headerMatcher(
        'vary',
        both(
          [
            ['vary', 'Accept-Encoding'],
            ['vary', 'Cookie'],
          ],
          [['vary', 'Accept-Encoding, Cookie']],
        ),
        false,
      ).value,
    ).toEqual({ list: ['Accept-Encoding', 'Cookie'] });
  });

  test('noise, a secret header, a difference between legs: shapes; lines keep per-line shapes', () => {
    expect(headerMatcher('x-request-id', both([['x-request-id', '5f0c8d2e-8a41-4d0b-9c3e-1a2b3c4d5e6f']]), true).value).toEqual({ shape: 'uuid' });
    expect(headerMatcher('x-csrf-token', both([['x-csrf-token', 'xyz_token']]), false).value).toEqual({ shape: 'url-safe-token' });
    expect(headerMatcher('server', both([['server', 'nginx']], [['server', 'nginx/1.25']]), false).value).toEqual({ present: true });
    const h1: Array<[string, string]> = [
      ['x-a', '11'],
      ['x-a', 'same'],
    ];
    expect(
      headerMatcher(
        'x-a',
        both(h1, [
          ['x-a', '22'],
          ['x-a', 'same'],
        ]),
        false,
      ).value,
    ).toEqual({ lines: [{ shape: 'digits' }, 'same'] });
  });

  test('absent on every leg: absent; on one leg only: no value, with the reason', () => {
    expect(headerMatcher('etag', both([]), false).value).toEqual({ absent: true });
    expect(headerMatcher('content-length', both([['content-length', '5']], []), false).reason).toBe('sent over h1 but not over h2: no one value fits both');
  });

  test('Expires after Date is relative to Date; a date that is the moment of the answer is volatile', () => {
    expect(headerMatcher('expires', both([['expires', 'Thu, 01 Jan 2026 01:00:00 GMT']]), false).value).toEqual({
      relativeTime: { to: 'date', offsetSeconds: 3600, toleranceSeconds: 60 },
    });
    expect(headerMatcher('last-modified', both([['last-modified', 'Thu, 01 Jan 2026 00:00:02 GMT']]), false).value).toEqual({ shape: 'http-date' });
    expect(headerMatcher('last-modified', both([['last-modified', 'Wed, 01 Jan 2025 00:00:00 GMT']]), false).value).toBe('Wed, 01 Jan 2025 00:00:00 GMT');
  });
});

describe('cookies', () => {
  test('the value is a shape, attributes by the value rule, Max-Age a number, flags and count when every line agrees', () => {
    const line: [string, string] = ['set-cookie', 'sid=abcdefghijklmnopqrstuvwx; Path=/; Max-Age=3600; HttpOnly; samesite=lax'];
    expect(cookieSpec('sid', both([line, line]), new Set()).value).toEqual({
      value: { shape: 'alnum-lower24' },
      path: '/',
      maxAge: 3600,
      httpOnly: true,
      secure: false,
      sameSite: 'Lax',
      count: 2,
    });
  });

  test('an Expires after Date is relative to it; one in the past (a deletion) is a literal; noise is a shape', () => {
    const later = cookieSpec('a', both([['set-cookie', 'a=1; expires=Fri, 01 Jan 2027 00:00:00 GMT']]), new Set()).value!;
    expect(later.expires).toEqual({ relativeTime: { to: 'date', offsetSeconds: 31536000, toleranceSeconds: 60 } });
    const gone = cookieSpec('a', both([['set-cookie', 'a=; expires=Thu, 01 Jan 1970 00:00:00 GMT']]), new Set()).value!;
    expect(gone).toMatchObject({ value: { shape: 'empty' }, expires: 'Thu, 01 Jan 1970 00:00:00 GMT' });
    const noisy = cookieSpec('a', both([['set-cookie', 'a=1; Path=/x']]), new Set(['path'])).value!;
    expect(noisy.path).not.toBe('/x');
  });

  test('a redacted value keeps its attributes as the evaluation parses them', () => {
    const spec = cookieSpec(
      'ARRAffinity',
      both([['set-cookie', 'ARRAffinity=‹secret: hex64, 64 chars›;Path=/;HttpOnly;Secure;Domain=.WWW.example.test']]),
      new Set(),
    ).value!;
    expect(spec).toEqual({ value: { shape: 'hex64' }, path: '/', domain: 'www.example.test', httpOnly: true, secure: true });
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

test('status and sizes are numbers when stable, shapes when noise', () => {
  expect(statusMatcher(both([]), false).value).toBe(200);
  expect(statusMatcher([leg('h1', [], 200), leg('h2', [], 404)], false).value).toEqual({ shape: 'digits' });
  expect(statusMatcher(both([]), true).value).toEqual({ shape: 'digits' });
  expect(statusMatcher([], false).reason).toBe('no answer was recorded for it');
  expect(sizeMatcher([4157, 4157], false).value).toBe(4157);
  expect(sizeMatcher([4157, 4160], false).value).toEqual({ shape: 'digits' });
  expect(sizeMatcher([4157, undefined], false).reason).toBe('the report has no size for every leg');
});
