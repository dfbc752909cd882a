/**
 * The browser flows' HAR keeps only the bodies within the cap, by their decoded size, and reading
 * the context's answers leaves this process about as large as it was: a 48 MiB stylesheet, a 48 MiB
 * page and a gzip bomb (64 KB on the wire, 64 MiB of zeros decoded) are sized, not read. Playwright's
 * own `recordHar` read each of them whole (about 80 MiB held per 48 MiB body), whatever its `content`.
 */
import type { Browser } from '@playwright/test';
import type * as http from 'node:http';
import { validateEntry } from '../../har/validate';
import { BIG, bigBodies, launchFlowChromium, MiB, serveLocal } from '../../testing/local-pages';
import { HarRecorder, overCapComment } from './har-recorder';

const CAP = MiB;

const PAGE = `<!doctype html><html><head><link rel="stylesheet" href="/big.css"><link rel="stylesheet" href="/bomb.css"><link rel="stylesheet" href="/small.css"></head><body><p>page</p><a href="/moved">moved</a></body></html>`;

let server: http.Server | undefined;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  ({ server, origin } = await serveLocal(bigBodies(PAGE)));
  browser = await launchFlowChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((r) => server?.close(r));
});

test('bodies over the cap, decoded, are marked and never read; a small one is kept; the process does not grow by them', async () => {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const context = await browser.newContext();
  const recorder = new HarRecorder(context, CAP);
  const page = await context.newPage();
  await recorder.ready();
  await page.goto(`${origin}/`, { waitUntil: 'load' });
  await page.goto(`${origin}/moved`, { waitUntil: 'load' });
  const har = await recorder.har();
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  await context.close();

  const byPath = new Map(har.log.entries.map((e) => [new URL(e.request.url).pathname, e.response as { status: number; content: Record<string, unknown> }]));
  expect([...byPath.keys()].sort()).toEqual(['/', '/big.css', '/big.html', '/bomb.css', '/moved', '/small.css']);
  const over = { comment: overCapComment(CAP) };
  expect(byPath.get('/big.css')?.content).toEqual({ size: BIG, mimeType: 'text/css', ...over });
  expect(byPath.get('/bomb.css')?.content).toEqual({ size: 64 * MiB, mimeType: 'text/css', ...over });
  expect(byPath.get('/big.html')?.content).toEqual({ size: BIG, mimeType: 'text/html', ...over });
  expect(byPath.get('/small.css')?.content).toEqual({ size: 18, mimeType: 'text/css', text: 'p { color: green }' });
  expect(byPath.get('/')?.content.text).toBe(PAGE);
  // A redirect's body is not kept by Chromium: its size is what it declared, else unknown (-1).
  expect(byPath.get('/moved')).toMatchObject({ status: 302, redirectURL: '/big.html', content: { size: -1 } });
  expect(JSON.stringify(har).length).toBeLessThan(64 * 1024);
  // A valid HAR entry each, as har2spec reads them.
  expect(har.log.entries.flatMap((e, i) => validateEntry(e, i, 'flow.har'))).toEqual([]);
  // The growth counts a context and two page loads too (about 10 MiB on a loaded machine); reading
  // any one of these bodies whole would add 48 MiB or more by itself (Playwright's recorder: ~330 MiB).
  expect((peak - before) / MiB).toBeLessThan(24);
});
