import type { SpecFile } from '../../spec-model/types';
import { ExpectationIndex, imageOffers, offeredCodings, type RequestFacts } from './expectations';

const CHROMIUM_IMAGE_ACCEPT = 'image/jxl,image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
const facts = (role: RequestFacts['role'], url: string, headers: Record<string, string> = {}, method = 'GET'): RequestFacts => ({
  role,
  method,
  url: new URL(url),
  headers: { 'accept-encoding': 'gzip, deflate, br, zstd', ...headers },
});

const site: SpecFile = {
  role: 'site',
  version: 1,
  exchanges: [
    {
      id: 'site/static/css',
      title: '',
      clause: 'css clause',
      source: 'capture',
      request: { path: '/{section}/css/main.css?lw=260408T1654', headers: { 'accept-encoding': 'gzip, deflate, br' } },
      expect: { status: 200, headers: { 'content-type': 'text/css', 'content-encoding': 'gzip', etag: { shape: 'iis-etag' } } },
    },
    {
      id: 'site/static/png',
      title: '',
      clause: '',
      source: 'capture',
      request: { path: '/{section}/img/logo.png', headers: { 'accept-encoding': 'gzip, deflate, br' } },
      expect: { status: 200, headers: { 'content-type': 'image/png', vary: 'Accept-Encoding' } },
    },
    {
      id: 'site/static/range',
      title: '',
      clause: '',
      source: 'capture',
      request: { path: '/{section}/img/logo.png', headers: { range: 'bytes=0-9' } },
      expect: { status: 206, headers: { 'content-type': 'image/png' } },
    },
    {
      id: 'site/static/woff2',
      title: '',
      clause: '',
      source: 'capture',
      request: { path: '/{section}/fonts/x.woff2', headers: { 'accept-encoding': 'identity' } },
      expect: { status: 200, headers: { 'content-type': 'application/font-woff2', 'content-encoding': { absent: true } } },
    },
    { id: 'site/not-found', title: '', clause: '', source: 'capture', request: { path: '/no-such.png' }, expect: { status: 404 } },
  ],
};
const shop: SpecFile = {
  role: 'shop',
  version: 1,
  exchanges: [
    {
      id: 'shop/image-original',
      title: '',
      clause: '',
      source: 'capture',
      request: { path: '/cdn/shop/files/a.png?v=1&width=360', headers: { accept: '*/*' } },
      expect: { status: 200, headers: { 'content-type': 'image/png', vary: 'Accept, Accept-Encoding' } },
    },
    {
      id: 'shop/image-avif',
      title: '',
      clause: '',
      source: 'capture',
      request: { path: '/cdn/shop/files/a.png?v=1&width=360', headers: { accept: 'image/avif,image/webp,*/*' } },
      expect: { status: 200, headers: { 'content-type': 'image/avif', 'source-type': 'image/png', vary: 'Accept, Accept-Encoding' } },
    },
  ],
};
const redirector: SpecFile = {
  role: 'redirector',
  version: 1,
  exchanges: [
    {
      id: 'redirector/directory',
      title: '',
      clause: '',
      source: 'capture',
      request: { path: '/blog/' },
      expect: { status: 200, headers: { 'content-type': 'text/html; charset=UTF-8', 'x-frame-options': 'SAMEORIGIN' } },
    },
  ],
};
const index = new ExpectationIndex([site, shop, redirector], { '{section}': 'static', '{base_url}': 'https://www.lessons.test' });

describe('ExpectationIndex', () => {
  it('takes the spec exchange of the same path, ignoring a different lw value, with its type and coding', () => {
    const e = index.lookup(facts('site', 'https://www.lessons.test/static/css/main.css?lw=999999T9999'));
    expect(e).toMatchObject({
      from: 'site/static/css',
      clause: 'css clause',
      status: 200,
      headers: { 'content-type': 'text/css', 'content-encoding': 'gzip' },
    });
    expect(e?.headers.etag).toBeUndefined();
  });

  it('falls back to an exchange of the same kind of file in the same folder tree, never a range, conditional or error exchange', () => {
    expect(index.lookup(facts('site', 'https://www.lessons.test/static/img/pattern.png', { accept: CHROMIUM_IMAGE_ACCEPT }))?.from).toBe('site/static/png');
    expect(index.lookup(facts('site', 'https://www.lessons.test/static/img/pattern.png'))?.headers['content-type']).toBe('image/png');
  });

  it('does not compare a coding stated for a different Accept-Encoding (identity font vs the browser)', () => {
    const e = index.lookup(facts('site', 'https://www.lessons.test/static/fonts/x.woff2'));
    expect(e?.headers['content-encoding']).toBeUndefined();
    expect(e?.notCompared['content-encoding']).toMatch(/identity/);
  });

  it('picks the negotiated image exchange whose Accept leads to the same format as the browser (AVIF)', () => {
    const e = index.lookup(facts('shop', 'https://shop.store.test/cdn/shop/files/b.png?v=2&width=540', { accept: CHROMIUM_IMAGE_ACCEPT }));
    expect(e).toMatchObject({ from: 'shop/image-avif', headers: { 'content-type': 'image/avif', 'source-type': 'image/png' } });
  });

  it('a directory page of another name is covered by the exchange of the same shape, /<directory>/', () => {
    expect(index.lookup(facts('redirector', 'https://go.redirect.test/links/'))).toMatchObject({
      from: 'redirector/directory',
      headers: { 'x-frame-options': 'SAMEORIGIN' },
    });
    expect(index.lookup(facts('redirector', 'https://go.redirect.test/links/deeper/'))).toBeUndefined();
  });

  it('the spec files are the only source: a resource no exchange covers has no expectation', () => {
    const empty = new ExpectationIndex([], {});
    expect(empty.lookup(facts('redirector', 'https://go.redirect.test/cdn-cgi/styles/cf.errors.css'))).toBeUndefined();
    expect(empty.lookup(facts('shop', 'https://s/cdn/shop/files/a.png?width=1', { accept: CHROMIUM_IMAGE_ACCEPT }))).toBeUndefined();
    expect(index.lookup(facts('redirector', 'https://go.redirect.test/unknown.bin'))).toBeUndefined();
  });
});

describe('helpers', () => {
  it('offeredCodings drops q=0; imageOffers names the format a negotiating server would pick', () => {
    expect([...offeredCodings('gzip, br;q=0, identity;q=0.5')]).toEqual(['gzip', 'identity']);
    expect(imageOffers(CHROMIUM_IMAGE_ACCEPT)).toBe('image/avif');
    expect(imageOffers('image/webp,*/*')).toBe('image/webp');
    expect(imageOffers('*/*')).toBe('original');
  });
});
