import * as zlib from 'node:zlib';
import { precompress } from './precompressed';

describe('precompress', () => {
  const text = '<p>hello</p>'.repeat(200);

  it('holds every offered coding, each decoding to the same bytes', () => {
    const body = precompress(text, ['br', 'gzip']);
    expect(body.identity.toString()).toBe(text);
    expect(zlib.brotliDecompressSync(body.get('br')).toString()).toBe(text);
    expect(zlib.gunzipSync(body.get('gzip')).toString()).toBe(text);
    expect(body.get('br').length).toBeLessThan(body.identity.length);
  });

  it('answers a coding it does not hold with the identity bytes', () => {
    const body = precompress(Buffer.from(text), ['gzip']);
    expect(body.get('br')).toBe(body.identity);
    expect(body.get('gzip')).not.toBe(body.identity);
  });

  it('returns the same buffers on every call (compressed once)', () => {
    const body = precompress(text, ['br']);
    expect(body.get('br')).toBe(body.get('br'));
  });
});
