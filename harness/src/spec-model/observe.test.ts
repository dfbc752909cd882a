import * as zlib from 'node:zlib';
import { decodeBody, parseSetCookieLine, toObservedExchange } from './observe';

describe('parseSetCookieLine', () => {
  it('parses the ARR cookie without spaces', () => {
    const c = parseSetCookieLine('ARRAffinitySameSite=abc;Path=/;HttpOnly;SameSite=None;Secure;Domain=www.lessons.test');
    expect(c).toMatchObject({
      name: 'ARRAffinitySameSite',
      value: 'abc',
      path: '/',
      httpOnly: true,
      secure: true,
      sameSite: 'None',
      domain: 'www.lessons.test',
    });
  });
  it('keeps Expires as written and negative Max-Age', () => {
    const c = parseSetCookieLine('_shopify_y=; Max-Age=-1; expires=Thu, 01-Jan-1970 00:00:01 GMT; path=/');
    expect(c).toMatchObject({ name: '_shopify_y', value: '', expires: 'Thu, 01-Jan-1970 00:00:01 GMT', maxAge: -1, httpOnly: false, secure: false });
  });
  it('keeps a value with a pipe', () => {
    expect(
      parseSetCookieLine('SC_ANALYTICS_GLOBAL_COOKIE=6c1f0e3a9b8d4e2f8a7b6c5d4e3f2a1b|False; expires=Tue, 08-Apr-2036 16:54:52 GMT; path=/; HttpOnly').value,
    ).toBe('6c1f0e3a9b8d4e2f8a7b6c5d4e3f2a1b|False');
  });
});

describe('decodeBody', () => {
  const text = Buffer.from('body { color: red }');
  it.each([
    ['gzip', zlib.gzipSync(text)],
    ['br', zlib.brotliCompressSync(text)],
    ['deflate', zlib.deflateSync(text)],
    ['deflate', zlib.deflateRawSync(text)],
    ['identity', text],
  ])('%s', (coding, body) => {
    expect(decodeBody(body, [coding]).decoded?.toString()).toBe(text.toString());
  });
  it('applies codings last first', () => {
    expect(decodeBody(zlib.brotliCompressSync(zlib.gzipSync(text)), ['gzip, br']).decoded?.toString()).toBe(text.toString());
  });
  it('reports undecodable bodies', () => {
    expect(decodeBody(text, ['gzip']).decodeError).toMatch(/^gzip: /);
    expect(decodeBody(text, ['compress']).decodeError).toMatch(/unknown content-coding/);
  });
  it('passes an empty body', () => {
    expect(decodeBody(Buffer.alloc(0), ['gzip']).decoded?.length).toBe(0);
  });
});

describe('toObservedExchange', () => {
  it('keeps lines, cookies and timings', () => {
    const ex = toObservedExchange({
      target: 'reference',
      request: { url: 'https://www.lessons.test/', headers: { accept: 'text/html' } },
      response: {
        status: 200,
        lines: [
          ['Set-Cookie', 'a=1; path=/'],
          ['set-cookie', 'a=1; path=/'],
          ['content-encoding', 'gzip'],
        ],
        body: zlib.gzipSync('hi'),
      },
      protocol: 'h2',
      startedAt: new Date('2026-04-08T16:54:52Z'),
      totalMs: 12,
    });
    expect(ex.request).toEqual({ method: 'GET', url: 'https://www.lessons.test/', headers: [['accept', 'text/html']] });
    expect(ex.lines[0][0]).toBe('set-cookie');
    expect(ex.cookies).toHaveLength(2);
    expect(ex.decoded?.toString()).toBe('hi');
    expect(ex.timings).toEqual({ startedAt: '2026-04-08T16:54:52.000Z', totalMs: 12 });
  });
});
