import { candidatesOf, selects } from './candidates';
import { cssLinks } from './css-links';
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
