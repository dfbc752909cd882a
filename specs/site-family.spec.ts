import { expect, test } from '@playwright/test';
import { header, values, type ObservedResponse } from '../harness/src/transport/send';
import { closeAgents, cookies, decoded, originOf, PROTOCOLS, request, requireRole, target } from './support/target';

/*
 * Every route of the site family (site, bare, assets, maintenance) of the service description,
 * over HTTP/1.1 and HTTP/2, through the target mapping. Paths of static files are taken from the
 * target's own home page, so any target that serves the described page can be checked.
 */

const HTTP_DATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;
const HEX32 = '[0-9a-fA-F]{32}';

const SECURITY_HEADERS: Array<[string, RegExp]> = [
  ['strict-transport-security', /^max-age=31536000; includeSubDomains; preload$/],
  ['x-xss-protection', /^1; mode=block$/],
  ['x-content-type-options', /^nosniff$/],
  ['referrer-policy', /^no-referrer-when-downgrade$/],
  ['content-security-policy', /default-src/],
  ['feature-policy', /microphone 'none'.*midi 'none'.*camera 'none'.*magnetometer 'none'.*gyroscope 'none'.*payment 'none'/],
  ['permissions-policy', /microphone=\(\).*midi=\(\).*camera=\(\).*magnetometer=\(\).*gyroscope=\(\).*payment=\(\)/],
  ['request-context', /^appId=.+/],
];

function expectSecurityHeaders(res: ObservedResponse): void {
  for (const [name, shape] of SECURITY_HEADERS) expect(header(res, name), name).toMatch(shape);
  expect(header(res, 'x-frame-options'), 'x-frame-options').toMatch(/^SAMEORIGIN(, SAMEORIGIN)*$/);
}

const BROWSER_HEADERS = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, deflate, br' };

async function homePage(protocol: 'h1' | 'h2'): Promise<{ res: ObservedResponse; html: string }> {
  const res = await request(protocol, { url: `${originOf('site')}/`, headers: BROWSER_HEADERS });
  return { res, html: decoded(res).toString('utf8') };
}

/** References in an HTML page (src/href) or a stylesheet (url()), resolved against where they came from. */
function references(text: string, base: string): URL[] {
  const refs = [...text.matchAll(/(?:src|href)\s*=\s*"([^"]+)"|url\(\s*['"]?([^'")]+)['"]?\s*\)/g)].map((m) => (m[1] ?? m[2]).replace(/&amp;/g, '&'));
  return refs.flatMap((r) => {
    try {
      return [new URL(r, base)];
    } catch {
      return [];
    }
  });
}

/** Static paths under /{section}/ on the site that the page and its stylesheet reference, by kind. */
function staticPaths(html: string, css: string, cssUrl: string, section: string): Record<string, string[]> {
  const site = originOf('site');
  const found = new Set<string>();
  for (const url of [...references(html, `${site}/`), ...references(css, cssUrl)]) {
    if (url.origin === site && url.pathname.startsWith(`/${section}/`)) found.add(url.pathname + url.search);
  }
  const byExt = (ext: RegExp) => [...found].filter((p) => ext.test(p.split('?')[0]));
  return {
    css: byExt(/\.css$/),
    js: byExt(/\.js$/),
    png: byExt(/\.png$/),
    gif: byExt(/\.gif$/),
    svg: byExt(/\.svg$/),
    woff2: byExt(/\.woff2$/),
    woff: byExt(/\.woff$/),
  };
}

const STATIC_TYPES: Record<string, string> = {
  css: 'text/css',
  js: 'application/x-javascript',
  png: 'image/png',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  woff2: 'application/font-woff2',
  woff: 'application/font-woff',
};

function expectStaticFile(res: ObservedResponse, type: string): void {
  expect(res.status).toBe(200);
  expect(header(res, 'content-type')?.split(';')[0]).toBe(type);
  expect(Number(header(res, 'content-length'))).toBe(res.body.length);
  expect(header(res, 'accept-ranges')).toBe('bytes');
  expect(header(res, 'etag')).toMatch(/^"[0-9a-f]+:0"$/);
  expect(header(res, 'last-modified')).toMatch(HTTP_DATE);
  expect(header(res, 'vary')).toMatch(/accept-encoding/i);
  expectSecurityHeaders(res);
}

test.afterAll(closeAgents);

for (const protocol of PROTOCOLS) {
  test.describe(`site family over ${protocol}`, () => {
    test(`site/home: page, headers and cookies`, async () => {
      requireRole('site');
      const { res, html } = await homePage(protocol);
      expect(res.status).toBe(200);
      expect(header(res, 'content-type')).toBe('text/html; charset=utf-8');
      expect(header(res, 'content-encoding')).toBe('gzip');
      expect(header(res, 'cache-control')).toBe('no-cache, no-store');
      expect(header(res, 'expires')).toBe('-1');
      expect(header(res, 'pragma')).toBe('no-cache');
      expectSecurityHeaders(res);
      expect(header(res, 'x-frame-options'), 'x-frame-options repeated').toBe('SAMEORIGIN, SAMEORIGIN');
      // undici's HTTP/2 client joins repeated fields into one line, so only HTTP/1.1 shows the two lines.
      if (protocol === 'h1') expect(values(res, 'x-frame-options'), 'x-frame-options sent twice').toEqual(['SAMEORIGIN', 'SAMEORIGIN']);
      expect(html).toMatch(/<html/i);

      const date = Date.parse(header(res, 'date') ?? '');
      expect(date).not.toBeNaN();
      const jar = cookies(res);
      const named = (name: string) => jar.filter((c) => c.name === name);

      const sessionLines = values(res, 'set-cookie').filter((l) => /^[^=]+=[a-z0-9]{24}; path=\/; HttpOnly; SameSite=Lax$/.test(l));
      expect(sessionLines, 'session cookie sent twice').toHaveLength(2);
      expect(sessionLines[0]).toBe(sessionLines[1]);

      const analytics = named('SC_ANALYTICS_GLOBAL_COOKIE');
      expect(analytics).toHaveLength(1);
      expect(analytics[0].value).toMatch(new RegExp(`^${HEX32}\\|False$`));
      expect(analytics[0].path).toBe('/');
      expect(analytics[0].httpOnly).toBe(true);
      const tenYears = 10 * 365.25 * 24 * 3600 * 1000;
      expect(Math.abs((analytics[0].expires as Date).getTime() - date - tenYears)).toBeLessThan(3 * 24 * 3600 * 1000);

      const token = named('__RequestVerificationToken');
      expect(token).toHaveLength(1);
      expect(token[0].value).toMatch(/^[A-Za-z0-9_-]{60,160}$/);
      expect([token[0].path, token[0].httpOnly]).toEqual(['/', true]);

      const sxa = named('sxa_site');
      expect(sxa).toHaveLength(1);
      expect(sxa[0].value.length).toBeGreaterThan(0);
      expect(sxa[0].path).toBe('/');

      const siteHost = new URL(originOf('site')).hostname;
      const arr = named('ARRAffinity');
      const arrSameSite = named('ARRAffinitySameSite');
      expect(arr).toHaveLength(1);
      expect(arrSameSite).toHaveLength(1);
      expect(arr[0].value).toMatch(/^[0-9a-f]{64}$/);
      expect(arrSameSite[0].value).toBe(arr[0].value);
      expect([arr[0].path, arr[0].httpOnly, arr[0].secure, arr[0].domain]).toEqual(['/', true, true, siteHost]);
      expect([arrSameSite[0].path, arrSameSite[0].httpOnly, arrSameSite[0].secure, arrSameSite[0].sameSite]).toEqual(['/', true, true, 'None']);
      expect(arrSameSite[0].domain).toBe(siteHost);
    });

    test(`site/static: every file kind the page references`, async () => {
      requireRole('site');
      const { html } = await homePage(protocol);
      const section = target().map.section;
      const cssPath = html.match(new RegExp(`/${section}/css/[^"'\\s<>]+`))?.[0];
      expect(cssPath, 'the page references a stylesheet under /{section}/css/').toBeTruthy();
      const cssUrl = originOf('site') + cssPath;
      const css = decoded(await request(protocol, { url: cssUrl, headers: { 'accept-encoding': 'gzip' } })).toString();
      const paths = staticPaths(html, css, cssUrl, section);
      for (const [kind, list] of Object.entries(paths)) {
        expect(list.length, `the page references a ${kind} file`).toBeGreaterThan(0);
        const textual = kind === 'css' || kind === 'js';
        const res = await request(protocol, {
          url: originOf('site') + list[0],
          headers: { 'accept-encoding': kind.startsWith('woff') ? 'identity' : 'gzip, deflate, br' },
        });
        expectStaticFile(res, STATIC_TYPES[kind]);
        expect(header(res, 'content-encoding'), `${kind} content-encoding`).toBe(textual ? 'gzip' : undefined);
      }
    });

    test(`site/favicon and visitor-identification script`, async () => {
      requireRole('site');
      const icon = await request(protocol, { url: `${originOf('site')}/favicon.ico` });
      expectStaticFile(icon, 'image/x-icon');
      const script = await request(protocol, {
        url: `${originOf('site')}/layouts/system/VisitorIdentification.js`,
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(script.status).toBe(200);
      expect(header(script, 'content-type')).toBe('application/x-javascript');
      expect(header(script, 'content-encoding')).toBe('gzip');
      expect(decoded(script).toString()).toContain('VisitorIdentificationCSS.aspx');
    });

    test(`site/visitor-flag: the CSS request flips |False to |True keeping the id`, async () => {
      requireRole('site');
      const { res } = await homePage(protocol);
      const first = cookies(res).find((c) => c.name === 'SC_ANALYTICS_GLOBAL_COOKIE');
      expect(first?.value).toMatch(/\|False$/);
      const id = first!.value.split('|')[0];
      const flip = await request(protocol, {
        url: `${originOf('site')}/layouts/system/VisitorIdentificationCSS.aspx?${Date.now()}`,
        headers: { cookie: `SC_ANALYTICS_GLOBAL_COOKIE=${first!.value}`, 'accept-encoding': 'gzip' },
      });
      expect(flip.status).toBe(200);
      expect(header(flip, 'content-type')).toBe('text/css; charset=utf-8');
      expect(header(flip, 'content-encoding')).toBe('gzip');
      expect(header(flip, 'cache-control')).toBe('no-cache, no-store');
      expect(header(flip, 'expires')).toBe('-1');
      expect(header(flip, 'pragma')).toBe('no-cache');
      const flipped = cookies(flip).find((c) => c.name === 'SC_ANALYTICS_GLOBAL_COOKIE');
      expect(flipped?.value).toBe(`${id}|True`);
      expect([flipped?.path, flipped?.httpOnly]).toEqual(['/', true]);
    });

    test(`site/lesson-plan: JSON lookup with and without guids`, async () => {
      requireRole('site');
      for (const guids of ['', '0f8fad5b-d9cb-469f-a165-70867728950e']) {
        const res = await request(protocol, {
          url: `${originOf('site')}/api/LessonPlan/GetPlanJson?guids=${guids}`,
          headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest', 'accept-encoding': 'gzip', cookie: 'MyLessonPlan-Items=' },
        });
        expect(res.status).toBe(200);
        expect(header(res, 'content-type')).toBe('application/json; charset=utf-8');
        expect(header(res, 'content-encoding')).toBe('gzip');
        expect(header(res, 'cache-control')).toBe('no-cache');
        expect(header(res, 'expires')).toBe('-1');
        expect(header(res, 'pragma')).toBe('no-cache');
        expect(() => JSON.parse(decoded(res).toString('utf8'))).not.toThrow();
        expectSecurityHeaders(res);
      }
    });

    test(`site/malformed-path: 302 to the maintenance page with aspxerrorpath`, async () => {
      requireRole('site');
      const maintenance = requireRole('maintenance');
      const rawPath = `/%7B${originOf('assets') || 'https://media.example'}/-/media/Project/icon.svg`;
      const res = await request(protocol, { url: `${originOf('site')}${rawPath}?rev=${'0'.repeat(32)}}` });
      expect(res.status).toBe(302);
      expect(header(res, 'content-type')).toBe('text/html; charset=utf-8');
      expect(header(res, 'location')).toBe(`${maintenance}/$web/site-maintenance.html?aspxerrorpath=${rawPath}`);
    });

    test(`bare: 301 to {base_url}/ with a short HTML body`, async () => {
      const bare = requireRole('bare');
      requireRole('site');
      const res = await request(protocol, { url: `${bare}/` });
      expect(res.status).toBe(301);
      expect(header(res, 'content-type')?.split(';')[0]).toBe('text/html');
      expect(header(res, 'location')).toBe(`${originOf('site')}/`);
      expect(res.body.length).toBeGreaterThan(0);
      expect(res.body.length).toBeLessThan(1024);
      expect(res.body.toString()).toContain(`${originOf('site')}/`);
    });

    test(`assets: versioned SVG media with br and a week of caching`, async () => {
      requireRole('site');
      const assets = requireRole('assets');
      const { html } = await homePage(protocol);
      const media = html.match(/\/-\/media\/[^"'\s<>]+\.svg\?rev=[0-9a-fA-F]{32}/)?.[0];
      expect(media, 'the page references a media SVG on the asset host').toBeTruthy();
      const res = await request(protocol, { url: assets + media!.replace(/&amp;/g, '&'), headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(res.status).toBe(200);
      expect(header(res, 'content-type')).toBe('image/svg+xml');
      expect(header(res, 'cache-control')).toBe('public, max-age=604800');
      expect(header(res, 'content-encoding')).toBe('br');
      expect(header(res, 'vary')).toMatch(/accept-encoding/i);
      const file = media!.split('?')[0].split('/').pop();
      expect(header(res, 'content-disposition')).toBe(`inline; filename=${file}`);
      expect(header(res, 'last-modified')).toMatch(HTTP_DATE);
      expect(header(res, 'etag')).toBeUndefined();
      expectSecurityHeaders(res);
      expect(decoded(res).toString()).toMatch(/<svg/);
    });

    test(`maintenance: 403 with the 246-byte XML error document`, async () => {
      const maintenance = requireRole('maintenance');
      const res = await request(protocol, { url: `${maintenance}/$web/site-maintenance.html?aspxerrorpath=/x` });
      expect(res.status).toBe(403);
      expect(header(res, 'content-type')).toBe('application/xml');
      expect(res.body.length).toBe(246);
      expect(header(res, 'server')).toBeTruthy();
      expect(header(res, 'date')).toMatch(HTTP_DATE);
      expect(res.lines.some(([n]) => /request-?id/.test(n)), 'a request id header').toBe(true);
      expect(res.body.toString('utf8')).toMatch(/^\ufeff<\?xml version="1\.0" encoding="utf-8"\?><Error><Code>/);
    });
  });
}
