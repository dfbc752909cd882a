import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CHECKS } from '../checks';
import { loadSpecs } from '../spec-model/load';
import { deriveSpecs } from './derive';
import { discoverTemplate } from './discover';
import { defaultRoleMapping } from './role-mapping';

const FIX = path.join(__dirname, 'fixtures');

test('the description\'s shapes are recognised on a captured path; other addresses with parts get their parts named', () => {
  expect(discoverTemplate('/{section}/css/<name>.css?lw=<v>', '/{section}/css/main.css?lw=260408T1654')).toBe('/{section}/css/{name}.css');
  expect(discoverTemplate('/-/media/Project/Lessons/icons/<name>.svg?rev=<v>', '/-/media/Project/Lessons/icons/search.svg?rev=43b1')).toBe('/-/media/{folder*}/{file}.svg');
  expect(discoverTemplate('/cdn/shop/t/<n>/assets/<name>.css?v=<v>', '/cdn/shop/t/137296035934/assets/base.css?v=2')).toBe('/cdn/shop/t/{theme}/assets/{file}.css');
  expect(discoverTemplate('x', '/cdn/shopifycloud/storefront/assets/storefront/features-' + 'a'.repeat(64) + '.js')).toBe('/cdn/{platform*}/assets/storefront/features-{hash}.js');
  expect(discoverTemplate('/cdn/fonts/lessons_sans/<name>.woff2?h1=<v>&h2=<v>&hmac=<v>', '/cdn/fonts/lessons_sans/lessons_sans_n4.woff2?h1=a')).toBe('/cdn/fonts/{family}/{file}.woff2');
  expect(discoverTemplate('/layouts/<n>/<name>.js', '/layouts/7/vi.js')).toBe('/layouts/{n}/{name}.js');
  expect(discoverTemplate('/favicon.ico', '/favicon.ico')).toBeUndefined();
});

test('a PhantomJS HAR whose content.size contradicts its Content-Length: the header is kept, the size dropped and said so; the image found on its page', () => {
  const { specs } = deriveSpecs([path.join(FIX, 'phantomjs.har')], defaultRoleMapping());
  const site = specs.find((s) => s.role === 'site')!;
  const image = site.exchanges.find((e) => e.id === 'site/har/get-section-img-name-png')!;
  // Content-Length is judged against the body the target sends, never as the capture's number (site/static/png states only an integer).
  expect(image.expect.headers?.['content-length']).toMatchObject({ shape: 'integer' });
  expect(image.checks).toContain('body/content-length-matches');
  expect(image.expect.body?.decodedSize).toBeUndefined();
  expect(image.expect.body?.empty).toBeUndefined();
  expect(site.description).toContain('Body sizes not kept where the HAR contradicts itself: site/har/get-section-img-name-png (content-length 100901 but a body size of 2506 in phantomjs.har entry 1; written by PhantomJS 1.9.8)');
  expect(image.request.path).toBe('{{found}}');
  // Found on its page; every kind of reference that can load an image, the one the capture showed first.
  expect(image.discover).toEqual({
    from: 'site/har/get-root',
    select: ['img[src]', 'img[srcset]', 'source[src]', 'source[srcset]', 'css', 'link[rel=icon]', 'link[rel=preload]', 'link[href]'],
    template: '/{section}/img/{name}.png',
  });
  // The page agrees with its own numbers, but its length is one deployment's: checked against the body, not written.
  const home = site.exchanges.find((e) => e.id === 'site/har/get-root')!;
  expect(home.expect.headers?.['content-length']).toBeUndefined();
  expect(home.checks).toContain('body/content-length-matches');
  // What it writes loads as specs (the discover source resolves).
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'har2spec-phantom-'));
  try {
    fs.writeFileSync(path.join(dir, 'site.json'), JSON.stringify(site));
    expect(loadSpecs(dir, CHECKS)[0].exchanges).toHaveLength(2);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
