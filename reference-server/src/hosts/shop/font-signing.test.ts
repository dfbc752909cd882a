import { createHmac } from 'node:crypto';
import { base64url, fontHmac, signedFontUrl, verifyFontQuery } from './font-signing';

const PATH = '/cdn/fonts/lessons_sans/lessons_sans_n4.woff2';

describe('font URL signing', () => {
  it('signs the path and both h values with HMAC-SHA256', () => {
    const h1 = base64url('shop.store.test');
    const h2 = base64url('other.test');
    expect(h1).toBe('c2hvcC5zdG9yZS50ZXN0');
    const mac = createHmac('sha256', 'k').update(`${PATH}?h1=${h1}&h2=${h2}`).digest('hex');
    expect(fontHmac(PATH, h1, h2, 'k')).toBe(mac);
  });

  it('builds URLs that verify, and only for their own path', () => {
    const url = signedFontUrl(PATH, 'shop.store.test', 'other.test');
    expect(url).toMatch(/^\/cdn\/fonts\/lessons_sans\/lessons_sans_n4\.woff2\?h1=[A-Za-z0-9_-]+&h2=[A-Za-z0-9_-]+&hmac=[0-9a-f]{64}$/);
    const query = url.split('?')[1];
    expect(verifyFontQuery(PATH, query)).toBe(true);
    expect(verifyFontQuery('/cdn/fonts/lessons_sans/other.woff2', query)).toBe(false);
    expect(verifyFontQuery(PATH, query, 'another secret')).toBe(false);
  });

  it('refuses missing, repeated, malformed or altered values', () => {
    const query = signedFontUrl(PATH, 'a.test', 'b.test').split('?')[1];
    const params = new URLSearchParams(query);
    const mac = params.get('hmac')!;
    const flipped = (mac[0] === '0' ? '1' : '0') + mac.slice(1);
    for (const bad of [
      undefined,
      '',
      query.replace(/&hmac=[0-9a-f]+/, ''),
      query.replace(/h1=[^&]+&/, ''),
      query.replace(mac, flipped),
      query.replace(mac, mac.slice(0, 63)),
      query.replace(mac, `${mac}00`),
      query.replace(mac, 'zz'.repeat(32)),
      `${query}&hmac=${mac}`,
      query.replace(/h2=[^&]+/, 'h2=YS50ZXN0'),
      query.replace(/h1=[^&]+/, 'h1=a%20b'),
    ]) {
      expect([bad, verifyFontQuery(PATH, bad)]).toEqual([bad, false]);
    }
  });

  it('accepts an uppercase hmac', () => {
    const query = signedFontUrl(PATH, 'a.test', 'b.test').split('?')[1];
    expect(
      verifyFontQuery(
        PATH,
        query.replace(/hmac=([0-9a-f]+)/, (_m, h: string) => `hmac=${h.toUpperCase()}`),
      ),
    ).toBe(true);
  });
});
