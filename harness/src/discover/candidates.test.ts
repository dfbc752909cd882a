import { candidatesOf, selects } from './candidates';
import { cssLinks } from './css-links';
import { srcsetUrls } from './html-links';
import { headerLinks } from './link-header';

const list = (cs: Array<{ via?: string; from?: string; url: URL }>) => cs.map((c) => `${c.via ?? c.from} ${c.url.href}`);

test('CSS: url() and @import, @font-face sources marked, relative to the stylesheet, broken rules tolerated', () => {
  const css = `@import "print.css"; @font-face { font-family: x; src: url("../fonts/a.woff2") format("woff2"), url(../fonts/a.woff) }
    .broken { color: ; width: !! 10px } .b { background: url( '../img/p.png' ) }`;
  expect(list(cssLinks(css, 'https://s.test/static/css/main.css'))).toEqual([
    'css https://s.test/static/css/print.css',
    'font-face https://s.test/static/fonts/a.woff2',
    'font-face https://s.test/static/fonts/a.woff',
    'css https://s.test/static/img/p.png',
  ]);
});

test('@import: the stylesheet it names (string or url(), with media or supports() after it) is one the document loads', () => {
  const css = '@import url("a.css") screen; @import "b.css" supports(display: grid); .x { background: url(c.png) }';
  expect(cssLinks(css, 'https://s.test/css/m.css').map((l) => `${l.url.pathname} ${l.imports ? 'loads' : '-'}`)).toEqual([
    '/css/a.css loads',
    '/css/b.css loads',
    '/css/c.png -',
  ]);
  const page = candidatesOf({
    url: 'https://s.test/',
    contentType: 'text/html',
    text: '<style>@import "/i.css";</style><link rel="Stylesheet alternate" href="/l.css"><link rel="preload" href="/p.css" as="style">',
    link: [],
  });
  expect(page.map((c) => `${c.via} ${c.url.pathname} ${c.loads ?? '-'} ${(c.rel ?? []).join('+') || '-'}`)).toEqual([
    'link[href] /l.css stylesheet stylesheet+alternate',
    'link[href] /p.css - preload',
    'css /i.css stylesheet -',
  ]);
});

test('srcset as the HTML standard parses it: commas inside a URL stay, descriptors and their parentheses skipped', () => {
  expect(srcsetUrls('/a.png 1x,/b.png 2x')).toEqual(['/a.png', '/b.png']);
  expect(srcsetUrls(' /a.png 480w, /b.png 800w ')).toEqual(['/a.png', '/b.png']);
  expect(srcsetUrls('/img?w=1,2 1x, /c.png')).toEqual(['/img?w=1,2', '/c.png']);
  expect(srcsetUrls('/a.png,, /b.png')).toEqual(['/a.png', '/b.png']);
  expect(srcsetUrls('/a.png (x, y) 1x, /d.png')).toEqual(['/a.png', '/d.png']);
  expect(srcsetUrls('')).toEqual([]);
});

test('link relations: link[rel=preload|prefetch|icon] take elements and Link fields of that relation, and nothing else', () => {
  const page = candidatesOf({
    url: 'https://s.test/',
    contentType: 'text/html',
    text: '<link rel="preload" href="/f.woff2"><link rel="shortcut icon" href="/i.ico"><link rel="prefetch" href="/n.html"><link rel="canonical" href="/c">',
    link: ['</h.woff2>; rel=preload; as=font'],
  });
  const taken = (s: Parameters<typeof selects>[0]) => page.filter((c) => selects(s, c)).map((c) => c.url.pathname);
  expect(taken(['link[rel=preload]'])).toEqual(['/h.woff2', '/f.woff2']);
  expect(taken(['link[rel=icon]'])).toEqual(['/i.ico']);
  expect(taken(['link[rel=prefetch]'])).toEqual(['/n.html']);
  expect(taken(['link[href]'])).toEqual(['/f.woff2', '/i.ico', '/n.html', '/c']);
  expect(taken(['font-face', 'img[src]'])).toEqual([]);
});

test('Link fields: every line on its own, a malformed one skipped', () => {
  expect(
    list(
      headerLinks(['</a.css>; rel=preload; as=style, <https://o.test/b>; rel="canonical"', 'garbage<<', '</c.js>; rel=preload'], 'https://s.test/p/').map(
        (l) => ({ from: l.rel, url: l.url }),
      ),
    ),
  ).toEqual(['preload https://s.test/a.css', 'canonical https://o.test/b', 'preload https://s.test/c.js']);
});

test('an HTML page: attributes, <style> elements and style attributes; a stylesheet: its CSS; both: Link fields', () => {
  const html = `<link rel=stylesheet href="/s/css/a.css"><style>@font-face{src:url(/f/x.woff2)}</style>
    <div style="background:url('/s/img/bg.png')"></div><img srcset="/s/img/a.png 1x, /s/img/b.png 2x">`;
  const page = candidatesOf({ url: 'https://s.test/', contentType: 'text/html; charset=utf-8', text: html, link: ['</h.css>; rel=preload'] });
  expect(list(page)).toEqual([
    'link-header https://s.test/h.css',
    'link[href] https://s.test/s/css/a.css',
    'img[srcset] https://s.test/s/img/a.png',
    'img[srcset] https://s.test/s/img/b.png',
    'font-face https://s.test/f/x.woff2',
    'css https://s.test/s/img/bg.png',
  ]);
  expect(selects(['css'], page[4])).toBe(true);
  expect(selects(['font-face'], page[5])).toBe(false);
  const sheet = candidatesOf({ url: 'https://s.test/s/css/a.css', contentType: 'text/css', text: '.a{background:url(x.png)}', link: [] });
  expect(list(sheet)).toEqual(['css https://s.test/s/css/x.png']);
  // Markup served as something else is not read as a page.
  expect(candidatesOf({ url: 'https://s.test/x', contentType: 'application/json', text: '<img src="/a.png">', link: [] })).toEqual([]);
});
