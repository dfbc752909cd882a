import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describeMiss, Discovery, MAX_STYLESHEETS, type SourceFetch } from './discovery';
import { readPages, writePages } from './shared-pages';

const HOME = 'https://www.site.test/';
const values = { '{base_url}': 'https://www.site.test', '{section}': 'static', '{value:PRODUCT_HANDLE}': 'apron' };
const page = `<link rel=stylesheet href="/static/css/site.css?lw=1"><img src="/static/img/a.png"><img src="/static/img/b.png">
  <a href="/products/scarf">scarf</a><script src="/static/js/app.js"></script><img src="/static/img/c.gif"><img src="/other/img/d.png">
  <img src="/x/1.jpg"><img src="/x/2.jpg"><img src="/x/3.jpg">`;

const calls: string[] = [];
/** The home page (or another page's status), and its stylesheet. */
function fetcher(status = 200): SourceFetch {
  return async (req) => {
    calls.push(req.url);
    if (req.url.includes('/css/')) return { url: req.url, status: 200, contentType: 'text/css', text: '.a { color: red }', link: [] };
    return { url: req.url, status, contentType: 'text/html', text: page, link: [] };
  };
}

/** A target of several pages: address -> content type and text (absent: 404). */
function site(pages: Record<string, [string, string]>, asked: string[] = []): SourceFetch {
  return async (req) => {
    asked.push(req.url);
    const p = pages[req.url];
    return p ? { url: req.url, status: 200, contentType: p[0], text: p[1], link: [] } : { url: req.url, status: 404, link: [] };
  };
}
const FONT = { select: ['font-face'] as const, template: '/{section}/fonts/{name}.woff2' };

test('finds the first (or last) address of the shape; a page is read once however many rules ask', async () => {
  calls.length = 0;
  const d = new Discovery(fetcher());
  const src = { url: HOME, headers: {} };
  const css = await d.find(src, { select: ['link[href]'], template: '/{section}/css/{name}.css' }, values, 'https://www.site.test');
  expect(css).toMatchObject({ kind: 'found', url: 'https://www.site.test/static/css/site.css?lw=1', via: 'link[href]', from: HOME, parts: { name: 'site' } });
  const last = await d.find(src, { select: ['img[src]'], template: '/{section}/img/{name}.png', pick: 'last' }, values, 'https://www.site.test');
  expect(last).toMatchObject({ kind: 'found', url: 'https://www.site.test/static/img/b.png' });
  // The page and the stylesheet it links, each once.
  expect(calls).toEqual([HOME, 'https://www.site.test/static/css/site.css?lw=1']);
  expect(d.requests).toBe(2);
});

test('nothing of the shape: the page, the shape and the first few addresses it did link', async () => {
  const d = new Discovery(fetcher());
  const miss = await d.find({ url: HOME, headers: {} }, { select: ['img[src]'], template: '/{section}/img/{name}.svg' }, values, 'https://www.site.test');
  expect(miss).toMatchObject({ kind: 'miss', template: '/{section}/img/{name}.svg', linkedCount: 7 });
  expect(miss.kind === 'miss' && describeMiss(miss)).toBe(
    'https://www.site.test/ links nothing of the shape; it links https://www.site.test/static/img/a.png, https://www.site.test/static/img/b.png, https://www.site.test/static/img/c.gif, https://www.site.test/other/img/d.png, https://www.site.test/x/1.jpg and 2 more' +
      '; looked at https://www.site.test/ (the page), https://www.site.test/static/css/site.css?lw=1 (stylesheet linked by https://www.site.test/)',
  );
  const none = await d.find({ url: HOME, headers: {} }, { select: ['source[srcset]'], template: '/{section}/img/{name}.svg' }, values, 'https://www.site.test');
  expect(none.kind === 'miss' && describeMiss(none)).toBe(
    'https://www.site.test/ links no address of the selected kinds (source[srcset]); looked at https://www.site.test/ (the page), https://www.site.test/static/css/site.css?lw=1 (stylesheet linked by https://www.site.test/)',
  );
});

test('a source page that fails or cannot be reached is a miss that says so', async () => {
  const notFound = await new Discovery(fetcher(404)).find(
    { url: HOME, headers: {} },
    { select: ['img[src]'], template: '/{section}/img/{n}.png' },
    values,
    'https://www.site.test',
  );
  expect(notFound).toMatchObject({ kind: 'miss', problem: 'answered 404' });
  expect(notFound).not.toHaveProperty('unreachable');
  const down = await new Discovery(async () => {
    throw new Error('connect ECONNREFUSED 127.0.0.1:9');
  }).find({ url: HOME, headers: {} }, { select: ['img[src]'], template: '/{section}/img/{n}.png' }, values, 'https://www.site.test');
  expect(down).toMatchObject({ kind: 'miss', unreachable: true, problem: 'could not be read: connect ECONNREFUSED 127.0.0.1:9' });
});

test("a target value the page contradicts: the page's address is used and the disagreement reported", async () => {
  const d = new Discovery(fetcher());
  const found = await d.find(
    { url: HOME, headers: {} },
    { select: ['a[href]'], template: '/products/{value:PRODUCT_HANDLE}' },
    values,
    'https://www.site.test',
  );
  expect(found).toMatchObject({
    kind: 'found',
    url: 'https://www.site.test/products/scarf',
    disagreements: [{ name: 'PRODUCT_HANDLE', value: 'apron', found: 'scarf' }],
  });
  const agreeing = await d.find(
    { url: HOME, headers: {} },
    { select: ['a[href]'], template: '/products/{value:PRODUCT_HANDLE}' },
    { ...values, '{value:PRODUCT_HANDLE}': 'scarf' },
    'https://www.site.test',
  );
  expect(agreeing).toMatchObject({ kind: 'found', disagreements: [] });
});

test("pages read by the run's set-up are handed to the workers: a seeded discovery asks for nothing", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'discovery-pages-'));
  try {
    const setUp = new Discovery(fetcher());
    await setUp.find({ url: HOME, headers: {} }, { select: ['img[src]'], template: '/{section}/img/{name}.png' }, values, 'https://www.site.test');
    await setUp.page({ url: 'https://www.site.test/gone', headers: {} });
    const file = path.join(dir, 'pages.json');
    writePages(file, await setUp.fetched());
    const worker = new Discovery(async () => {
      throw new Error('a seeded page was asked for again');
    });
    for (const p of readPages(file)) worker.seed(p);
    const found = await worker.find(
      { url: HOME, headers: {} },
      { select: ['link[href]'], template: '/{section}/css/{name}.css' },
      values,
      'https://www.site.test',
    );
    expect(found).toMatchObject({ kind: 'found', url: 'https://www.site.test/static/css/site.css?lw=1' });
    expect(worker.requests).toBe(0);
    // An unreadable file only means the workers read the pages themselves.
    fs.writeFileSync(file, '{not json');
    expect(readPages(file)).toEqual([]);
    expect(readPages(path.join(dir, 'missing.json'))).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

describe('what a browser reads for a document', () => {
  const origin = 'https://www.site.test';
  const find = (d: Discovery, rule: Parameters<Discovery['find']>[1], options?: Parameters<Discovery['find']>[4]) =>
    d.find({ url: HOME, headers: { 'user-agent': 'ua' } }, rule, values, origin, options);

  test('a font declared in the linked stylesheet, found by its kind from the page', async () => {
    const d = new Discovery(
      site({
        [HOME]: ['text/html', '<link rel="stylesheet" href="/static/css/a.css">'],
        'https://www.site.test/static/css/a.css': ['text/css', '@font-face { src: url(../fonts/icons.woff2) }'],
      }),
    );
    expect(await find(d, FONT)).toMatchObject({
      kind: 'found',
      url: 'https://www.site.test/static/fonts/icons.woff2',
      via: 'font-face',
      from: 'https://www.site.test/static/css/a.css',
      document: HOME,
    });
  });

  test("a font declared in an inline <style>, or in a style attribute's url(), found the same way", async () => {
    const d = new Discovery(
      site({
        [HOME]: ['text/html', '<style>@font-face { src: url("/static/fonts/inline.woff2") }</style><div style="background: url(/static/img/bg.png)"></div>'],
      }),
    );
    expect(await find(d, FONT)).toMatchObject({ kind: 'found', url: 'https://www.site.test/static/fonts/inline.woff2', from: HOME });
    expect(await find(d, { select: ['css'], template: '/{section}/img/{name}.png' })).toMatchObject({
      kind: 'found',
      url: 'https://www.site.test/static/img/bg.png',
    });
  });

  test('what a stylesheet @imports, and what that imports, read in turn (an inline <style> imports too)', async () => {
    const asked: string[] = [];
    const d = new Discovery(
      site(
        {
          [HOME]: ['text/html', '<style>@import "/static/css/inline-import.css";</style><link rel="stylesheet preload" href="/static/css/a.css">'],
          'https://www.site.test/static/css/inline-import.css': ['text/css', '.x { color: red }'],
          'https://www.site.test/static/css/a.css': ['text/css', '@import url("b.css") screen;'],
          'https://www.site.test/static/css/b.css': ['text/css', '@import "fonts/c.css";'],
          'https://www.site.test/static/css/fonts/c.css': ['text/css', '@font-face { src: url(../../fonts/deep.woff2) }'],
        },
        asked,
      ),
    );
    expect(await find(d, FONT)).toMatchObject({
      kind: 'found',
      url: 'https://www.site.test/static/fonts/deep.woff2',
      from: 'https://www.site.test/static/css/fonts/c.css',
    });
    // The page's elements first, then its inline CSS; then the next level of imports.
    expect(asked).toEqual([
      HOME,
      'https://www.site.test/static/css/a.css',
      'https://www.site.test/static/css/inline-import.css',
      'https://www.site.test/static/css/b.css',
      'https://www.site.test/static/css/fonts/c.css',
    ]);
  });

  test('<link rel=preload|prefetch|icon>, srcset and <source>: each kind by its own selector', async () => {
    const d = new Discovery(
      site({
        [HOME]: [
          'text/html',
          `<link rel="preload" as="font" href="/static/fonts/pre.woff2"><link rel="prefetch" href="/static/img/next.png"><link rel="shortcut icon" href="/favicon.ico">
           <picture><source srcset="/static/img/wide.webp 2x, /static/img/narrow.webp 1x" type="image/webp"><source src="/static/img/src.gif"><img srcset="/static/img/s1.png 1x,/static/img/s2.png 2x"></picture>`,
        ],
      }),
    );
    expect(await find(d, { select: ['link[rel=preload]'], template: '/{section}/fonts/{name}.woff2' })).toMatchObject({
      kind: 'found',
      via: 'link[href]',
      url: 'https://www.site.test/static/fonts/pre.woff2',
    });
    expect(await find(d, { select: ['link[rel=prefetch]'], template: '/{section}/img/{name}.png' })).toMatchObject({
      kind: 'found',
      url: 'https://www.site.test/static/img/next.png',
    });
    expect(await find(d, { select: ['link[rel=icon]'], template: '/favicon.ico' })).toMatchObject({ kind: 'found', url: 'https://www.site.test/favicon.ico' });
    expect(await find(d, { select: ['source[srcset]'], template: '/{section}/img/{name}.webp', pick: 'last' })).toMatchObject({
      kind: 'found',
      url: 'https://www.site.test/static/img/narrow.webp',
    });
    expect(await find(d, { select: ['source[src]'], template: '/{section}/img/{name}.gif' })).toMatchObject({ kind: 'found', via: 'source[src]' });
    expect(await find(d, { select: ['img[srcset]'], template: '/{section}/img/{name}.png', pick: 'last' })).toMatchObject({
      kind: 'found',
      url: 'https://www.site.test/static/img/s2.png',
    });
    // A preload is not a prefetch, nor an icon: the relation is the kind.
    expect(await find(d, { select: ['link[rel=prefetch]', 'link[rel=icon]'], template: '/{section}/fonts/{name}.woff2' })).toMatchObject({
      kind: 'miss',
      problem: 'links nothing of the shape',
    });
  });

  test("addresses the page's scripts requested (a browser's network log, seeded as `network`)", async () => {
    const d = new Discovery(site({}));
    d.seed({ url: HOME, status: 200, requests: {}, candidates: [{ via: 'network', url: new URL('https://analytics.site.test/px.gif?a=1') }] });
    expect(
      await d.find(
        { url: HOME, headers: {} },
        { select: ['network'], template: '{analytics_url}/{file}.gif' },
        { ...values, '{analytics_url}': 'https://analytics.site.test' },
        origin,
      ),
    ).toMatchObject({
      kind: 'found',
      via: 'network',
      url: 'https://analytics.site.test/px.gif?a=1',
    });
  });

  test('a page that links nothing of the shape fails, naming every source looked at and why one gave nothing', async () => {
    const d = new Discovery(
      site({
        [HOME]: [
          'text/html',
          '<style>@import "/static/css/missing.css";</style><link rel="stylesheet" href="/static/css/a.css"><link rel="stylesheet" href="https://cdn.elsewhere.test/x.css"><link rel="preload" as="font" href="/other/fonts/x.woff2">',
        ],
        'https://www.site.test/static/css/a.css': ['text/css', '@font-face { src: url(/static/fonts/x.ttf) }'],
      }),
    );
    const miss = await find(
      d,
      { select: ['font-face', 'link[rel=preload]'], template: '/{section}/fonts/{name}.woff2' },
      { refused: (u) => (u.origin === origin ? undefined : `is not the origin of a mapped role (${u.origin})`) },
    );
    expect(miss).toMatchObject({ kind: 'miss', problem: 'links nothing of the shape', linkedCount: 2 });
    expect(miss.kind === 'miss' && describeMiss(miss)).toBe(
      'https://www.site.test/ links nothing of the shape; it links https://www.site.test/other/fonts/x.woff2, https://www.site.test/static/fonts/x.ttf; looked at ' +
        'https://www.site.test/ (the page), https://www.site.test/static/css/a.css (stylesheet linked by https://www.site.test/), ' +
        'https://cdn.elsewhere.test/x.css (stylesheet linked by https://www.site.test/: not read: is not the origin of a mapped role (https://cdn.elsewhere.test)), https://www.site.test/static/css/missing.css (@import of https://www.site.test/: answered 404)',
    );
  });

  test('a stylesheet that names nothing of the shape widens to the page that linked it', async () => {
    const d = new Discovery(
      site({
        [HOME]: ['text/html', '<link rel="stylesheet" href="/static/css/a.css"><style>@font-face { src: url(/static/fonts/inline.woff2) }</style>'],
        'https://www.site.test/static/css/a.css': ['text/css', '.a { color: red }'],
      }),
    );
    const sheet = { url: 'https://www.site.test/static/css/a.css', headers: {} };
    expect(await d.find(sheet, FONT, values, origin)).toMatchObject({ kind: 'miss' });
    expect(await d.find(sheet, FONT, values, origin, { widen: { url: HOME, headers: {} } })).toMatchObject({
      kind: 'found',
      url: 'https://www.site.test/static/fonts/inline.woff2',
      from: HOME,
      document: sheet.url,
    });
    const none = await d.find(sheet, { ...FONT, template: '/{section}/fonts/{name}.woff' }, values, origin, { widen: { url: HOME, headers: {} } });
    expect(none.kind === 'miss' && none.sources.map((l) => `${l.url} ${l.how}`)).toEqual([
      'https://www.site.test/static/css/a.css the page',
      `${HOME} the page that linked https://www.site.test/static/css/a.css`,
    ]);
  });

  test('stylesheets are read at most MAX_STYLESHEETS per document and imports MAX_IMPORT_DEPTH deep: a target that imports itself without end cannot hold the run', async () => {
    const asked: string[] = [];
    const d = new Discovery(async (req) => {
      asked.push(req.url);
      if (req.url === HOME) return { url: HOME, status: 200, contentType: 'text/html', text: '<link rel="stylesheet" href="/c/0.css">', link: [] };
      const n = Number(/\/c\/(\d+)\.css/.exec(req.url)![1]);
      return {
        url: req.url,
        status: 200,
        contentType: 'text/css',
        text: Array.from({ length: 10 }, (_, i) => `@import "/c/${n * 10 + i + 1}.css";`).join(''),
        link: [],
      };
    });
    const miss = await find(d, FONT);
    expect(miss.kind).toBe('miss');
    expect(asked.length).toBeLessThanOrEqual(1 + MAX_STYLESHEETS);
    expect(miss.kind === 'miss' && miss.sources.some((l) => l.problem === `not read: the first ${MAX_STYLESHEETS} stylesheets were`)).toBe(true);
  });
});

test('the pages handed to the workers keep what makes a stylesheet one the document loads, and link relations: a seeded worker follows them without asking', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'discovery-sheets-'));
  try {
    const pages = {
      [HOME]: ['text/html', '<link rel="stylesheet" href="/static/css/a.css"><link rel="preload" href="/static/fonts/p.woff2">'] as [string, string],
      'https://www.site.test/static/css/a.css': ['text/css', '@import "b.css";'] as [string, string],
      'https://www.site.test/static/css/b.css': ['text/css', '@font-face { src: url(../fonts/b.woff2) }'] as [string, string],
    };
    const setUp = new Discovery(site(pages));
    await setUp.find({ url: HOME, headers: {} }, FONT, values, 'https://www.site.test');
    const file = path.join(dir, 'pages.json');
    writePages(file, await setUp.fetched());
    const worker = new Discovery(async () => {
      throw new Error('a seeded page was asked for again');
    });
    for (const p of readPages(file)) worker.seed(p);
    expect(await worker.find({ url: HOME, headers: {} }, FONT, values, 'https://www.site.test')).toMatchObject({
      kind: 'found',
      url: 'https://www.site.test/static/fonts/b.woff2',
    });
    expect(
      await worker.find({ url: HOME, headers: {} }, { select: ['link[rel=preload]'], template: FONT.template }, values, 'https://www.site.test'),
    ).toMatchObject({
      kind: 'found',
      url: 'https://www.site.test/static/fonts/p.woff2',
    });
    expect(worker.requests).toBe(0);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("`network` in the raw replay: a browser's requests added to a page read here, or why there are none, listed among the sources", async () => {
  const values2 = { ...values, '{analytics_url}': 'https://analytics.site.test' };
  const rule = { select: ['network'] as const, template: '{analytics_url}/{file}.gif' };
  const d = new Discovery(site({ [HOME]: ['text/html', '<script src="/static/js/app.js"></script>'] }));
  const none = await d.find({ url: HOME, headers: {} }, rule, values2, 'https://www.site.test');
  expect(none.kind === 'miss' && describeMiss(none)).toBe(
    "https://www.site.test/ links no address of the selected kinds (network); looked at https://www.site.test/ (the page), https://www.site.test/ (the browser's requests for the page: not read: no browser loaded it in this run)",
  );
  await d.addRequests(HOME, { problem: 'no browser to load it: chromium not found' });
  const failed = await d.find({ url: HOME, headers: {} }, rule, values2, 'https://www.site.test');
  expect(failed.kind === 'miss' && failed.sources[1]).toEqual({
    url: HOME,
    how: "the browser's requests for the page",
    problem: 'no browser to load it: chromium not found',
  });
  await d.addRequests(HOME, { requested: [{ via: 'network', url: new URL('https://analytics.site.test/px.gif?a=1&b=2') }] });
  expect(await d.find({ url: HOME, headers: {} }, rule, values2, 'https://www.site.test')).toMatchObject({
    kind: 'found',
    url: 'https://analytics.site.test/px.gif?a=1&b=2',
    via: 'network',
  });
  // Handed to the workers with the page.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'discovery-requests-'));
  try {
    writePages(path.join(dir, 'pages.json'), await d.fetched());
    const [page] = readPages(path.join(dir, 'pages.json'));
    expect([page.requests, page.candidates.map((c) => c.via)]).toEqual([{}, ['script[src]', 'network']]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
