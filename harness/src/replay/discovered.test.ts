import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describeMiss, Discovery } from '../discover/discovery';
import { CHECKS } from '../checks';
import { loadSpecs } from '../spec-model/load';
import { loadTargetMap } from '../target-map';
import { resolveDiscover } from './discovered';

const exchange = (id: string, p: string, discover?: unknown) => ({
  id,
  title: 't',
  clause: 'c',
  source: 'capture',
  request: { path: p },
  ...(discover ? { discover } : {}),
  expect: { status: 200 },
});
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'discovered-'));
fs.writeFileSync(
  path.join(dir, 'site.json'),
  JSON.stringify({
    $schema: './spec.schema.json',
    role: 'site',
    version: 1,
    exchanges: [
      exchange('site/home', '/'),
      exchange('site/css', '{{found}}', { from: 'site/home', select: ['link[href]'], template: '/{section}/css/{name}.css' }),
      exchange('site/font', '{{found_path}}', { from: 'site/css', select: ['font-face'], template: '/{section}/fonts/{name}.woff2' }),
      exchange('site/product', '/products/{value:PRODUCT_HANDLE}'),
      exchange('site/product-image', '{{found}}', { from: 'site/product', select: ['img[src]'], template: '/img/{name}.png' }),
      exchange('site/font-of-page', '{{found_path}}', { from: 'site/home', select: ['font-face'], template: '/{section}/fonts/{name}.woff2' }),
    ],
  }),
);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const PAGES: Record<string, { type: string; text: string }> = {
  'https://www.site.test/': { type: 'text/html', text: '<link rel=stylesheet href="/static/css/site.css?lw=1">' },
  'https://www.site.test/static/css/site.css?lw=1': { type: 'text/css', text: '@font-face{src:url(../fonts/icons.woff2?x=1)}' },
};

function context(pages = PAGES, env: Record<string, string> = {}) {
  const asked: string[] = [];
  const discovery = new Discovery(async (req) => {
    asked.push(req.url);
    const p = pages[req.url];
    return { url: req.url, status: p ? 200 : 404, ...(p ? { contentType: p.type, text: p.text } : {}), link: [] };
  });
  return { ctx: { map: loadTargetMap({ TARGET_URL: 'https://www.site.test', TARGET_SECTION: 'static', ...env }), discovery }, asked };
}

test('a chain: the font found in the stylesheet found on the home page, each page asked for once', async () => {
  const [spec] = loadSpecs(dir, CHECKS);
  const { ctx, asked } = context();
  const font = await resolveDiscover(spec.exchanges[2], ctx, 'site');
  expect(font).toMatchObject({
    kind: 'found',
    vars: { found: 'https://www.site.test/static/fonts/icons.woff2?x=1', found_path: 'https://www.site.test/static/fonts/icons.woff2', name: 'icons' },
  });
  await resolveDiscover(spec.exchanges[1], ctx, 'site');
  expect(asked).toEqual(['https://www.site.test/', 'https://www.site.test/static/css/site.css?lw=1']);
});

test('a missing link up the chain fails the exchange that depends on it, saying which page was missing', async () => {
  const [spec] = loadSpecs(dir, CHECKS);
  const { ctx } = context({ 'https://www.site.test/': { type: 'text/html', text: '<p>no stylesheet</p>' } });
  const font = await resolveDiscover(spec.exchanges[2], ctx, 'site');
  expect(font).toMatchObject({
    kind: 'miss',
    miss: {
      template: '/{section}/fonts/{name}.woff2',
      from: 'https://www.site.test/',
      problem: '(the page of site/css, looked for as /{section}/css/{name}.css) was not found: links no address of the selected kinds (link[href])',
    },
  });
});

test('a source page that needs a target value nobody gave is a skip naming the variable; given, it is used', async () => {
  const [spec] = loadSpecs(dir, CHECKS);
  expect(await resolveDiscover(spec.exchanges[4], context().ctx, 'site')).toEqual({
    kind: 'skip',
    reason: 'needs the target value PRODUCT_HANDLE: set TARGET_VALUE_PRODUCT_HANDLE (or "values": {"PRODUCT_HANDLE": ...} in TARGETS_FILE)',
  });
  const withValue = context(
    { 'https://www.site.test/products/apron': { type: 'text/html', text: '<img src="/img/apron.png">' } },
    { TARGET_VALUE_PRODUCT_HANDLE: 'apron' },
  );
  expect(await resolveDiscover(spec.exchanges[4], withValue.ctx, 'site')).toMatchObject({ kind: 'found', vars: { name: 'apron' } });
});

test("fonts declared in the home page's inline <style>: found for a spec that names the stylesheet, and for one that names the page", async () => {
  const [spec] = loadSpecs(dir, CHECKS);
  const inline = {
    'https://www.site.test/': {
      type: 'text/html',
      text: '<link rel=stylesheet href="/static/css/site.css?lw=1"><style>@font-face{src:url(/static/fonts/inline.woff2)}</style>',
    },
    'https://www.site.test/static/css/site.css?lw=1': { type: 'text/css', text: '.a{color:red}' },
  };
  const { ctx, asked } = context(inline);
  expect(await resolveDiscover(spec.exchanges[2], ctx, 'site')).toMatchObject({
    kind: 'found',
    found: { url: 'https://www.site.test/static/fonts/inline.woff2', from: 'https://www.site.test/', via: 'font-face' },
  });
  expect(asked).toEqual(['https://www.site.test/', 'https://www.site.test/static/css/site.css?lw=1']);
  expect(await resolveDiscover(spec.exchanges[5], ctx, 'site')).toMatchObject({
    kind: 'found',
    found: { url: 'https://www.site.test/static/fonts/inline.woff2' },
  });
});

test('a page that declares no font anywhere: the miss names the page, each stylesheet, and one on another host not read', async () => {
  const [spec] = loadSpecs(dir, CHECKS);
  const { ctx } = context({
    'https://www.site.test/': {
      type: 'text/html',
      text: '<link rel=stylesheet href="/static/css/site.css?lw=1"><link rel=stylesheet href="https://fonts.elsewhere.test/f.css">',
    },
    'https://www.site.test/static/css/site.css?lw=1': { type: 'text/css', text: '.a{color:red}' },
  });
  const font = await resolveDiscover(spec.exchanges[5], ctx, 'site');
  expect(font.kind === 'miss' && describeMiss(font.miss)).toBe(
    'https://www.site.test/ links no address of the selected kinds (font-face); looked at https://www.site.test/ (the page), ' +
      'https://www.site.test/static/css/site.css?lw=1 (stylesheet linked by https://www.site.test/), ' +
      "https://fonts.elsewhere.test/f.css (stylesheet linked by https://www.site.test/: not read: is not the origin of a mapped role (https://fonts.elsewhere.test): only the target map's origins are asked)",
  );
});
