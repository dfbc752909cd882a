import { describeSecret, redactHeaderValue, redactSetCookie, redactUrl } from './secrets';

test('secrets become their shape and length', () => {
  expect(describeSecret('abcdefghijklmnopqrstuvwx')).toBe('‹secret: alnum-lower24, 24 chars›');
  expect(describeSecret('')).toBe('‹secret: empty, 0 chars›');
  // A Set-Cookie line's value is judged by what it is, part by part: an identifier is hidden, a word or a flag is shown.
  expect(redactSetCookie('sid=0dtbkz3ilvd3yqa2ljfnx1bx; Path=/; HttpOnly')).toMatch(/^sid=‹secret: [a-z0-9-]+, 24 chars›; Path=\/; HttpOnly$/);
  expect(redactSetCookie('sxa_site=Lessons; path=/')).toBe('sxa_site=Lessons; path=/');
  expect(redactSetCookie(`flag=${'0123456789abcdef'.repeat(2)}|False; path=/`)).toMatch(/^flag=‹secret: [a-z0-9-]+, 32 chars›\|False; path=\/$/);
  expect(redactHeaderValue('cookie', 'sxa_site=Lessons; ASP.NET_SessionId=0dtbkz3ilvd3yqa2ljfnx1bx')).toMatch(
    /^sxa_site=Lessons; ASP\.NET_SessionId=‹secret: [a-z0-9-]+, 24 chars›$/,
  );
  expect(redactHeaderValue('authorization', 'Bearer abc')).toBe('‹secret: text, 10 chars›');
  expect(redactHeaderValue('content-type', 'text/html')).toBe('text/html');
  expect(redactUrl('https://x.test/p?token=abcdef&q=1')).toBe('https://x.test/p?token=%E2%80%B9secret%3A%20hex%2C%206%20chars%E2%80%BA&q=1');
  // Redacted already (by the worker): the same address comes back, not a redaction of the redaction.
  const once = redactUrl(`https://x.test/f.woff2?hmac=${'ab'.repeat(32)}`);
  expect(redactUrl(once)).toBe(once);
  expect(decodeURIComponent(once)).toContain('hmac=‹secret: hex64, 64 chars›');
});
