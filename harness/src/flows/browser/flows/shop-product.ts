import type { ObservedResource } from '../resources';
import { FlowSession, type BrowserFlow } from '../session';
import { SHOP_PRODUCT_COOKIES } from './description-cookies';

/** The description names no product: the reference's catalogue has this handle (HARNESS_SHOP_PRODUCT overrides). */
export const DEFAULT_PRODUCT_PATH = '/products/ceramic-pour-over-set';

export const shopProduct: BrowserFlow = {
  id: 'shop/browser/product',
  role: 'shop',
  title: 'Storefront product page in Chromium: every sub-resource loads, images arrive as AVIF, cookies set and two expired',
  clause: 'Storefront host: GET /products/<product handle>; Storefront assets: image "when the request Accept includes image/avif the response content-type is image/avif; headers source-type"',
  requires: ['shop'],
  har: 'shop-product',
  async run(s) {
    const shop = s.origin('shop');
    const host = new URL(shop).hostname;
    const path = process.env.HARNESS_SHOP_PRODUCT ?? s.env.index.specs.find((f) => f.role === 'shop')?.exchanges.find((x) => x.request.path.startsWith('/products/'))?.request.path.split('?')[0] ?? DEFAULT_PRODUCT_PATH;
    // Two cookies a returning visitor holds; the page must expire them (stored domain-wide, as the page's Domain= answer names them).
    const tomorrow = Math.floor(Date.now() / 1000) + 86400;
    await s.context.addCookies(['_shopify_y', '_shopify_s'].map((name) => ({ name, value: 'returning-visitor', domain: `.${host}`, path: '/', expires: tomorrow, secure: true, sameSite: 'Lax' as const })));
    const doc = await s.goto(`${shop}${path}`);
    const date = await FlowSession.dateOf(doc);
    const observedDoc = await FlowSession.observe(doc);
    s.checkResource(observedDoc);
    await s.settle();
    const resources = await s.checkResources(() => true);
    const p = (r: ObservedResource) => new URL(r.url).pathname;
    const images = resources.filter((r) => s.roleOf(r.url) === 'shop' && p(r).startsWith('/cdn/shop/files/'));
    s.requireLoaded(resources, [
      { what: 'theme stylesheet', test: (r) => r.resourceType === 'stylesheet' && p(r).startsWith('/cdn/shop/t/') },
      { what: 'theme or compiled script', test: (r) => r.resourceType === 'script' && p(r).startsWith('/cdn/shop/t/') },
      { what: 'platform script', test: (r) => r.resourceType === 'script' && /\/features-[0-9a-f]{64}\.js$/.test(p(r)) },
      { what: 'font', test: (r) => r.resourceType === 'font' },
      { what: 'product image', test: (r) => images.includes(r) },
    ]);
    for (const img of images) {
      const accept = img.requestHeaders.accept ?? '';
      s.findings.add(`${s.id} ${s.label(img.url)} accept`, accept.includes('image/avif') ? 'pass' : 'skip', 'Chromium offers image/avif', accept || '(no Accept)', {
        message: accept.includes('image/avif') ? 'the AVIF expectation applies' : 'this browser does not offer AVIF: the AVIF expectation does not apply',
      });
    }
    const broken = await s.page.evaluate(() => Array.from(document.images).filter((i) => !i.complete || i.naturalWidth === 0).map((i) => i.currentSrc || i.src));
    s.findings.compare(`${s.id} images decoded`, broken.length === 0, 'every <img> decoded by the browser', broken.length ? `not decoded: ${broken.join(', ')}` : 'all decoded');
    s.checkConsole(['site']);
    await s.checkCookies({ role: 'shop', method: 'GET', url: new URL(observedDoc.url), headers: observedDoc.requestHeaders }, date, {
      from: 'description: Storefront host, GET /products/<product handle>',
      clause: 'Storefront host: GET /products/<product handle> -> sets cookies keep_alive, secure_customer_sig, localization, _tracking_consent, _cmp_a; expires _shopify_y and _shopify_s',
      cookies: SHOP_PRODUCT_COOKIES,
    });
  },
};
