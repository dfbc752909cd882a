import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { expectSecurityHeaders } from '../../http/expect-security-headers';
import { iisEtag } from '../../http/iis-etag';
import { PROTOCOLS, requestH1, requestH2, startTestServer, type TestServer } from '../../http/test-server';
import { defaultHostContext } from '../context';
import { createSiteApp } from '.';

const HOST = 'www.lessons.test';
const ctx = defaultHostContext();
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer(createSiteApp(ctx));
});
afterAll(() => server.close());

const get = (p: string, headers: Record<string, string> = {}, method = 'GET') => requestH1(server, { host: HOST, path: p, headers, method });

function onDisk(relative: string): { bytes: Buffer; etag: string; lastModified: string } {
  const file = path.join(ctx.contentRoot, 'site', relative);
  const stat = fs.statSync(file, { bigint: true });
  return { bytes: fs.readFileSync(file), etag: iisEtag(stat.mtimeNs), lastModified: new Date(Number(stat.mtimeMs)).toUTCString() };
}

const FILES = [
  ['/static/css/main.css?lw=260408T1654', 'section/css/main.css', 'text/css', true],
  ['/static/js/main.js?lw=260408T1654', 'section/js/main.js', 'application/x-javascript', true],
  ['/layouts/system/VisitorIdentification.js', 'root/layouts/system/VisitorIdentification.js', 'application/x-javascript', true],
  ['/static/img/logo.png', 'section/img/logo.png', 'image/png', false],
  ['/static/img/spacer.gif', 'section/img/spacer.gif', 'image/gif', false],
  ['/static/img/bullet.gif', 'section/img/bullet.gif', 'image/gif', false],
  ['/static/img/hero-illustration.svg', 'section/img/hero-illustration.svg', 'image/svg+xml', false],
  ['/static/fonts/lessons-icons.woff2', 'section/fonts/lessons-icons.woff2', 'application/font-woff2', false],
  ['/static/fonts/lessons-icons.woff', 'section/fonts/lessons-icons.woff', 'application/font-woff', false],
  ['/favicon.ico', 'root/favicon.ico', 'image/x-icon', false],
] as const;

describe.each(PROTOCOLS)('static files over %s', (_name, request) => {
  it.each(FILES)('GET %s', async (url, relative, type, text) => {
    const file = onDisk(relative);
    const res = await request(server, { host: HOST, path: url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers.etag).toBe(file.etag);
    expect(res.headers.etag).toMatch(/^"[0-9a-f]+:0"$/);
    expect(res.headers['last-modified']).toBe(file.lastModified);
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['cache-control']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expectSecurityHeaders(res);
    if (text) {
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(res.body)).toEqual(file.bytes);
    } else {
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toEqual(file.bytes);
    }
  });
});

describe('content coding', () => {
  it.each([
    ['br', undefined],
    ['gzip;q=0', undefined],
    ['gzip;q=0, br', undefined],
    ['identity', undefined],
    ['GZip', 'gzip'],
    ['*', 'gzip'],
  ])('Accept-Encoding %p on CSS -> %p', async (ae, coding) => {
    const res = await get('/static/css/main.css', { 'accept-encoding': ae });
    expect(res.headers['content-encoding']).toBe(coding);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
  });

  it('sends no coding without Accept-Encoding', async () => {
    const res = await get('/static/js/main.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toEqual(onDisk('section/js/main.js').bytes);
  });

  it('never codes fonts, even when gzip is offered', async () => {
    for (const ae of ['identity', 'gzip']) {
      const res = await get('/static/fonts/lessons-icons.woff2', { 'accept-encoding': ae });
      expect(res.headers['content-encoding']).toBeUndefined();
    }
  });

  it('sends the same gzip bytes each time (compressed once)', async () => {
    const a = await get('/static/css/main.css', { 'accept-encoding': 'gzip' });
    const b = await get('/static/css/main.css', { 'accept-encoding': 'gzip' });
    expect(a.body).toEqual(b.body);
    expect(a.body.length).toBeLessThan(onDisk('section/css/main.css').bytes.length / 4);
  });
});

describe('lookup', () => {
  it('ignores the query and the case of the path', async () => {
    const css = onDisk('section/css/main.css').bytes;
    for (const p of ['/STATIC/CSS/MAIN.CSS', '/Static/Css/Main.css?lw=999999T9999&x=1', '/static/css/main.css?']) {
      const res = await get(p);
      expect([p, res.status]).toEqual([p, 200]);
      expect(res.body).toEqual(css);
    }
    expect((await get('/FAVICON.ICO')).status).toBe(200);
  });
});

describe('HEAD', () => {
  it.each(FILES)('HEAD %s mirrors GET without a body', async (url) => {
    const g = await get(url, { 'accept-encoding': 'gzip' });
    const h = await get(url, { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(h.status).toBe(200);
    expect(h.body.length).toBe(0);
    for (const name of ['content-type', 'content-length', 'content-encoding', 'etag', 'last-modified', 'accept-ranges', 'vary']) {
      expect([name, h.headers[name]]).toEqual([name, g.headers[name]]);
    }
    expectSecurityHeaders(h);
  });

  it('ignores Range on HEAD', async () => {
    const h = await get('/static/img/logo.png', { range: 'bytes=0-9' }, 'HEAD');
    expect(h.status).toBe(200);
    expect(h.headers['content-range']).toBeUndefined();
  });
});

describe('conditional requests', () => {
  const url = '/static/css/main.css?lw=260408T1654';
  const { etag, lastModified } = onDisk('section/css/main.css');

  function expectNotModified(res: Awaited<ReturnType<typeof get>>): void {
    expect(res.status).toBe(304);
    expect(res.body.length).toBe(0);
    expect(res.headers.etag).toBe(etag);
    expect(res.headers['last-modified']).toBe(lastModified);
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['content-encoding']).toBeUndefined();
    expectSecurityHeaders(res);
  }

  it.each([etag, `W/${etag}`, `"nope:0", ${etag}`, '*'])('If-None-Match %p -> 304', async (inm) => {
    expectNotModified(await get(url, { 'if-none-match': inm, 'accept-encoding': 'gzip' }));
  });

  it('If-None-Match that does not match -> 200', async () => {
    const res = await get(url, { 'if-none-match': '"0d6835d694bd81:0"' });
    expect(res.status).toBe(200);
  });

  it('If-Modified-Since at or after Last-Modified -> 304, before -> 200', async () => {
    expectNotModified(await get(url, { 'if-modified-since': lastModified }));
    const later = new Date(Date.parse(lastModified) + 86400000).toUTCString();
    expectNotModified(await get(url, { 'if-modified-since': later }));
    const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
    expect((await get(url, { 'if-modified-since': earlier })).status).toBe(200);
    expect((await get(url, { 'if-modified-since': 'garbage' })).status).toBe(200);
  });

  it('ignores If-Modified-Since when If-None-Match is present', async () => {
    expect((await get(url, { 'if-none-match': '"other:0"', 'if-modified-since': lastModified })).status).toBe(200);
  });

  it('answers 412 to a failing If-Match', async () => {
    const res = await get(url, { 'if-match': '"other:0"' });
    expect(res.status).toBe(412);
    expectSecurityHeaders(res);
    expect((await get(url, { 'if-match': etag })).status).toBe(200);
  });

  it('answers 304 over HTTP/2', async () => {
    const res = await requestH2(server, { host: HOST, path: url, headers: { 'if-none-match': etag } });
    expectNotModified(res);
  });
});

describe('ranges', () => {
  const png = onDisk('section/img/logo.png');
  const url = '/static/img/logo.png';

  it('sends one range as 206', async () => {
    const res = await get(url, { range: 'bytes=0-99' });
    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 0-99/${png.bytes.length}`);
    expect(res.headers['content-length']).toBe('100');
    expect(res.body).toEqual(png.bytes.subarray(0, 100));
    expect(res.headers.etag).toBe(png.etag);
    expectSecurityHeaders(res);
  });

  it('sends suffix and open ranges', async () => {
    const tail = await get(url, { range: 'bytes=-10' });
    expect(tail.status).toBe(206);
    expect(tail.body).toEqual(png.bytes.subarray(png.bytes.length - 10));
    const open = await get(url, { range: `bytes=${png.bytes.length - 5}-` });
    expect(open.headers['content-range']).toBe(`bytes ${png.bytes.length - 5}-${png.bytes.length - 1}/${png.bytes.length}`);
  });

  it('ranges over the gzip bytes when gzip is sent', async () => {
    const full = await get('/static/css/main.css', { 'accept-encoding': 'gzip' });
    const part = await get('/static/css/main.css', { 'accept-encoding': 'gzip', range: 'bytes=10-19' });
    expect(part.status).toBe(206);
    expect(part.headers['content-encoding']).toBe('gzip');
    expect(part.headers['content-range']).toBe(`bytes 10-19/${full.body.length}`);
    expect(part.body).toEqual(full.body.subarray(10, 20));
  });

  it('answers 416 to an unsatisfiable range', async () => {
    const res = await get(url, { range: `bytes=${png.bytes.length}-` });
    expect(res.status).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${png.bytes.length}`);
    expect(res.body.length).toBe(0);
    expectSecurityHeaders(res);
  });

  it.each(['bytes=abc', 'bytes=50-10', 'pages=1-2', 'bytes=0-1,10-20'])('sends the full body for Range %p', async (range) => {
    const res = await get(url, { range });
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBeUndefined();
    expect(res.body).toEqual(png.bytes);
  });

  it('honours If-Range only when it matches', async () => {
    expect((await get(url, { range: 'bytes=0-9', 'if-range': png.etag })).status).toBe(206);
    expect((await get(url, { range: 'bytes=0-9', 'if-range': png.lastModified })).status).toBe(206);
    const stale = await get(url, { range: 'bytes=0-9', 'if-range': '"0d6835d694bd81:0"' });
    expect(stale.status).toBe(200);
    expect(stale.body).toEqual(png.bytes);
  });

  it('serves a range over HTTP/2', async () => {
    const res = await requestH2(server, { host: HOST, path: url, headers: { range: 'bytes=0-9' } });
    expect(res.status).toBe(206);
    expect(res.body).toEqual(png.bytes.subarray(0, 10));
  });
});
