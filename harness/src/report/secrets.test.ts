import { describeSecret, redactHeaderValue, redactSetCookie, redactSetCookieText, redactUrl } from './secrets';

test('secrets become their shape and length', () => {
  expect(describeSecret('abcdefghijklmnopqrstuvwx')).toBe('‹secret: alnum-lower24, 24 chars›');
  expect(redactSetCookie('sid=abc123; Path=/; HttpOnly')).toBe('sid=‹secret: alnum-lower24, 6 chars›; Path=/; HttpOnly'.replace('alnum-lower24', describeSecret('abc123').split(': ')[1].split(',')[0]));
  expect(redactSetCookieText('a=1; expires=Sat, 22 Nov 2036 01:04:54 GMT; path=/, b=22')).toBe(`a=${describeSecret('1')}; expires=Sat, 22 Nov 2036 01:04:54 GMT; path=/, b=${describeSecret('22')}`);
  expect(redactSetCookieText('2 lines: [1] a=xyz; Path=/; [2] b=q')).toBe(`2 lines: [1] a=${describeSecret('xyz')}; Path=/; [2] b=${describeSecret('q')}`);
  expect(redactHeaderValue('authorization', 'Bearer abc')).toMatch(/^‹secret/);
  expect(redactHeaderValue('content-type', 'text/html')).toBe('text/html');
  expect(redactUrl('https://x.test/p?token=abcdef&q=1')).toBe(`https://x.test/p?token=${encodeURIComponent(describeSecret('abcdef'))}&q=1`);
});
