import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import sharp from 'sharp';
import { PROTOCOLS, startTestServer, type TestResponse, type TestServer } from '../../http/test-server';
import { defaultHostContext } from '../context';
import { createRedirectorApp } from '.';

const ctx = defaultHostContext();
const AE = { 'accept-encoding': 'gzip, deflate, br' };
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer(createRedirectorApp(ctx));
});
afterAll(() => server.close());

function expectEdge(res: TestResponse): void {
  expect(res.headers.server).toBe('cloudflare');
  expect(res.headers['cf-ray']).toMatch(/^[0-9a-f]{16}-[A-Z]{3}$/);
}

function expectCloudflareRedirect(res: TestResponse, location: string): void {
  expect(res.status).toBe(301);
  expect(res.headers.location).toBe(location);
  expect(res.headers['content-type']).toBe('text/html');
  expect(res.headers['content-length']).toBe('167');
  expect(res.headers['cache-control']).toBe('max-age=3600');
  expect(Date.parse(res.headers.expires as string) - Date.parse(res.headers.date as string)).toBe(3600 * 1000);
  expectEdge(res);
}

describe.each(PROTOCOLS)('over %s', (_name, request) => {
  const get = (host: string, p: string, headers: Record<string, string> = AE, method = 'GET') => request(server, { host, path: p, headers, method });

  it('GET /<directory>/ -> gzip HTML page, SAMEORIGIN', async () => {
    for (const dir of ['/links/', '/docs/', '/a-b_c.d/']) {
      const res = await get('go.redirect.test', dir);
      expect([dir, res.status]).toEqual([dir, 200]);
      expect(res.headers['content-type']).toBe('text/html; charset=UTF-8');
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(zlib.gunzipSync(res.body).toString()).toContain('/cdn-cgi/styles/cf.errors.css');
      expectEdge(res);
    }
    expect((await get('go.redirect.test', '/links/', {})).headers['content-encoding']).toBeUndefined();
  });

  it('follows the favicon chain hop by hop, each with the 167-byte Cloudflare body', async () => {
    const first = await get('go.redirect.test', '/favicon.ico');
    expectCloudflareRedirect(first, 'https://hop2.redirect.test/');
    expect(first.body.length).toBe(167);
    expect(first.body.toString('latin1')).toContain('<hr><center>cloudflare</center>\r\n');
    const second = await get('hop2.redirect.test', '/');
    expectCloudflareRedirect(second, 'https://hop3.redirect.test/');
    expect(second.body.length).toBe(167);
    const third = await get('hop3.redirect.test', '/');
    expect(third.status).toBe(200);
    expect(third.headers['content-type']).toBe('text/html; charset=UTF-8');
    expect(zlib.gunzipSync(third.body).toString()).toContain('You have arrived');
  });

  it('keeps the port of the request in the Location', async () => {
    const res = await get('go.redirect.test:8443', '/favicon.ico');
    expect(res.headers.location).toBe('https://hop2.redirect.test:8443/');
  });

  it('answers HEAD on a redirect with the headers and no body', async () => {
    const res = await get('go.redirect.test', '/favicon.ico', AE, 'HEAD');
    expectCloudflareRedirect(res, 'https://hop2.redirect.test/');
    expect(res.body.length).toBe(0);
  });

  it.each(['go.redirect.test', 'hop2.redirect.test', 'hop3.redirect.test'])('serves cf.errors.css on %s: gzip, max-age=7200, public, DENY', async (host) => {
    const res = await get(host, '/cdn-cgi/styles/cf.errors.css');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/css');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('max-age=7200, public');
    expect(res.headers['x-frame-options']).toBe('DENY');
    const css = zlib.gunzipSync(res.body).toString();
    expect(css).toBe(fs.readFileSync(path.join(ctx.contentRoot, 'redirector/cdn-cgi/styles/cf.errors.css'), 'utf8'));
    expect(css).toContain('/cdn-cgi/images/icon-exclamation.png?1376755637');
  });

  it('serves the 452-byte 54x54 exclamation icon', async () => {
    for (const q of ['?1376755637', '']) {
      const res = await get('go.redirect.test', `/cdn-cgi/images/icon-exclamation.png${q}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-length']).toBe('452');
      expect(res.body.length).toBe(452);
      expect(res.headers['cache-control']).toBe('max-age=7200, public');
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(await sharp(res.body).metadata()).toMatchObject({ format: 'png', width: 54, height: 54 });
    }
    const head = await get('go.redirect.test', '/cdn-cgi/images/icon-exclamation.png?1', AE, 'HEAD');
    expect([head.status, head.body.length, head.headers['content-length']]).toEqual([200, 0, '452']);
  });

  it.each([
    ['go.redirect.test', '/'],
    ['go.redirect.test', '/links'],
    ['go.redirect.test', '/links/deeper/'],
    ['go.redirect.test', '/.hidden/'],
    ['go.redirect.test', '/%6Cinks/'],
    ['hop2.redirect.test', '/favicon.ico'],
    ['hop2.redirect.test', '/links/'],
    ['hop3.redirect.test', '/favicon.ico'],
    ['go.redirect.test', '/cdn-cgi/styles/other.css'],
    ['go.redirect.test', '/../etc/passwd'],
  ])('%s%s -> 404', async (host, p) => {
    const res = await get(host, p);
    expect(res.status).toBe(404);
    expectEdge(res);
  });

  it('answers a malformed percent-encoding with 400', async () => {
    expect((await get('go.redirect.test', '/%zz/')).status).toBe(400);
  });

  it.each(['POST', 'PUT', 'DELETE', 'OPTIONS'])('%s -> 405 with Allow', async (method) => {
    const res = await get('go.redirect.test', '/favicon.ico', {}, method);
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expectEdge(res);
  });
});
