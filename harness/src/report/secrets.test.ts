import { describeSecret, redactHeaderValue, redactSetCookie, redactSetCookieText, redactUrl } from './secrets';

test('secrets become their shape and length', () => {
  expect(describeSecret('abcdefghijklmnopqrstuvwx')).toBe('‹secret: alnum-lower24, 24 chars›');
  expect(describeSecret('')).toBe('‹secret: empty, 0 chars›');
  expect(redactSetCookie('sid=abc123; Path=/; HttpOnly')).toBe('sid=‹secret: hex, 6 chars›; Path=/; HttpOnly');
  expect(redactSetCookieText('a=1; expires=Sat, 22 Nov 2036 01:04:54 GMT; path=/, b=22')).toBe(
    'a=‹secret: digits, 1 chars›; expires=Sat, 22 Nov 2036 01:04:54 GMT; path=/, b=‹secret: digits, 2 chars›',
  );
  expect(redactSetCookieText('2 lines: [1] a=xyz; Path=/; [2] b=q')).toBe(
    '2 lines: [1] a=‹secret: base64url, 3 chars›; Path=/; [2] b=‹secret: url-safe-token, 1 chars›',
  );
  // Joined lines need no space after the comma: the value of the second cookie is a value too.
  expect(redactSetCookieText('a=1; Path=/,b=SECRETVALUE')).toBe('a=‹secret: digits, 1 chars›; Path=/,b=‹secret: base64url, 11 chars›');
  expect(redactHeaderValue('authorization', 'Bearer abc')).toBe('‹secret: text, 10 chars›');
  expect(redactHeaderValue('content-type', 'text/html')).toBe('text/html');
  expect(redactUrl('https://x.test/p?token=abcdef&q=1')).toBe('https://x.test/p?token=%E2%80%B9secret%3A%20hex%2C%206%20chars%E2%80%BA&q=1');
  // Redacted already (by the worker): the same address comes back, not a redaction of the redaction.
  const once = redactUrl(`https://x.test/f.woff2?hmac=${'ab'.repeat(32)}`);
  expect(redactUrl(once)).toBe(once);
  expect(decodeURIComponent(once)).toContain('hmac=‹secret: hex64, 64 chars›');
});
