import { request } from 'undici';
import { parseSetCookieLine } from '../../../spec-model/observe';
import { type TargetMap } from '../../../target-map';
import { createDispatcher } from '../../../target-map/dispatcher';
import type { ObservedResource } from '../resources';
import { FlowSession, type BrowserFlow } from '../session';
import { checkDiscoverable } from '../discoverable';

/** Cookies a returning visitor holds that the product page must expire. */
const EXPIRED = ['_shopify_y', '_shopify_s'];

/**
 * Where the page's answer clears each cookie: `.domain` for a Domain attribute (a "domain-wide"
 * cookie), the host itself (host-only) otherwise. Asked once outside the browser (its cache and
 * jar stay untouched), reading the header section only, within `timeoutMs`; seeding there is what
 * makes "expired" mean something. An answer that does not come seeds host-only cookies.
 */
async function clearedOn(map: TargetMap, url: string, names: readonly string[], timeoutMs: number): Promise<Map<string, string>> {
  const host = new URL(url).hostname;
  const dispatcher = createDispatcher(map, { allowH2: false });
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    const res = await request(url, { dispatcher, headers: { accept: 'text/html' }, headersTimeout: timeoutMs, signal: abort.signal });
    clearTimeout(timer);
    res.body.on('error', () => undefined);
    res.body.destroy();
    const raw = res.headers['set-cookie'];
    const cookies = (Array.isArray(raw) ? raw : raw ? [raw] : []).map(parseSetCookieLine);
    return new Map(
      names.map((name) => {
        const domain = cookies.find((c) => c.name === name)?.domain;
        return [name, domain ? `.${domain.replace(/^\./, '')}` : host];
      }),
    );
  } catch {
    return new Map(names.map((name) => [name, host]));
  } finally {
    clearTimeout(timer);
    await dispatcher.destroy().catch(() => undefined);
  }
}

export const shopProduct: BrowserFlow = {
  id: 'shop/browser/product',
  role: 'shop',
  title: 'Storefront product page in Chromium: every sub-resource loads, images arrive as AVIF, cookies set and two expired',
  clause:
    'Storefront host: GET /products/<product handle>; Storefront assets: image "when the request Accept includes image/avif the response content-type is image/avif; headers source-type"',
  requires: ['shop'],
  values: ['PRODUCT_HANDLE'],
  har: 'shop-product',
  async run(s) {
    const shop = s.origin('shop');
    const host = new URL(shop).hostname;
    // The description names no product: the target's own handle (TARGET_VALUE_PRODUCT_HANDLE).
    const path = `/products/${s.env.values['{value:PRODUCT_HANDLE}']}`;
    // A returning visitor holds two cookies the page must expire: seeded where the target's own answer clears them.
    const domains = await clearedOn(s.env.map, `${shop}${path}`, EXPIRED, Math.min(5000, s.env.timeouts.navigationMs / 3));
    const tomorrow = Math.floor(Date.now() / 1000) + 86400;
    const seeded = EXPIRED.map((name) => ({
      name,
      value: 'returning-visitor',
      domain: domains.get(name) ?? host,
      path: '/',
      expires: tomorrow,
      secure: true,
      sameSite: 'Lax' as const,
    }));
    await s.context.addCookies(seeded);
    s.findings.compare(
      `${s.id} seeded`,
      true,
      'returning-visitor cookies seeded where the page clears them',
      seeded.map((c) => `${c.name} on ${c.domain}`).join(', '),
      { source: 'reference', message: 'set-up of the flow, not an expectation' },
    );
    const doc = await s.goto(`${shop}${path}`);
    const date = await FlowSession.dateOf(doc);
    const observedDoc = await FlowSession.observe(doc);
    s.checkResource(observedDoc);
    await s.settle();
    await checkDiscoverable(s);
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
      const id = `${s.id} ${s.label(img.url)} accept`;
      const what = ['Chromium offers image/avif', accept || '(no Accept)'] as const;
      if (accept.includes('image/avif')) s.findings.compare(id, true, ...what, { message: 'the AVIF expectation applies' });
      else s.findings.add(id, 'skip', ...what, { message: 'this browser does not offer AVIF: the AVIF expectation does not apply' });
    }
    const broken = await s.page.evaluate(() =>
      Array.from(document.images)
        .filter((i) => !i.complete || i.naturalWidth === 0)
        .map((i) => i.currentSrc || i.src),
    );
    s.findings.compare(
      `${s.id} images decoded`,
      broken.length === 0,
      'every <img> decoded by the browser',
      broken.length ? `not decoded: ${broken.join(', ')}` : 'all decoded',
    );
    s.checkConsole(['site']);
    await s.checkCookies({ role: 'shop', method: 'GET', url: new URL(observedDoc.url), headers: observedDoc.requestHeaders }, date, {
      ...(observedDoc.status !== undefined ? { status: observedDoc.status } : {}),
    });
  },
};
