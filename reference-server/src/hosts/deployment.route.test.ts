import * as http from 'node:http';
import * as zlib from 'node:zlib';
import { useReference } from '../testing/reference';
import { edgePortFor } from '../server';
import { ALT_DEPLOYMENT, deploymentByName, pkiNames, REFERENCE_DEPLOYMENT, roleNames } from './deployment';

/*
 * The second deployment keeps every stated fact and chooses differently wherever the description
 * is silent; the reference deployment keeps its own choices. Both are started here side by side.
 */
const alt = useReference({ deployment: 'alt' });
const ref = useReference();

const gunzip = (b: Buffer) => zlib.gunzipSync(b).toString('utf8');
const lines = (res: { lines: Array<[string, string]> }, name: string) => res.lines.filter(([n]) => n === name).map(([, v]) => v);
const cookies = (res: { lines: Array<[string, string]> }) => lines(res, 'set-cookie');
const HOME = { host: 'www.lessons.test', path: '/', headers: { 'accept-encoding': 'gzip' } };

test('profiles by name', () => {
  expect(deploymentByName('alt')).toBe(ALT_DEPLOYMENT);
  expect(deploymentByName('reference')).toBe(REFERENCE_DEPLOYMENT);
  expect(deploymentByName('toString')).toBeUndefined();
});

test('{section}: content, linked by the home page; the reference keeps static', async () => {
  expect(alt.ref().context.section).toBe('content');
  expect(ref.ref().context.section).toBe('static');
  const home = gunzip((await alt.request(HOME)).body);
  expect(home).toContain('/content/css/');
  expect(home).not.toContain('/static/css/');
  expect((await alt.request({ host: 'www.lessons.test', path: '/content/css/portal.css' })).status).toBe(200);
});

test("its own names: files, media, products, theme, platform script, fonts, images, directory and beacon; the reference's names are 404 (403 for a font signed with the reference's secret)", async () => {
  const home = gunzip((await alt.request(HOME)).body);
  for (const own of [
    '/content/css/portal.css?lw=',
    '/content/js/portal.js?lw=',
    '/content/img/brand-mark.png',
    '/-/media/Sites/Portal/icons/find.svg?rev=0f1e2d3c4b5a69788796a5b4c3d2e1f0',
    '/px.gif',
  ])
    expect(home).toContain(own);
  for (const theirs of ['main.css', 'logo.png', 'Project/Lessons', '43b14fb918c28f96ab445eb0bf3f4b49', '/t.gif']) expect(home).not.toContain(theirs);
  expect(home).toContain('/content/fonts/portal-glyphs.woff2');
  const status = async (host: string, p: string, d = alt) => (await d.request({ host, path: p })).status;
  const pairs: Array<[string, string, string, number]> = [
    ['www.lessons.test', '/content/img/brand-mark.png', '/content/img/logo.png', 404],
    ['www.lessons.test', '/content/fonts/portal-glyphs.woff2', '/content/fonts/lessons-icons.woff2', 404],
    ['media.lessons.test', '/-/media/Sites/Portal/icons/find.svg', '/-/media/Project/Lessons/icons/search.svg', 404],
    ['shop.store.test', '/products/flax-apron', '/products/linen-apron', 404],
    ['shop.store.test', '/cdn/shop/t/149911223344/assets/theme.css', '/cdn/shop/t/137296035934/assets/base.css', 404],
    ['shop.store.test', '/cdn/shop/files/flax-apron.png?width=10', '/cdn/shop/files/linen-apron.png?width=10', 404],
    ['go.redirect.test', '/journal/', '/blog/', 404],
    ['analytics.beacon.test', '/px.gif?a=1&b=G-1&c=page_view&d=%2F&e=1&f=1&g=en&h=1x1', '/t.gif?a=1&b=G-1&c=page_view&d=%2F&e=1&f=1&g=en&h=1x1', 404],
  ];
  for (const [host, own, theirs, refused] of pairs) {
    expect([host, own, await status(host, own)]).toEqual([host, own, 200]);
    expect([host, theirs, await status(host, theirs)]).toEqual([host, theirs, refused]);
    const atRef = theirs.replace('/content/', '/static/');
    expect([host, atRef, await status(host, atRef, ref)]).toEqual([host, atRef, 200]);
  }
  const product = (await alt.request({ host: 'shop.store.test', path: '/products/flax-apron', headers: { 'accept-encoding': 'identity' } })).body.toString(
    'utf8',
  );
  const font = /\/cdn\/fonts\/portal_serif\/portal_serif_n4\.woff2\?h1=[^"&]+&amp;h2=[^"&]+&amp;hmac=[0-9a-f]{64}/.exec(product)?.[0].replace(/&amp;/g, '&');
  expect(font).toBeDefined();
  expect(await status('shop.store.test', font!)).toBe(200);
  const refFont = /\/cdn\/fonts\/lessons_sans\/lessons_sans_n4\.woff2\?[^"]+/
    .exec((await ref.request({ host: 'shop.store.test', path: '/products/linen-apron', headers: { 'accept-encoding': 'identity' } })).body.toString('utf8'))![0]
    .replace(/&amp;/g, '&');
  expect(await status('shop.store.test', refFont.replace('lessons_sans/lessons_sans_n4', 'portal_serif/portal_serif_n4'))).toBe(403);
});

test('a trace header, new on every request, on every role and port (none in the reference)', async () => {
  const ids: string[] = [];
  for (const host of [
    'www.lessons.test',
    'lessons.test',
    'media.lessons.test',
    'maintenance.lessons.test',
    'shop.store.test',
    'go.redirect.test',
    'analytics.beacon.test',
    'r10.o.pki.test',
  ]) {
    const res = await alt.request({ host, path: '/' });
    expect([host, lines(res, 'x-trace-id')[0]]).toEqual([host, expect.stringMatching(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/)]);
    ids.push(lines(res, 'x-trace-id')[0]);
  }
  expect(new Set(ids).size).toBe(ids.length);
  const plain = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http.get({ host: '127.0.0.1', port: alt.ref().httpPort, path: '/', headers: { host: 'r10.o.pki.test' } }, resolve).on('error', reject);
  });
  plain.resume();
  expect(plain.headers['x-trace-id']).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
  expect(lines(await ref.request(HOME), 'x-trace-id')).toEqual([]);
});

test('asset host: RFC 9211 Cache-Status (miss, then hit) and x-amzn-trace-id instead of x-cache and x-azure-ref', async () => {
  const path = '/-/media/Sites/Portal/icons/bookmark.svg?rev=0f1e2d3c4b5a69788796a5b4c3d2e1f0';
  const first = await alt.request({ host: 'media.lessons.test', path });
  const second = await alt.request({ host: 'media.lessons.test', path });
  expect(lines(first, 'cache-status')).toEqual(['"media-edge"; fwd=uri-miss']);
  expect(lines(second, 'cache-status')).toEqual(['"media-edge"; hit']);
  expect(lines(first, 'x-amzn-trace-id')[0]).toMatch(/^Root=1-[0-9a-f]{8}-[0-9a-f]{24}$/);
  expect(lines(first, 'x-amzn-trace-id')[0]).not.toBe(lines(second, 'x-amzn-trace-id')[0]);
  expect(lines(first, 'x-cache')).toEqual([]);
  expect(lines(first, 'x-azure-ref')).toEqual([]);
  // Spelt as an edge that rewrites fields does: the same values by their grammar.
  expect([lines(first, 'vary'), lines(first, 'cache-control'), lines(first, 'content-disposition')]).toEqual([
    ['accept-encoding'],
    ['max-age=604800,public'],
    ['inline; filename="bookmark.svg"'],
  ]);
  const r = await ref.request({ host: 'media.lessons.test', path: '/-/media/Project/Lessons/icons/search.svg' });
  expect([lines(r, 'vary'), lines(r, 'cache-control'), lines(r, 'content-disposition')]).toEqual([
    ['Accept-Encoding'],
    ['public, max-age=604800'],
    ['inline; filename=search.svg'],
  ]);
  expect(lines(r, 'x-cache')[0]).toMatch(/^TCP_(MISS|HIT)$/);
  expect(lines(r, 'cache-status')).toEqual([]);
});

test.each([
  ['home page', { host: 'www.lessons.test', path: '/' }],
  ['lesson-plan lookup', { host: 'www.lessons.test', path: '/api/LessonPlan/GetPlanJson?guids=' }],
  ['visitor CSS', { host: 'www.lessons.test', path: '/layouts/system/VisitorIdentificationCSS.aspx?1712595292123' }],
  ['redirector page', { host: 'go.redirect.test', path: '/journal/' }],
  ['cf.errors.css', { host: 'go.redirect.test', path: '/cdn-cgi/styles/cf.errors.css' }],
])('no Vary on the dynamic %s (gzip all the same); the reference sends it', async (_n, req) => {
  const a = await alt.request({ ...req, headers: { 'accept-encoding': 'gzip' } });
  expect(a.headers['content-encoding']).toBe('gzip');
  expect(lines(a, 'vary')).toEqual([]);
  expect(lines(await ref.request({ ...req, headers: { 'accept-encoding': 'gzip' } }), 'vary')).toEqual(['Accept-Encoding']);
});

test('static files keep their stated Vary', async () => {
  const res = await alt.request({ host: 'www.lessons.test', path: '/content/css/portal.css', headers: { 'accept-encoding': 'gzip' } });
  expect(lines(res, 'vary')).toEqual(['Accept-Encoding']);
});

test('X-Frame-Options on the home page: one line "SAMEORIGIN, SAMEORIGIN" (the reference: two lines); other pages one SAMEORIGIN', async () => {
  expect(lines(await alt.request(HOME), 'x-frame-options')).toEqual(['SAMEORIGIN, SAMEORIGIN']);
  expect(lines(await ref.request(HOME), 'x-frame-options')).toEqual(['SAMEORIGIN', 'SAMEORIGIN']);
  expect(lines(await alt.request({ host: 'www.lessons.test', path: '/content/css/portal.css' }), 'x-frame-options')).toEqual(['SAMEORIGIN']);
});

test.each(['POST', 'PUT', 'DELETE'])('%s: the bare host redirects and the maintenance host refuses, as for GET (the reference: 405)', async (method) => {
  const bare = await alt.request({ host: 'lessons.test', path: '/', method, body: 'x' });
  expect(bare.status).toBe(301);
  expect(bare.headers.location).toBe(`https://www.lessons.test:${alt.ref().tlsPort}/`);
  const maintenance = await alt.request({ host: 'maintenance.lessons.test', path: '/$web/site-maintenance.html', method, body: 'x' });
  expect(maintenance.status).toBe(403);
  expect(maintenance.body.length).toBe(246);
  expect((await ref.request({ host: 'lessons.test', path: '/', method, body: 'x' })).status).toBe(405);
  expect((await ref.request({ host: 'maintenance.lessons.test', path: '/', method, body: 'x' })).status).toBe(405);
});

test('its own cookie names and values where the description is silent; the stated attributes kept', async () => {
  const set = cookies(await alt.request(HOME));
  const session = set.filter((l) => l.startsWith('AzureAppService_SessionId='));
  expect(session).toHaveLength(2);
  expect(session[0]).toMatch(/^AzureAppService_SessionId=[a-z0-9]{24}; path=\/; HttpOnly; SameSite=Lax$/);
  expect(session[1]).toBe(session[0]);
  expect(set.some((l) => l.startsWith('ASP.NET_SessionId='))).toBe(false);
  expect(set).toContain('sxa_site=Lessons Portal; path=/');
  const shop = cookies(await alt.request({ host: 'shop.store.test', path: '/products/flax-apron' }));
  expect(shop.find((l) => l.startsWith('localization='))).toMatch(/^localization=GB;/);
  expect(lines(await alt.request(HOME), 'request-context')[0]).toBe(`appId=${ALT_DEPLOYMENT.appId}`);
});

test('maintenance: x-request-id matching the body, another server value; body still 246 bytes', async () => {
  const res = await alt.request({ host: 'maintenance.lessons.test', path: '/$web/site-maintenance.html?aspxerrorpath=/x' });
  const id = lines(res, 'x-request-id')[0];
  expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  expect(res.body.toString('utf8')).toContain(`RequestId:${id}`);
  expect(res.body.length).toBe(246);
  expect(lines(res, 'server')).toEqual(['AzureBlobEdge/2.0']);
  expect(lines(res, 'x-ms-request-id')).toEqual([]);
});

test('lesson-plan errors and the 404 page are its own', async () => {
  const bad = await alt.request({ host: 'www.lessons.test', path: '/api/LessonPlan/GetPlanJson?guids=not-a-guid' });
  expect(bad.status).toBe(400);
  expect(JSON.parse(bad.body.toString('utf8'))).toEqual({ message: expect.any(String), invalid: 'not-a-guid' });
  const missing = await alt.request({ host: 'www.lessons.test', path: '/no-such-page' });
  expect(missing.status).toBe(404);
  expect(missing.body.toString('utf8')).toContain('There is no page at this address.');
});

test('storefront "domain-wide" cookies on the parent domain, in both deployments', async () => {
  for (const [r, handle] of [
    [alt, 'flax-apron'],
    [ref, 'linen-apron'],
  ] as const) {
    const set = cookies(await r.request({ host: 'shop.store.test', path: `/products/${handle}` }));
    for (const name of ['_tracking_consent', '_cmp_a', '_shopify_y', '_shopify_s'])
      expect(set.find((l) => l.startsWith(`${name}=`))).toContain('; Domain=store.test;');
  }
});

test("its own favicon-chain hops (relay., landing.), served with a certificate for their names; the reference's hop names are not its own (421)", async () => {
  const port = alt.ref().tlsPort;
  expect(alt.ref().urls.redirector).toEqual([
    `https://go.redirect.test:${port}`,
    `https://relay.redirect.test:${port}`,
    `https://landing.redirect.test:${port}`,
  ]);
  expect(ref.ref().urls.redirector.map((u) => new URL(u).hostname)).toEqual(['go.redirect.test', 'hop2.redirect.test', 'hop3.redirect.test']);
  const favicon = await alt.request({ host: 'go.redirect.test', path: '/favicon.ico' });
  expect([favicon.status, favicon.headers.location]).toEqual([301, `https://relay.redirect.test:${port}/`]);
  const second = await alt.request({ host: 'relay.redirect.test', path: '/' });
  expect([second.status, second.headers.location, second.body.length]).toEqual([301, `https://landing.redirect.test:${port}/`, 167]);
  expect((await alt.request({ host: 'landing.redirect.test', path: '/' })).status).toBe(200);
  expect((await alt.request({ host: 'hop2.redirect.test', path: '/' })).status).toBe(421);
  expect((await ref.request({ host: 'relay.redirect.test', path: '/' })).status).toBe(421);
  expect((await ref.request({ host: 'hop2.redirect.test', path: '/' })).headers.location).toBe(`https://hop3.redirect.test:${ref.ref().tlsPort}/`);
});

test('the redirecting host behind another edge: Server AkamaiGHost and X-Akamai-Request-ID instead of cloudflare and CF-RAY', async () => {
  for (const path of ['/favicon.ico', '/journal/', '/cdn-cgi/styles/cf.errors.css']) {
    const res = await alt.request({ host: 'go.redirect.test', path });
    expect([path, lines(res, 'server'), lines(res, 'cf-ray')]).toEqual([path, ['AkamaiGHost'], []]);
    expect(lines(res, 'x-akamai-request-id')[0]).toMatch(/^[0-9a-f]{8}$/);
  }
  const r = await ref.request({ host: 'go.redirect.test', path: '/favicon.ico' });
  expect(lines(r, 'server')).toEqual(['cloudflare']);
  expect(lines(r, 'cf-ray')[0]).toMatch(/^[0-9a-f]{16}-[A-Z]{3}$/);
  expect(lines(r, 'x-akamai-request-id')).toEqual([]);
});

test('storefront HSTS: max-age=63072000 with includeSubDomains and preload (the reference: includeSubDomains)', async () => {
  expect(lines(await alt.request({ host: 'shop.store.test', path: '/products/flax-apron' }), 'strict-transport-security')).toEqual([
    'max-age=63072000; includeSubDomains; preload',
  ]);
  expect(lines(await ref.request({ host: 'shop.store.test', path: '/products/linen-apron' }), 'strict-transport-security')).toEqual([
    'max-age=63072000; includeSubDomains',
  ]);
});

test('"10 years" is 3,653 days and "1 year" 365.25 days, the storefront\'s written as Max-Age alone (the reference: 10 x 365.25 and 365 days, as Expires)', async () => {
  // Days after Date, from Max-Age where the line has one, else from Expires.
  const days = (res: { lines: Array<[string, string]> }, name: string) => {
    const line = cookies(res).find((l) => l.startsWith(`${name}=`))!;
    const maxAge = /max-age=(\d+)/i.exec(line)?.[1];
    if (maxAge !== undefined) return Number(maxAge) / 86_400;
    const expires = /expires=([^;]+)/i.exec(line)![1];
    return (Date.parse(expires) - Date.parse(lines(res, 'date')[0])) / 86_400_000;
  };
  // Which attribute each storefront line carries: the two cleared cookies carry both, as stated.
  const written = (res: { lines: Array<[string, string]> }) =>
    cookies(res).map((l) => [/max-age=/i.test(l) ? 'Max-Age' : '', /expires=/i.test(l) ? 'Expires' : ''].filter(Boolean).join('+'));
  const both = ['Max-Age+Expires', 'Max-Age+Expires'];
  expect(written(await alt.request({ host: 'shop.store.test', path: '/products/flax-apron' }))).toEqual([...Array(5).fill('Max-Age'), ...both]);
  expect(written(await ref.request({ host: 'shop.store.test', path: '/products/linen-apron' }))).toEqual([...Array(5).fill('Expires'), ...both]);
  const near = (d: number) => Math.round(d * 1000) / 1000;
  expect(near(days(await alt.request(HOME), 'SC_ANALYTICS_GLOBAL_COOKIE'))).toBeCloseTo(3653, 1);
  expect(near(days(await ref.request(HOME), 'SC_ANALYTICS_GLOBAL_COOKIE'))).toBeCloseTo(3652.5, 1);
  const flip = {
    host: 'www.lessons.test',
    path: '/layouts/system/VisitorIdentificationCSS.aspx?1712595292123',
    headers: { cookie: `SC_ANALYTICS_GLOBAL_COOKIE=${'a'.repeat(32)}|False` },
  };
  expect(near(days(await alt.request(flip), 'SC_ANALYTICS_GLOBAL_COOKIE'))).toBeCloseTo(3653, 1);
  for (const name of ['secure_customer_sig', 'localization', '_tracking_consent']) {
    expect([name, near(days(await alt.request({ host: 'shop.store.test', path: '/products/flax-apron' }), name))]).toEqual([name, expect.closeTo(365.25, 1)]);
    expect([name, near(days(await ref.request({ host: 'shop.store.test', path: '/products/linen-apron' }), name))]).toEqual([name, expect.closeTo(365, 1)]);
  }
});

test('its fonts declared in an inline <style> of the home page, not in the linked stylesheet (no font preload either); the reference keeps them in the stylesheet', async () => {
  const home = gunzip((await alt.request(HOME)).body);
  const style = /<style>([\s\S]*?)<\/style>/.exec(home)?.[1] ?? '';
  expect(style).toContain('@font-face');
  expect(style).toContain('url("/content/fonts/portal-glyphs.woff2") format("woff2")');
  expect(style).toContain('url("/content/fonts/portal-glyphs.woff") format("woff")');
  expect(home).not.toContain('rel="preload"');
  const css = gunzip((await alt.request({ host: 'www.lessons.test', path: '/content/css/portal.css', headers: { 'accept-encoding': 'gzip' } })).body);
  expect(css).not.toContain('@font-face');
  expect(css).not.toContain('fonts/');
  expect((await alt.request({ host: 'www.lessons.test', path: '/content/fonts/portal-glyphs.woff' })).status).toBe(200);
  const refHome = gunzip((await ref.request(HOME)).body);
  expect(refHome).not.toContain('@font-face');
  expect(refHome).toContain('rel="preload" href="/static/fonts/lessons-icons.woff2"');
  const refCss = gunzip((await ref.request({ host: 'www.lessons.test', path: '/static/css/main.css', headers: { 'accept-encoding': 'gzip' } })).body);
  expect(refCss).toContain('url("../fonts/lessons-icons.woff2")');
});

test('its HTTP/3 edge: another default port (the TLS port + 2; the reference + 1), any free one with --port 0', () => {
  expect(edgePortFor({ port: 8443 }, 8443, ALT_DEPLOYMENT)).toBe(8445);
  expect(edgePortFor({ port: 8443 }, 8443, REFERENCE_DEPLOYMENT)).toBe(8444);
  expect(edgePortFor({ port: 0 }, 40123, ALT_DEPLOYMENT)).toBe(0);
  expect(edgePortFor({ port: 8443, h3Port: 9000 }, 8443, ALT_DEPLOYMENT)).toBe(9000);
  expect([ALT_DEPLOYMENT.h3.maxAgeSeconds, REFERENCE_DEPLOYMENT.h3.maxAgeSeconds]).toEqual([3600, 86400]);
});

test("the PKI holds every deployment's names, so deployments side by side share one root", () => {
  expect(pkiNames().redirector).toEqual(['go.redirect.test', 'hop2.redirect.test', 'hop3.redirect.test', 'relay.redirect.test', 'landing.redirect.test']);
  expect(alt.ref().rootPem).toBe(ref.ref().rootPem);
  expect(roleNames(ALT_DEPLOYMENT).site).toEqual(['www.lessons.test']);
});

test('its site CSP: script-src first, its own tag host, its own order; the same directives and the analytics host', async () => {
  const csp = (res: { lines: Array<[string, string]> }) => lines(res, 'content-security-policy')[0];
  const a = csp(await alt.request({ host: 'www.lessons.test', path: '/favicon.ico' }));
  const r = csp(await ref.request({ host: 'www.lessons.test', path: '/favicon.ico' }));
  expect(a).toMatch(/^script-src https:\/\/analytics\.beacon\.test(:\d+)? .*https:\/\/gtm\.portal-tags\.test(:\d+)? .*; default-src /);
  expect(r).toMatch(/^default-src .*; script-src .*https:\/\/tags\.beacon\.test(:\d+)? https:\/\/analytics\.beacon\.test/);
  expect(lines(await alt.request({ host: 'www.lessons.test', path: '/' }), 'request-context')[0]).toBe('appId=0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d');
});

test('its own file sizes where the description states none: the icon, the redirect bodies, the edge stylesheet', async () => {
  const size = async (d: typeof alt, host: string, p: string) => (await d.request({ host, path: p })).body.length;
  expect([await size(alt, 'www.lessons.test', '/favicon.ico'), await size(ref, 'www.lessons.test', '/favicon.ico')]).toEqual([125, 301]);
  const bare = await alt.request({ host: 'lessons.test', path: '/' });
  expect(bare.status).toBe(301);
  expect(bare.body.toString('utf8')).toMatch(/^<!doctype html><title>Moved<\/title>/);
  const malformed = await alt.request({
    host: 'www.lessons.test',
    path: '/%7Bhttps://media.lessons.test/-/media/Sites/Portal/icons/find.svg?rev=0f1e2d3c4b5a69788796a5b4c3d2e1f0}',
  });
  expect(malformed.status).toBe(302);
  expect(malformed.body.toString('utf8')).not.toContain('Object moved');
  expect(await size(alt, 'go.redirect.test', '/cdn-cgi/styles/cf.errors.css')).not.toBe(await size(ref, 'go.redirect.test', '/cdn-cgi/styles/cf.errors.css'));
});

test('storefront: its own unstated headers (no nosniff; X-Download-Options, CORP), Timing-Allow-Origin on theme assets only, a year of 365 days on images, a canonical on another host, a hex keep_alive', async () => {
  const product = await alt.request({ host: 'shop.store.test', path: '/products/flax-apron' });
  expect(lines(product, 'x-content-type-options')).toEqual([]);
  expect(lines(product, 'x-download-options')).toEqual(['noopen']);
  expect(lines(await ref.request({ host: 'shop.store.test', path: '/products/linen-apron' }), 'x-content-type-options')).toEqual(['nosniff']);
  expect(cookies(product).find((c) => c.startsWith('keep_alive='))).toMatch(/^keep_alive=[0-9a-f]{32};/);
  const html = (await alt.request({ host: 'shop.store.test', path: '/products/flax-apron', headers: { 'accept-encoding': 'identity' } })).body.toString('utf8');
  const css = /\/cdn\/shop\/t\/\d+\/assets\/theme\.css\?v=\d+/.exec(html)![0];
  const theme = await alt.request({ host: 'shop.store.test', path: css });
  expect(lines(theme, 'timing-allow-origin')).toEqual(['*']);
  expect(lines(theme, 'link')[0]).toMatch(/^<https:\/\/cdn\.portal-origin\.test\/cdn\/shop\/t\/\d+\/assets\/theme\.css\?v=\d+>; rel="canonical"$/);
  const image = await alt.request({ host: 'shop.store.test', path: '/cdn/shop/files/flax-apron.png?width=10' });
  expect(lines(image, 'cache-control')).toEqual(['public, max-age=31536000']);
  expect(lines(image, 'timing-allow-origin')).toEqual([]);
});

test("the favicon chain's arrival page without X-Frame-Options, and the hops' own edge headers", async () => {
  const arrival = await alt.request({ host: 'landing.redirect.test', path: '/' });
  expect(arrival.status).toBe(200);
  expect(lines(arrival, 'x-frame-options')).toEqual([]);
  expect(lines(arrival, 'x-content-type-options')).toEqual(['nosniff']);
  const hop = await alt.request({ host: 'go.redirect.test', path: '/favicon.ico' });
  expect([hop.status, lines(hop, 'referrer-policy')]).toEqual([301, ['strict-origin-when-cross-origin']]);
  expect(lines(await ref.request({ host: 'hop3.redirect.test', path: '/' }), 'x-frame-options')).toEqual(['SAMEORIGIN']);
});
