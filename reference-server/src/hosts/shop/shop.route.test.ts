import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import sharp from 'sharp';
import { decodedBody, headerLines, PROTOCOLS, requestH1, startTestServer, type TestResponse, type TestServer } from '../../http/test-server';
import { defaultHostContext } from '../context';
import { signedFontUrl } from './font-signing';
import { ImageVariants } from './image-variants';
import { createShopApp } from '.';

const HOST = 'shop.store.test';
const ctx = defaultHostContext();
const SHOP = path.join(ctx.contentRoot, 'shop');
const BROWSER_AE = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const IMG_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
const PRODUCT = '/products/ceramic-pour-over-set';
const variants = new ImageVariants();
let server: TestServer;
let page: string;

beforeAll(async () => {
  server = await startTestServer(createShopApp(ctx, { variants }));
  page = decodedBody(await requestH1(server, { host: HOST, path: PRODUCT, headers: BROWSER_AE })).toString();
});
afterAll(() => server.close());

/** Every address of one kind the product page references, as written (HTML entities decoded). */
function refs(pattern: RegExp): string[] {
  return [...page.matchAll(pattern)].map((m) => m[1].replace(/&amp;/g, '&'));
}

describe.each(PROTOCOLS)('over %s', (_name, request) => {
  const get = (p: string, headers: Record<string, string> = BROWSER_AE, method = 'GET') => request(server, { host: HOST, path: p, headers, method });

  describe('GET /products/<handle>', () => {
    it('serves the product page in brotli with the storefront headers', async () => {
      const res = await get(`${PRODUCT}?utm_source=newsletter&utm_medium=email&utm_campaign=spring`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.etag).toMatch(/^"cacheable:[0-9a-f]{32}"$/);
      expect(res.headers['content-language']).toBe('en');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['content-security-policy']).toBe("block-all-mixed-content; frame-ancestors 'none'; upgrade-insecure-requests;");
      expect(res.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      const html = zlib.brotliDecompressSync(res.body).toString();
      expect(html).toContain('<h1 class="product__title">Ceramic Pour-Over Set</h1>');
      expect(html).toBe(page);
    });

    it('derives the ETag from the bytes sent, per coding', async () => {
      const br = await get(PRODUCT);
      expect(br.headers.etag).toBe(`"cacheable:${createHash('md5').update(br.body).digest('hex')}"`);
      const gz = await get(PRODUCT, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.headers.etag).toBe(`"cacheable:${createHash('md5').update(gz.body).digest('hex')}"`);
      const id = await get(PRODUCT, {});
      expect(id.headers['content-encoding']).toBeUndefined();
      expect(id.body.toString()).toBe(page);
      expect(new Set([br.headers.etag, gz.headers.etag, id.headers.etag]).size).toBe(3);
      const other = await get('/products/linen-apron');
      expect(other.headers.etag).not.toBe(br.headers.etag);
      expect((await get(PRODUCT)).headers.etag).toBe(br.headers.etag);
    });

    it('sets every cookie of the description, and clears _shopify_y and _shopify_s', async () => {
      const before = Date.now();
      const res = await get(PRODUCT);
      const lines = headerLines(res, 'set-cookie');
      const date = Date.parse(res.headers.date as string);
      const expiry = (line: string) => Date.parse(/expires=([^;]+)/.exec(line)![1]) - date;
      const named = (n: string) => lines.find((l) => l.startsWith(`${n}=`))!;
      expect(lines).toHaveLength(7);
      expect(named('keep_alive')).toMatch(/^keep_alive=[0-9a-f-]{36}; path=\/; expires=[^;]+; HttpOnly; SameSite=Lax$/);
      expect(Math.abs(expiry(named('keep_alive')) - 30 * 60e3)).toBeLessThan(2000);
      expect(named('secure_customer_sig')).toMatch(/^secure_customer_sig=; path=\/; expires=[^;]+; secure; HttpOnly; SameSite=Lax$/);
      expect(Math.abs(expiry(named('secure_customer_sig')) - 365 * 86400e3)).toBeLessThan(2000);
      expect(named('localization')).toMatch(/^localization=US; path=\/; expires=[^;]+; SameSite=Lax$/);
      expect(named('_tracking_consent')).toMatch(/^_tracking_consent=%7B[^;]+; Domain=store\.test; path=\/; expires=[^;]+; SameSite=Lax$/);
      expect(Math.abs(expiry(named('_tracking_consent')) - 365 * 86400e3)).toBeLessThan(2000);
      expect(Math.abs(expiry(named('_cmp_a')) - 86400e3)).toBeLessThan(2000);
      for (const n of ['_shopify_y', '_shopify_s']) {
        expect(named(n)).toMatch(new RegExp(`^${n}=; Domain=store\\.test; path=/; expires=([^;]+); Max-Age=0$`));
        expect(Date.parse(/expires=([^;]+)/.exec(named(n))![1])).toBeLessThan(before);
      }
    });

    it('answers If-None-Match with 304 and no body', async () => {
      const first = await get(PRODUCT);
      const res = await get(PRODUCT, { ...BROWSER_AE, 'if-none-match': first.headers.etag as string });
      expect(res.status).toBe(304);
      expect(res.body.length).toBe(0);
      expect(res.headers.etag).toBe(first.headers.etag);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect((await get(PRODUCT, { ...BROWSER_AE, 'if-none-match': `W/${first.headers.etag}` })).status).toBe(304);
      expect((await get(PRODUCT, { ...BROWSER_AE, 'if-none-match': '"cacheable:00000000000000000000000000000000"' })).status).toBe(200);
    });

    it('answers an unknown handle with the 404 page', async () => {
      for (const p of ['/products/no-such-thing', '/products/', '/products/ceramic-pour-over-set/extra', '/collections/all', '/']) {
        const res = await get(p);
        expect([p, res.status]).toEqual([p, 404]);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(decodedBody(res).toString()).toContain('Page not found');
        expect(res.headers['set-cookie']).toBeUndefined();
        expect(res.headers.etag).toBeUndefined();
      }
    });

    it('answers HEAD like GET without a body', async () => {
      const g = await get(PRODUCT);
      const h = await get(PRODUCT, BROWSER_AE, 'HEAD');
      expect(h.status).toBe(200);
      expect(h.body.length).toBe(0);
      expect(h.headers['content-length']).toBe(g.headers['content-length']);
      expect(h.headers.etag).toBe(g.headers.etag);
      expect(headerLines(h, 'set-cookie')).toHaveLength(7);
    });
  });

  describe('theme assets, compiled script and platform script', () => {
    it('references each from the product page and serves it with the CDN headers', async () => {
      const css = refs(/href="(\/cdn\/shop\/t\/\d+\/assets\/[^"]+\.css\?v=\d+)"/g);
      const js = refs(/src="(\/cdn\/shop\/t\/\d+\/assets\/[^"]+\.js\?v=\d+)"/g);
      const compiled = refs(/src="(\/cdn\/shop\/t\/\d+\/compiled_assets\/scripts\.js\?\d+)"/g);
      expect([css.length, js.length, compiled.length]).toEqual([1, 1, 1]);
      for (const url of [...css, ...js, ...compiled]) {
        const res = await get(url);
        expect([url, res.status]).toEqual([url, 200]);
        expect(res.headers['content-type']).toBe(url.includes('.css') ? 'text/css' : 'application/javascript');
        expect(res.headers['content-encoding']).toBe('br');
        expect(res.headers['cache-control']).toBe('public, max-age=31557600');
        expect(res.headers['content-security-policy']).toBe(
          'sandbox allow-scripts allow-forms allow-modals allow-popups allow-downloads allow-top-navigation-by-user-activation',
        );
        expect(res.headers.link).toBe(`<https://shop.store.test${url}>; rel="canonical"`);
        expect(res.headers['timing-allow-origin']).toBe('*');
        expect(res.headers['access-control-allow-origin']).toBe('*');
        expect(res.headers.vary).toBe('Accept-Encoding');
        const file = path.join(SHOP, 'theme', url.replace(/^\/cdn\/shop\/t\/\d+\//, '').split('?')[0]);
        expect(zlib.brotliDecompressSync(res.body)).toEqual(fs.readFileSync(file));
      }
    });

    it('accepts any v= value (or none) and answers the other codings', async () => {
      const css = refs(/href="(\/cdn\/shop\/t\/\d+\/assets\/base\.css)\?v=\d+"/g)[0];
      for (const q of ['', '?v=1', '?v=99999999999999']) expect((await get(css + q)).status).toBe(200);
      const gz = await get(css, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect((await get(css, {})).headers['content-encoding']).toBeUndefined();
    });

    it('serves the platform script under its SHA-256 with immutable caching', async () => {
      const [url] = refs(/src="(\/cdn\/[^"]+\/assets\/storefront\/features-[0-9a-f]{64}\.js)"/g);
      const res = await get(url);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31556952, immutable');
      expect(res.headers['content-type']).toBe('application/javascript');
      const body = decodedBody(res);
      expect(url).toContain(`features-${createHash('sha256').update(body).digest('hex')}.js`);
      expect((await get(url.replace(/[0-9a-f]{64}/, 'a'.repeat(64)))).status).toBe(404);
    });

    it('404s other themes and unknown assets', async () => {
      for (const p of [
        '/cdn/shop/t/1/assets/base.css',
        '/cdn/shop/t/137296035934/assets/nope.css',
        '/cdn/shop/t/137296035934/assets/../../../../products/linen-apron',
      ]) {
        expect([p, (await get(p)).status]).toEqual([p, 404]);
      }
    });
  });

  describe('fonts', () => {
    it('serves the signed font the page references', async () => {
      const urls = [...page.matchAll(/url\("(\/cdn\/fonts\/[^"]+)"\)/g)].map((m) => m[1]);
      expect(urls).toHaveLength(1);
      expect(urls[0]).not.toContain('&amp;'); // a <style> element decodes no entities
      expect(urls[0]).toMatch(/^\/cdn\/fonts\/[a-z_]+\/[a-z0-9_]+\.woff2\?h1=[A-Za-z0-9_-]+&h2=[A-Za-z0-9_-]+&hmac=[0-9a-f]{64}$/);
      expect(page).toContain(`<link rel="preload" as="font" href="${urls[0].replace(/&/g, '&amp;')}"`);
      const res = await get(urls[0]);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('font/woff2');
      expect(res.headers['cache-control']).toBe('max-age=2629800, immutable');
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body.subarray(0, 4).toString('latin1')).toBe('wOF2');
      expect(res.body).toEqual(fs.readFileSync(path.join(SHOP, 'fonts/lessons_sans/lessons_sans_n4.woff2')));
      const head = await get(urls[0], {}, 'HEAD');
      expect([head.status, head.body.length, head.headers['content-length']]).toEqual([200, 0, String(res.body.length)]);
    });

    it('refuses a missing or wrong hmac with 403', async () => {
      const [url] = refs(/url\("(\/cdn\/fonts\/[^"]+)"\)/g);
      const mac = /hmac=([0-9a-f]{64})/.exec(url)![1];
      for (const bad of [
        url.split('?')[0],
        url.replace(/&hmac=[0-9a-f]+/, ''),
        url.replace(mac, (mac[0] === 'a' ? 'b' : 'a') + mac.slice(1)),
        url.replace(mac, mac.slice(0, 40)),
        url.replace(/h1=[^&]+/, 'h1=ZXZpbC50ZXN0'),
        url.replace('lessons_sans_n4', 'lessons_sans_n7'),
      ]) {
        const res = await get(bad);
        expect([bad, res.status]).toEqual([bad, 403]);
        expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      }
    });

    it('404s a correctly signed font that does not exist', async () => {
      expect((await get(signedFontUrl('/cdn/fonts/lessons_sans/missing.woff2', HOST, 'x.test'))).status).toBe(404);
    });
  });

  describe('images', () => {
    const imageUrl = () => refs(/src="(\/cdn\/shop\/files\/[^"]+\.png\?v=\d+&amp;width=\d+)"/g)[0];
    const original = fs.readFileSync(path.join(SHOP, 'files/ceramic-pour-over.png'));

    it('converts to AVIF when Accept allows, resized, describing the original', async () => {
      const url = imageUrl();
      expect(url).toMatch(/^\/cdn\/shop\/files\/ceramic-pour-over\.png\?v=\d+&width=360$/);
      const res = await get(url, { accept: IMG_ACCEPT, ...BROWSER_AE });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/avif');
      expect(res.headers['source-type']).toBe('image/png');
      expect(res.headers['source-length']).toBe(String(original.length));
      expect(res.headers.vary).toBe('Accept, Accept-Encoding');
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(res.body.subarray(4, 12).toString('latin1')).toBe('ftypavif');
      expect(await sharp(res.body).metadata()).toMatchObject({ width: 360, height: 360 });
    });

    it('falls back to WebP, then to the original PNG', async () => {
      const url = imageUrl().replace(/width=\d+/, 'width=200');
      const webp = await get(url, { accept: 'image/webp,*/*' });
      expect(webp.headers['content-type']).toBe('image/webp');
      expect(webp.body.subarray(8, 12).toString('latin1')).toBe('WEBP');
      expect(await sharp(webp.body).metadata()).toMatchObject({ format: 'webp', width: 200, height: 200 });
      const png = await get(url, { accept: '*/*' });
      expect(png.headers['content-type']).toBe('image/png');
      expect(await sharp(png.body).metadata()).toMatchObject({ format: 'png', width: 200 });
      const full = await get(url.replace(/&width=\d+/, ''), {});
      expect(full.body).toEqual(original);
      expect(full.headers['source-length']).toBe(String(original.length));
    });

    it('answers HEAD with the variant headers and no body', async () => {
      const res = await get(imageUrl(), { accept: IMG_ACCEPT }, 'HEAD');
      expect(res.status).toBe(200);
      expect(res.body.length).toBe(0);
      expect(res.headers['content-type']).toBe('image/avif');
      expect(Number(res.headers['content-length'])).toBeGreaterThan(0);
    });

    it.each(['0', '5761', '-5', 'abc', '1.5', '', '1e3', '999999999999999999999', '10&width=20'])('width=%s -> 400', async (w) => {
      const res = await get(`/cdn/shop/files/linen-apron.png?v=1&width=${w}`, { accept: IMG_ACCEPT });
      expect(res.status).toBe(400);
      expect(res.body.toString()).toMatch(/^Bad Request: /);
    });

    it('refuses a non-digit v and 404s non-PNG or unknown names', async () => {
      expect((await get('/cdn/shop/files/linen-apron.png?v=abc&width=10')).status).toBe(400);
      for (const p of [
        '/cdn/shop/files/linen-apron.jpg?width=10',
        '/cdn/shop/files/linen-apron.gif',
        '/cdn/shop/files/missing.png?width=10',
        '/cdn/shop/files/',
        '/cdn/shop/files/x/linen-apron.png',
      ]) {
        const res = await get(p, { accept: IMG_ACCEPT });
        expect([p, res.status]).toEqual([p, 404]);
      }
    });
  });

  describe('methods and bad input', () => {
    it.each(['POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'])('%s -> 405 with Allow', async (method) => {
      const res = await get(PRODUCT, {}, method);
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
    });

    it('answers a malformed percent-encoding with 400', async () => {
      expect((await get('/products/%zz')).status).toBe(400);
    });
  });
});

describe('image variant cache', () => {
  it('encodes a variant once, however many clients ask at the same time', async () => {
    const url = '/cdn/shop/files/walnut-serving-board.png?v=7&width=321';
    const before = variants.stats().encodes;
    const all = await Promise.all(Array.from({ length: 8 }, () => requestH1(server, { host: HOST, path: url, headers: { accept: IMG_ACCEPT } })));
    expect(all.every((r) => r.status === 200 && r.headers['content-type'] === 'image/avif')).toBe(true);
    expect(new Set(all.map((r) => r.body.toString('base64'))).size).toBe(1);
    expect(variants.stats().encodes).toBe(before + 1);
    await requestH1(server, { host: HOST, path: url, headers: { accept: IMG_ACCEPT } });
    expect(variants.stats().encodes).toBe(before + 1);
  });

  it('keys variants by the file, not by v=: a client inventing v= values gets the cached variant, no encode each', async () => {
    const first = await requestH1(server, { host: HOST, path: '/cdn/shop/files/linen-apron.png?v=1&width=123', headers: { accept: IMG_ACCEPT } });
    const before = variants.stats().encodes;
    for (const v of ['2', '31', '4159265358979']) {
      const res = await requestH1(server, { host: HOST, path: `/cdn/shop/files/linen-apron.png?v=${v}&width=123`, headers: { accept: IMG_ACCEPT } });
      expect([res.status, res.body.equals(first.body)]).toEqual([200, true]);
    }
    expect(variants.stats().encodes).toBe(before);
  });

  it.each(['abc', '12a', '1'.repeat(21), ''])('refuses v=%p: only digits, as the description shows', async (v) => {
    const res = await requestH1(server, { host: HOST, path: `/cdn/shop/files/linen-apron.png?v=${v}&width=123`, headers: { accept: IMG_ACCEPT } });
    expect(res.status).toBe(400);
  });
});

describe('every image the page references', () => {
  it('loads, at every srcset width', async () => {
    const srcsets = [...page.matchAll(/srcset="([^"]+)"/g)].flatMap((m) => m[1].split(', ').map((s) => s.split(' ')[0].replace(/&amp;/g, '&')));
    expect(srcsets.length).toBeGreaterThanOrEqual(6);
    const results: TestResponse[] = await Promise.all(srcsets.map((u) => requestH1(server, { host: HOST, path: u, headers: { accept: IMG_ACCEPT } })));
    expect(results.map((r) => r.status)).toEqual(srcsets.map(() => 200));
  });
});
