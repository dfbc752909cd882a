import sharp from 'sharp';
import { allowedRequestHeaders, corsOrigin, missingPixelParams, TRANSPARENT_GIF } from './beacons';

describe('beacon pieces', () => {
  it('has the 43-byte transparent 1x1 GIF', async () => {
    expect(TRANSPARENT_GIF.length).toBe(43);
    expect(TRANSPARENT_GIF.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    expect(await sharp(TRANSPARENT_GIF).metadata()).toMatchObject({ format: 'gif', width: 1, height: 1 });
  });

  it('accepts only well-formed origins', () => {
    expect(corsOrigin('https://www.lessons.test:8443')).toBe('https://www.lessons.test:8443');
    expect(corsOrigin('null')).toBe('null');
    for (const bad of [
      undefined,
      '',
      'www.lessons.test',
      'https://a.test/path',
      'https://a.test\r\nX: y',
      ['https://a.test', 'https://b.test'],
      'javascript:alert(1)',
    ]) {
      expect(corsOrigin(bad as string)).toBeUndefined();
    }
  });

  it('echoes plain header-name lists only', () => {
    expect(allowedRequestHeaders('Content-Type, X-Client')).toBe('content-type, x-client');
    expect(allowedRequestHeaders('a b')).toBeUndefined();
    expect(allowedRequestHeaders('x'.repeat(2000))).toBeUndefined();
    expect(allowedRequestHeaders(undefined)).toBeUndefined();
  });

  it('names the missing pixel parameters', () => {
    expect(missingPixelParams('a=1&b=&c=&d=&e=&f=&g=&h=9&z=1')).toEqual([]);
    expect(missingPixelParams('a=1&c=2')).toEqual(['b', 'd', 'e', 'f', 'g', 'h']);
    expect(missingPixelParams(undefined)).toHaveLength(8);
  });
});
