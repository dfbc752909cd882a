/**
 * The browser's bodies are read within the body cap, by their decoded size: a 48 MiB stylesheet, a
 * 48 MiB page and a gzip bomb (64 KB on the wire, 64 MiB of zeros decoded) are not read at all,
 * and reading them leaves this process about as large as it was.
 */
import type { Browser, Page } from '@playwright/test';
import type * as http from 'node:http';
import { NetworkLog } from './network-log';
import { BIG, bigBodies, bomb, launchFlowChromium, MiB, serveLocal } from '../../testing/local-pages';

const CAP = MiB;

const PAGE = `<!doctype html><html><head><link rel="stylesheet" href="/big.css"><link rel="stylesheet" href="/bomb.css"><link rel="stylesheet" href="/small.css"></head><body><p>page</p></body></html>`;

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

/** An answer without its text, which a failing comparison would print whole (48 MiB). */
function summary(answer: Awaited<ReturnType<NetworkLog['answerOf']>>): unknown {
  if (!answer || !('text' in answer)) return answer;
  return { ...answer, text: `${answer.text.length} bytes: ${answer.text.slice(0, 40)}` };
}

async function loaded(url: string): Promise<{ page: Page; log: NetworkLog }> {
  const page = await browser.newPage();
  const log = new NetworkLog(page, { bodyCapBytes: CAP });
  await log.ready;
  await page.goto(url, { waitUntil: 'load' });
  expect(await log.waitForQuiet(30_000, 200)).toBe(true);
  return { page, log };
}

test('without CDP (another browser), the encoded size and the Content-Length decide', async () => {
  const on = new Map<string, (r: unknown) => void>();
  const page = {
    on: (event: string, handler: (r: unknown) => void) => on.set(event, handler) && page,
    context: () => {
      throw new Error('CDP session is only available in Chromium');
    },
  } as unknown as Page;
  const log = new NetworkLog(page, { bodyCapBytes: 100 });
  await log.ready;
  const text = jest.fn(async () => 'p{}');
  const request = (url: string, encoded: number, headers: Record<string, string>) => {
    const response = { status: () => 200, headers: () => headers, allHeaders: async () => headers, text };
    return {
      url: () => url,
      method: () => 'GET',
      resourceType: () => 'stylesheet',
      headers: () => ({}),
      allHeaders: async () => ({}),
      response: async () => response,
      sizes: async () => ({ responseBodySize: encoded }),
    };
  };
  for (const r of [
    request('https://a.test/encoded', 500, {}),
    request('https://a.test/declared', 10, { 'content-length': '5000' }),
    request('https://a.test/small', 3, { 'content-type': 'text/css' }),
  ]) {
    on.get('request')!(r);
    on.get('requestfinished')!(r);
  }
  expect(await log.answerOf('https://a.test/encoded')).toEqual({ status: 200, overCap: { bytes: 500, cap: 100 } });
  expect(await log.answerOf('https://a.test/declared')).toEqual({ status: 200, overCap: { bytes: 5000, cap: 100 } });
  expect(text).not.toHaveBeenCalled();
  expect(await log.answerOf('https://a.test/small')).toEqual({ status: 200, contentType: 'text/css', text: 'p{}' });
});

test('bodies over the cap, decoded, are not read and this process does not grow by them; a small one is read', async () => {
  expect(bomb().length).toBeLessThan(CAP);
  const site = await loaded(`${origin}/`);
  const big = await loaded(`${origin}/big.html`);

  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const answers = {
    bigCss: summary(await site.log.answerOf(`${origin}/big.css`)),
    bomb: summary(await site.log.answerOf(`${origin}/bomb.css`)),
    small: summary(await site.log.answerOf(`${origin}/small.css`)),
    bigPage: summary(await big.log.answerOf(`${origin}/big.html`)),
  };
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);

  expect(answers).toEqual({
    bigCss: { status: 200, contentType: 'text/css', overCap: { bytes: BIG, cap: CAP } },
    bomb: { status: 200, contentType: 'text/css', overCap: { bytes: 64 * MiB, cap: CAP } },
    small: { status: 200, contentType: 'text/css', text: '18 bytes: p { color: green }' },
    bigPage: { status: 200, contentType: 'text/html', overCap: { bytes: BIG, cap: CAP } },
  });
  // Reading them whole grew this process by about 1 GB at its peak (Playwright's base64 and the
  // copies decoded from it); not reading them, by 0.1 to 0.4 MB. The bound: 8 times the cap, room for noise.
  expect(peak - before).toBeLessThan(8 * CAP);
  await site.page.close();
  await big.page.close();
});
