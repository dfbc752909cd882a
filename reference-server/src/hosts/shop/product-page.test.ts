import { createHash } from 'node:crypto';
import * as zlib from 'node:zlib';
import type { Product } from './catalogue';
import { cacheableEtag, escapeHtml, renderProductPage, storePage, type PageAssets } from './product-page';

const product: Product = {
  handle: 'mug',
  title: 'Mug <"big"> & co',
  vendor: 'V',
  price: '$1.00',
  description: 'D',
  images: [{ file: 'mug.png', alt: "it's a mug" }],
};
const assets: PageAssets = {
  fontUrl: '/cdn/fonts/f/f.woff2?h1=a&h2=b&hmac=00',
  css: '/c.css?v=1',
  js: '/j.js?v=2',
  compiled: '/s.js?3',
  platform: '/p.js',
  images: new Map([['mug.png', { key: '/cdn/shop/files/mug.png', bytes: Buffer.alloc(0), width: 300, height: 200, version: '9' }]]),
};
const template = '<title>{{TITLE}}</title><style>url("{{FONT_CSS_URL}}")</style><link href="{{FONT_URL}}">{{IMAGES}}';

describe('product page', () => {
  it('escapes text, keeps the CSS URL raw and clamps srcset widths to the original', () => {
    const html = renderProductPage(template, product, assets);
    expect(html).toContain('<title>Mug &lt;&quot;big&quot;&gt; &amp; co</title>');
    expect(html).toContain('url("/cdn/fonts/f/f.woff2?h1=a&h2=b&hmac=00")');
    expect(html).toContain('href="/cdn/fonts/f/f.woff2?h1=a&amp;h2=b&amp;hmac=00"');
    expect(html).toContain('srcset="/cdn/shop/files/mug.png?v=9&amp;width=180 180w, /cdn/shop/files/mug.png?v=9&amp;width=300 300w"');
    expect(html).toContain('alt="it&#39;s a mug"');
    expect(escapeHtml('<&>')).toBe('&lt;&amp;&gt;');
  });

  it('refuses an unknown placeholder or a missing image', () => {
    expect(() => renderProductPage('{{NOPE}}', product, assets)).toThrow(/unknown placeholder/);
    expect(() => renderProductPage(template, { ...product, images: [{ file: 'x.png', alt: '' }] }, assets)).toThrow(/x\.png/);
  });

  it('gives each coding of a page a strong cacheable:<md5> tag of its bytes', () => {
    const page = storePage('<p>hello</p>'.repeat(50));
    const br = page.body.get('br');
    expect(zlib.brotliDecompressSync(br).toString()).toBe('<p>hello</p>'.repeat(50));
    expect(page.etag('br')).toBe(`"cacheable:${createHash('md5').update(br).digest('hex')}"`);
    expect(page.etag('identity')).toBe(cacheableEtag(page.body.identity));
    expect(page.etag('gzip')).not.toBe(page.etag('br'));
    expect(storePage('<p>other</p>').etag('br')).not.toBe(page.etag('br'));
  });
});
