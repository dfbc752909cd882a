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
  it.each([
    ['gzip', zlib.gzipSync(Buffer.alloc(4 * 1024 * 1024))],
    ['br', zlib.brotliCompressSync(Buffer.alloc(4 * 1024 * 1024))],
    ['deflate', zlib.deflateSync(Buffer.alloc(4 * 1024 * 1024))],
  ])('a %s bomb stops at the cap', (coding, bomb) => {
    expect(decodeBody(bomb, [coding], 64 * 1024).decodeError).toBe(`${coding}: Cannot create a Buffer larger than 65536 bytes`);
  });
});

/**
 * zstd as a Node that has it (22.15+) would decode it: Node 20 has no zstd, so the decoder is given a
 * stand-in with zlib's contract (`maxOutputLength`, ERR_BUFFER_TOO_LARGE past it), in place of
 * zlib's before the module reads it. A few bytes naming 4 MiB of zeros play the bomb.
 */
describe('decodeBody with zstd', () => {
  const calls: Array<{ maxOutputLength?: number } | undefined> = [];
  function standIn(input: Buffer, options?: { maxOutputLength?: number }): Buffer {
    calls.push(options);
    const size = input.readUInt32BE(0);
    const max = options?.maxOutputLength ?? 2 ** 32;
    if (size > max) throw Object.assign(new RangeError(`Cannot create a Buffer larger than ${max} bytes`), { code: 'ERR_BUFFER_TOO_LARGE' });
    return Buffer.alloc(size);
  }
  let decode: typeof decodeBody;
  // The module object itself (an `import * as` namespace is a copy of it).
  const node = jest.requireActual<Record<string, unknown>>('node:zlib');
  const real = node.zstdDecompressSync;
  beforeAll(() => {
    node.zstdDecompressSync = standIn;
    jest.isolateModules(() => {
      decode = (jest.requireActual('./observe') as typeof import('./observe')).decodeBody;
    });
  });
  afterAll(() => {
    if (real === undefined) delete node.zstdDecompressSync;
    else node.zstdDecompressSync = real;
  });

  it('stops a bomb at the cap', () => {
    const bomb = Buffer.alloc(4);
    bomb.writeUInt32BE(4 * 1024 * 1024);
    expect(decode(bomb, ['zstd'], 64 * 1024).decodeError).toBe('zstd: Cannot create a Buffer larger than 65536 bytes');
    expect(calls.at(-1)).toEqual({ maxOutputLength: 64 * 1024 });
  });
  it('decodes a body within the cap', () => {
    const small = Buffer.alloc(4);
    small.writeUInt32BE(1000);
    expect(decode(small, ['zstd'], 64 * 1024).decoded?.length).toBe(1000);
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
      bodyCapBytes: 1024,
    });
    expect(ex.request).toEqual({ method: 'GET', url: 'https://www.lessons.test/', headers: [['accept', 'text/html']] });
    expect(ex.lines[0][0]).toBe('set-cookie');
    expect(ex.cookies).toHaveLength(2);
    expect(ex.decoded?.toString()).toBe('hi');
    expect(ex.timings).toEqual({ startedAt: '2026-04-08T16:54:52.000Z', totalMs: 12 });
  });

  describe('decodes within the cap it is given', () => {
    const exchange = (body: Buffer, bodyCapBytes: number) =>
      toObservedExchange({
        target: 'reference',
        request: { url: 'https://www.lessons.test/big' },
        response: { status: 200, lines: [['content-encoding', 'gzip']], body },
        startedAt: new Date('2026-04-08T16:54:52Z'),
        totalMs: 1,
        bodyCapBytes,
      });
    const body = zlib.gzipSync(Buffer.alloc(64 * 1024, 'a'));

    it('a body decoding past the cap is not decoded, and says so', () => {
      const ex = exchange(body, 16 * 1024);
      expect(ex.decoded).toBeUndefined();
      expect(ex.decodeError).toBe('gzip: Cannot create a Buffer larger than 16384 bytes');
      expect(ex.body).toEqual(body);
    });
    it('the same body within a larger cap decodes whole', () => {
      const ex = exchange(body, 64 * 1024);
      expect(ex.decodeError).toBeUndefined();
      expect(ex.decoded?.length).toBe(64 * 1024);
    });
  });
});
