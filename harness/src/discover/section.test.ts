import { inferSection } from './section';
import { pageLinks } from './html-links';

const PAGE = 'https://www.lessons.test/';

test("the segment before /css/ and /js/ of the page's own stylesheets and scripts", () => {
  const html = `<html><head>
    <link rel="stylesheet" href="/content/css/main.css?lw=260408T1654">
    <link rel='stylesheet' href=https://www.lessons.test/content/css/print.css>
    <script src="/content/js/main.js?lw=260408T1654"></script>
    <script src="/layouts/system/VisitorIdentification.js"></script>
    <script src="https://tags.example/static/js/gtm.js"></script>
  </head></html>`;
  expect(inferSection(html, PAGE)).toEqual({
    section: 'content',
    from: 'https://www.lessons.test/ (3 stylesheet/script addresses, e.g. /content/css/main.css)',
  });
});

test('other origins, images and markup in comments or text do not count', () => {
  const html = `<!-- <link rel="stylesheet" href="/commented/css/a.css"> -->
    <p>/text/css/a.css</p><img src="/img-only/css/x.css">
    <script src="https://cdn.example/other/js/a.js"></script>`;
  expect(inferSection(html, PAGE)).toBeUndefined();
});

test('the majority wins when a page links two', () => {
  const html = '<link rel=stylesheet href="/a/css/1.css"><script src="/b/js/1.js"></script><script src="/b/js/2.js"></script>';
  expect(inferSection(html, PAGE)?.section).toBe('b');
});

test('pageLinks reads srcset and resolves relative addresses', () => {
  const links = pageLinks('<img srcset="/a.png 1x, /b.png 2x"><a href="../up">x</a><a href="javascript:void(0)">y</a>', 'https://s.test/dir/page');
  expect(links.map((l) => `${l.from} ${l.url.href}`)).toEqual([
    'img[srcset] https://s.test/a.png',
    'img[srcset] https://s.test/b.png',
    'a[href] https://s.test/up',
    'a[href] javascript:void(0)',
  ]);
});
