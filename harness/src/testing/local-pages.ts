/**
 * Test support for the browser tests: pages served from loopback, and the Chromium the flows
 * launch. Among the pages, one whose sub-resources a reader must size before it reads them: a
 * 48 MiB stylesheet, a 48 MiB page behind a redirect, a gzip bomb of 64 KB that decodes to 64 MiB.
 * The big bodies are written chunk by chunk, so the server holds no copy of what it sends and a
 * test measures only the reader.
 */
import { chromium, type Browser } from '@playwright/test';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as zlib from 'node:zlib';
import { findChromium } from '../browser/chromium-path';
import { CHROMIUM_ARGS } from '../browser/launch';

export const MiB = 1024 * 1024;
export const BIG = 48 * MiB;
let made: Buffer | undefined;
/** 64 MiB of zeros gzipped (64 KB), made once, when a test first serves it (before it measures anything). */
export function bomb(): Buffer {
  made ??= zlib.gzipSync(Buffer.alloc(64 * MiB), { level: 9 });
  return made;
}
// Blanks inside a comment: Chromium parses them in little time, and the tests are about their size.
const FILLER = Buffer.alloc(64 * 1024, ' ');

/** `BIG` bytes written chunk by chunk. */
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

/** `page` at `/`, and the bodies it may link: /small.css, /big.css, /bomb.css, /big.html, and /moved (302 to /big.html). */
export function bigBodies(page: string): http.RequestListener {
  const gz = bomb();
  return (req, res) => {
    if (req.url === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end(page);
    if (req.url === '/small.css') return void res.writeHead(200, { 'content-type': 'text/css' }).end('p { color: green }');
    if (req.url === '/big.css') return sendBig(res, 'text/css', '/*', '*/');
    if (req.url === '/big.html') return sendBig(res, 'text/html', '<!doctype html><p>big</p><!--', '-->');
    if (req.url === '/moved') return void res.writeHead(302, { location: '/big.html' }).end();
    // Content-Length, Playwright's encoded size: all 64 KB of it, under any cap a test sets.
    if (req.url === '/bomb.css')
      return void res.writeHead(200, { 'content-type': 'text/css', 'content-encoding': 'gzip', 'content-length': String(gz.length) }).end(gz);
    res.writeHead(404).end();
  };
}

/** A server of `handler` on a free loopback port, and its origin. */
export async function serveLocal(handler: http.RequestListener): Promise<{ server: http.Server; origin: string }> {
  const server = http.createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** The Chromium the browser flows drive (its headless shell where installed), with their switches. */
export function launchFlowChromium(): Promise<Browser> {
  const path = findChromium().path;
  return chromium.launch({ ...(path ? { executablePath: path } : {}), args: [...CHROMIUM_ARGS] });
}
