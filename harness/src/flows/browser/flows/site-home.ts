import type { ObservedResource } from '../resources';
import { FlowSession, type BrowserFlow } from '../session';
import { checkDiscoverable } from '../discoverable';

/**
 * Chromium fetches a page's icon itself, but Playwright leaves requests for `/favicon.ico` out of
 * its events: the flow fetches the icon the page declares (`<link rel=icon>`) from the page, with
 * the site's own cache-busting query (`?lw=<yyMMddTHHmm>`, Versioning 1) and bypassing the cache,
 * so its answer is observed and checked like any other sub-resource.
 */
export async function loadDeclaredIcon(s: FlowSession): Promise<string | undefined> {
  const now = new Date();
  const two = (n: number) => String(n).padStart(2, '0');
  const lw = `${two(now.getUTCFullYear() % 100)}${two(now.getUTCMonth() + 1)}${two(now.getUTCDate())}T${two(now.getUTCHours())}${two(now.getUTCMinutes())}`;
  // No named functions inside: the page gets this function's source as it is (tsx would add helpers).
  return s.page.evaluate(
    async ({ waitMs, lw }) => {
      const link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
      if (!link) return undefined;
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), waitMs);
      const url = new URL(link.href);
      url.searchParams.set('lw', lw);
      await fetch(url.href, { cache: 'no-store', signal: controller.signal })
        .then((r) => r.arrayBuffer())
        .catch(() => undefined);
      clearTimeout(timer);
      return link.href;
    },
    { waitMs: s.env.timeouts.responseMs, lw },
  );
}

export const siteHome: BrowserFlow = {
  id: 'site/browser/home',
  role: 'site',
  title: 'Home page in Chromium: every sub-resource answered 2xx with its type and coding, no console errors, cookies as stored',
  clause:
    'What the service does 1, 3, 8; Static files on {base_url}; Media files on {asset_url}; Third-party beacons called by the site; Cookies set by {base_url}',
  requires: ['site'],
  har: 'site-home',
  async run(s) {
    const doc = await s.goto(`${s.origin('site')}/`);
    const date = await FlowSession.dateOf(doc);
    const observedDoc = await FlowSession.observe(doc);
    s.checkResource(observedDoc);
    await s.settle();
    const icon = await loadDeclaredIcon(s);
    s.findings.compare(`${s.id} declares an icon`, icon !== undefined, '<link rel="icon">', icon ?? '(none)', {
      clause: 'Static files on {base_url}: icon /favicon.ico',
    });
    await s.settle();
    await checkDiscoverable(s);
    const resources = await s.checkResources(() => true);
    const on = (r: ObservedResource, role: string) => s.roleOf(r.url) === role;
    const path = (r: ObservedResource) => new URL(r.url).pathname;
    s.requireLoaded(resources, [
      { what: 'stylesheet from the site', test: (r) => on(r, 'site') && r.resourceType === 'stylesheet' },
      { what: 'script from the site', test: (r) => on(r, 'site') && r.resourceType === 'script' },
      { what: 'image from the site', test: (r) => on(r, 'site') && /\.(png|gif|svg)$/.test(path(r)) },
      { what: 'font from the site', test: (r) => on(r, 'site') && r.resourceType === 'font' },
      { what: 'favicon', test: (r) => on(r, 'site') && path(r) === '/favicon.ico' },
      { what: 'media SVG from the asset host', test: (r) => on(r, 'assets') && path(r).endsWith('.svg') },
      { what: 'analytics collect beacon (POST)', test: (r) => on(r, 'analytics') && r.method === 'POST' },
      { what: 'analytics tracking pixel', test: (r) => on(r, 'analytics') && r.method === 'GET' },
    ]);
    s.checkConsole(['site']);
    await s.checkCookies({ role: 'site', method: 'GET', url: new URL(observedDoc.url), headers: observedDoc.requestHeaders }, date, {
      ...(observedDoc.status !== undefined ? { status: observedDoc.status } : {}),
    });
  },
};
