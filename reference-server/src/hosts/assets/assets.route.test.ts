import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { expectSecurityHeaders } from '../../http/expect-security-headers';
import { requestH1, requestH2, startTestServer, type TestResponse, type TestServer } from '../../http/test-server';
import { defaultHostContext } from '../context';
import { createAssetsApp } from '.';

const HOST = 'media.lessons.test';
const ctx = defaultHostContext();
const REV = '?rev=43b14fb918c28f96ab445eb0bf3f4b49';
const BROWSER_AE = { 'accept-encoding': 'gzip, deflate, br, zstd' };
let server: TestServer;

beforeEach(async () => {
  // A fresh app per test: the cache status depends on what this instance has served.
  server = await startTestServer(createAssetsApp(ctx));
});
afterEach(() => server.close());

const get = (p: string, headers: Record<string, string> = BROWSER_AE, method = 'GET') => requestH1(server, { host: HOST, path: p, headers, method });

function media(relative: string): { bytes: Buffer; lastModified: string } {
  const file = path.join(ctx.contentRoot, 'assets/media', relative);
  return { bytes: fs.readFileSync(file), lastModified: fs.statSync(file).mtime.toUTCString() };
}

function expectMediaHeaders(res: TestResponse, name: string, lastModified: string): void {
  expect(res.headers['content-type']).toBe('image/svg+xml');
  expect(res.headers['cache-control']).toBe('public, max-age=604800');
  expect(res.headers.vary).toBe('Accept-Encoding');
  expect(res.headers['content-disposition']).toBe(`inline; filename=${name}`);
  expect(res.headers['last-modified']).toBe(lastModified);
  expect(res.headers.etag).toBeUndefined();
  expect(res.headers['x-azure-ref']).toMatch(/^\d{8}T\d{6}Z-[a-z0-9]{16}$/);
  expect(res.headers['x-cache']).toMatch(/^TCP_(HIT|MISS)$/);
  expectSecurityHeaders(res);
}

describe('GET /-/media/...svg', () => {
  const search = media('Project/Lessons/icons/search.svg');
  const url = `/-/media/Project/Lessons/icons/search.svg${REV}`;

  it('serves brotli with the CDN headers', async () => {
    const res = await get(url);
    expect(res.status).toBe(200);
    expectMediaHeaders(res, 'search.svg', search.lastModified);
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(zlib.brotliDecompressSync(res.body)).toEqual(search.bytes);
    expect(res.headers['accept-ranges']).toBeUndefined();
  });

  it('reports a miss first, then hits', async () => {
    const first = await get(url);
    const second = await get(url);
    const third = await requestH2(server, { host: HOST, path: url, headers: BROWSER_AE });
    const other = await get('/-/media/Project/Lessons/subjects/math.svg');
    expect([first.headers['x-cache'], second.headers['x-cache'], third.headers['x-cache'], other.headers['x-cache']]).toEqual([
      'TCP_MISS',
      'TCP_HIT',
      'TCP_HIT',
      'TCP_MISS',
    ]);
    expect(first.headers['x-azure-ref']).not.toBe(second.headers['x-azure-ref']);
  });

  it.each([
    ['gzip', 'gzip'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0.1, gzip', 'gzip'],
    ['identity', undefined],
    ['deflate', undefined],
  ])('Accept-Encoding %p -> %p', async (ae, coding) => {
    const res = await get(url, { 'accept-encoding': ae });
    expect(res.headers['content-encoding']).toBe(coding);
    const body = coding === 'gzip' ? zlib.gunzipSync(res.body) : res.body;
    expect(body).toEqual(search.bytes);
  });

  it('needs no rev, accepts any rev, and matches paths without regard to case', async () => {
    for (const p of ['/-/media/Project/Lessons/icons/search.svg', '/-/media/project/lessons/ICONS/Search.SVG?rev=anything', `${url}&h=24&w=24`]) {
      const res = await get(p);
      expect([p, res.status]).toEqual([p, 200]);
      expect(res.headers['content-disposition']).toBe('inline; filename=search.svg');
    }
  });

  it('serves every media file in both folders', async () => {
    for (const rel of [
      'Project/Lessons/icons/search.svg',
      'Project/Lessons/icons/bookmark.svg',
      'Project/Lessons/icons/download.svg',
      'Project/Lessons/subjects/math.svg',
      'Project/Lessons/subjects/science.svg',
    ]) {
      const res = await get(`/-/media/${rel}${REV}`);
      expect(res.status).toBe(200);
      expect(zlib.brotliDecompressSync(res.body)).toEqual(media(rel).bytes);
    }
  });

  it('answers If-Modified-Since with 304 and the same headers', async () => {
    const res = await get(url, { ...BROWSER_AE, 'if-modified-since': search.lastModified });
    expect(res.status).toBe(304);
    expect(res.body.length).toBe(0);
    expectMediaHeaders(res, 'search.svg', search.lastModified);
    const earlier = new Date(Date.parse(search.lastModified) - 1000).toUTCString();
    expect((await get(url, { ...BROWSER_AE, 'if-modified-since': earlier })).status).toBe(200);
  });

  it('ignores Range', async () => {
    const res = await get(url, { range: 'bytes=0-9' });
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBeUndefined();
    expect(res.body).toEqual(search.bytes);
  });

  it('answers HEAD like GET without a body', async () => {
    const g = await get(url);
    const h = await get(url, BROWSER_AE, 'HEAD');
    expect(h.status).toBe(200);
    expect(h.body.length).toBe(0);
    expectMediaHeaders(h, 'search.svg', search.lastModified);
    expect(h.headers['content-length']).toBe(g.headers['content-length']);
    expect(h.headers['content-encoding']).toBe('br');
  });

  it('works over HTTP/2', async () => {
    const res = await requestH2(server, { host: HOST, path: url, headers: BROWSER_AE });
    expect(res.status).toBe(200);
    expectMediaHeaders(res, 'search.svg', search.lastModified);
    expect(zlib.brotliDecompressSync(res.body)).toEqual(search.bytes);
  });
});

describe('errors', () => {
  it.each([
    '/',
    '/-/media/Project/Lessons/icons/missing.svg',
    '/-/media/Project/Lessons/icons',
    '/-/media/../../CANARY-outside-root.txt',
    '/-/media/%2e%2e/%2e%2e/CANARY-outside-root.txt',
    '/-/media/Project/..%2f..%2f..%2fCANARY-outside-root.txt',
    '/-/media/Project%5cLessons%5cicons%5csearch.svg',
    '/-/media/Project\\Lessons\\icons\\search.svg',
    '/-/media/Project/Lessons/icons/search.svg%00',
    '/-/media/Project/Lessons/icons/./search.svg',
    '/media/Project/Lessons/icons/search.svg',
  ])('%s -> 404', async (p) => {
    const res = await get(p);
    expect(res.status).toBe(404);
    expect(res.body.toString()).not.toContain('CANARY');
    expectSecurityHeaders(res);
    expect(res.headers['x-azure-ref']).toMatch(/^\d{8}T\d{6}Z-[a-z0-9]{16}$/);
  });

  it('answers 400 to a malformed percent-encoding', async () => {
    expect((await get('/-/media/%zz.svg')).status).toBe(400);
  });

  it.each(['POST', 'PUT', 'DELETE', 'OPTIONS'])('%s -> 405 with Allow', async (method) => {
    const res = await get('/-/media/Project/Lessons/icons/search.svg', {}, method);
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expectSecurityHeaders(res);
  });

  it('answers 404 and 405 over HTTP/2', async () => {
    expect((await requestH2(server, { host: HOST, path: '/-/media/nope.svg' })).status).toBe(404);
    expect((await requestH2(server, { host: HOST, path: '/-/media/Project/Lessons/icons/search.svg', method: 'DELETE' })).status).toBe(405);
  });
});
