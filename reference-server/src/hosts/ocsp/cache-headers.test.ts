import { createHash } from 'node:crypto';
import { cacheControl, errorHeaders, etagOf, httpDate, matchesIfNoneMatch, maxAgeSeconds, successHeaders } from './cache-headers';

const NEXT = Date.parse('2025-06-07T12:23:59Z');

describe('cache headers', () => {
  test.each([
    [NEXT - 15_299_000, 15_299],
    [NEXT - 15_299_000 + 999, 15_299], // same Date second
    [NEXT - 6_000_500, 6_001],
    [NEXT - 1, 1],
    [NEXT, 0],
    [NEXT + 86_400_000, 0],
  ])('at %i, max-age is %i (Date + max-age = Expires while fresh, never negative)', (now, maxAge) => {
    expect(maxAgeSeconds(NEXT, now)).toBe(maxAge);
    expect(cacheControl(NEXT, now)).toBe(`max-age=${maxAge}, public, no-transform, must-revalidate`);
    if (maxAge > 0) expect(Date.parse(httpDate(now)) + maxAge * 1000).toBe(NEXT);
  });

  test('ETag is the quoted uppercase hex SHA-256 of the body', () => {
    const body = Buffer.from('an OCSP response');
    expect(etagOf(body)).toBe(`"${createHash('sha256').update(body).digest('hex').toUpperCase()}"`);
    expect(etagOf(body)).toMatch(/^"[0-9A-F]{64}"$/);
  });

  test('an authoritative answer: every header, in order, agreeing with the response times', () => {
    const now = Date.parse('2025-06-07T08:10:00.250Z');
    const headers = successHeaders(
      { etag: '"AB"', lastModified: httpDate(Date.parse('2025-06-07T08:09:00Z')), expires: httpDate(NEXT), nextUpdate: NEXT },
      now,
    );
    expect(headers).toEqual([
      ['Content-Type', 'application/ocsp-response'],
      ['ETag', '"AB"'],
      ['Last-Modified', 'Sat, 07 Jun 2025 08:09:00 GMT'],
      ['Expires', 'Sat, 07 Jun 2025 12:23:59 GMT'],
      ['Cache-Control', 'max-age=15239, public, no-transform, must-revalidate'],
      ['Date', 'Sat, 07 Jun 2025 08:10:00 GMT'],
    ]);
    expect(errorHeaders(now)).toEqual([
      ['Content-Type', 'application/ocsp-response'],
      ['Cache-Control', 'no-cache'],
      ['Date', 'Sat, 07 Jun 2025 08:10:00 GMT'],
    ]);
  });

  test.each([
    [undefined, false],
    ['"AB"', true],
    ['W/"AB"', true],
    ['"XX", "AB"', true],
    [['"XX"', '"AB"'], true],
    ['*', true],
    ['"ab"', false],
    ['AB', false],
    ['', false],
  ])('If-None-Match %j matches "AB": %s', (header, matches) => {
    expect(matchesIfNoneMatch(header, '"AB"')).toBe(matches);
  });
});
