/**
 * The browser's bodies are read within the body cap, by their decoded size: a 48 MiB stylesheet, a
 * 48 MiB page and a gzip bomb (64 KB on the wire, 64 MiB of zeros decoded) are not read at all,
 * and reading them leaves this process about as large as it was.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as zlib from 'node:zlib';
import { findChromium } from '../../browser/chromium-path';
import { CHROMIUM_ARGS } from '../../browser/launch';
import { NetworkLog } from './network-log';

const MiB = 1024 * 1024;
const CAP = MiB;
const BIG = 48 * MiB;
// Made before anything is measured: the bomb's 64 MiB of zeros are this process's own, not a read's.
const BOMB = zlib.gzipSync(Buffer.alloc(64 * MiB), { level: 9 });
// Blanks inside a comment: Chromium parses them in little time, and the test is about their size.
const FILLER = Buffer.alloc(64 * 1024, ' ');

/** `BIG` bytes written chunk by chunk: the server holds no copy of a body it sends. */
function sendBig(res: http.ServerResponse, type: string, open: string, close: string): void {
  res.writeHead(200, { 'content-type': type, 'content-length': String(BIG) });
  res.write(open);
  let left = BIG - open.length - close.length;
  const more = (): void => {
    while (left > 0) {
      const n = Math.min(left, FILLER.length);
      left -= n;
      if (!res.write(n === FILLER.length ? FILLER : FILLER.subarray(0, n))) return void res.once('drain', more);
    }
    res.end(close);
  };
  more();
}

const PAGE = `<!doctype html><html><head><link rel="stylesheet" href="/big.css"><link rel="stylesheet" href="/bomb.css"><link rel="stylesheet" href="/small.css"></head><body><p>page</p></body></html>`;

let server: http.Server;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    if (req.url === '/small.css') return void res.writeHead(200, { 'content-type': 'text/css' }).end('p { color: green }');
    if (req.url === '/big.css') return sendBig(res, 'text/css', '/*', '*/');
    if (req.url === '/big.html') return sendBig(res, 'text/html', '<!doctype html><p>big</p><!--', '-->');
    // Content-Length, Playwright's encoded size: all 64 KB of it, under the cap.
    if (req.url === '/bomb.css')
      return void res.writeHead(200, { 'content-type': 'text/css', 'content-encoding': 'gzip', 'content-length': String(BOMB.length) }).end(BOMB);
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const path = findChromium().path;
  browser = await chromium.launch({ ...(path ? { executablePath: path } : {}), args: [...CHROMIUM_ARGS] });
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
  expect(BOMB.length).toBeLessThan(CAP);
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
