import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describeMiss, Discovery, type SourceFetch } from './discovery';
import { readPages, writePages } from './shared-pages';

const HOME = 'https://www.site.test/';
const values = { '{base_url}': 'https://www.site.test', '{section}': 'static', '{value:PRODUCT_HANDLE}': 'apron' };
const page = `<link rel=stylesheet href="/static/css/site.css?lw=1"><img src="/static/img/a.png"><img src="/static/img/b.png">
  <a href="/products/scarf">scarf</a><script src="/static/js/app.js"></script><img src="/static/img/c.gif"><img src="/other/img/d.png">
  <img src="/x/1.jpg"><img src="/x/2.jpg"><img src="/x/3.jpg">`;

const calls: string[] = [];
function fetcher(status = 200): SourceFetch {
  return async (req) => {
    calls.push(req.url);
    return { url: req.url, status, contentType: 'text/html', text: page, link: [] };
  };
}

test('finds the first (or last) address of the shape; a page is read once however many rules ask', async () => {
  calls.length = 0;
  const d = new Discovery(fetcher());
  const src = { url: HOME, headers: {} };
  const css = await d.find(src, { select: ['link[href]'], template: '/{section}/css/{name}.css' }, values, 'https://www.site.test');
  expect(css).toMatchObject({ kind: 'found', url: 'https://www.site.test/static/css/site.css?lw=1', via: 'link[href]', from: HOME, parts: { name: 'site' } });
  const last = await d.find(src, { select: ['img[src]'], template: '/{section}/img/{name}.png', pick: 'last' }, values, 'https://www.site.test');
  expect(last).toMatchObject({ kind: 'found', url: 'https://www.site.test/static/img/b.png' });
  expect(calls).toEqual([HOME]);
  expect(d.requests).toBe(1);
});

test('nothing of the shape: the page, the shape and the first few addresses it did link', async () => {
  const d = new Discovery(fetcher());
  const miss = await d.find({ url: HOME, headers: {} }, { select: ['img[src]'], template: '/{section}/img/{name}.svg' }, values, 'https://www.site.test');
  expect(miss).toMatchObject({ kind: 'miss', template: '/{section}/img/{name}.svg', linkedCount: 7 });
  expect(miss.kind === 'miss' && describeMiss(miss)).toBe(
    'https://www.site.test/ links nothing of the shape; it links https://www.site.test/static/img/a.png, https://www.site.test/static/img/b.png, https://www.site.test/static/img/c.gif, https://www.site.test/other/img/d.png, https://www.site.test/x/1.jpg and 2 more',
  );
  const none = await d.find({ url: HOME, headers: {} }, { select: ['source[srcset]'], template: '/{section}/img/{name}.svg' }, values, 'https://www.site.test');
  expect(none.kind === 'miss' && describeMiss(none)).toBe('https://www.site.test/ links no address of the selected kinds (source[srcset])');
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
