import { PROTOCOLS, startTestServer, type TestServer } from '../../http/test-server';
import { defaultHostContext } from '../context';
import { TRANSPARENT_GIF } from './beacons';
import { createAnalyticsApp } from '.';

const HOST = 'analytics.beacon.test';
const ORIGIN = 'https://www.lessons.test:8443';
const HIT = '/ccm/collect?v=2&tid=G-LSN2604TST&cid=123.456&en=page_view&dl=https%3A%2F%2Fwww.lessons.test%2F';
const PIXEL = '/t.gif?a=LSN-260408&b=123.456&c=%2F&d=Lessons&e=&f=1280x720&g=en-US&h=42';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer(createAnalyticsApp(defaultHostContext()));
});
afterAll(() => server.close());

describe.each(PROTOCOLS)('over %s', (_name, request) => {
  const send = (method: string, p: string, headers: Record<string, string> = {}) => request(server, { host: HOST, path: p, method, headers });

  describe('POST /ccm/collect', () => {
    it('answers an empty-body hit with an empty uncacheable 200 for the calling origin', async () => {
      const res = await send('POST', HIT, { origin: ORIGIN, 'content-length': '0' });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain');
      expect(res.headers['content-length']).toBe('0');
      expect(res.body.length).toBe(0);
      expect(res.headers['cache-control']).toBe('no-cache, no-store, must-revalidate');
      expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
      expect(res.headers['access-control-allow-credentials']).toBe('true');
      expect(res.headers.vary).toBe('Origin');
    });

    it('sends no ACAO without an Origin, or with a malformed one', async () => {
      for (const headers of [{}, { origin: 'not an origin' }] as Array<Record<string, string>>) {
        const res = await send('POST', HIT, headers);
        expect(res.status).toBe(200);
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
        expect(res.headers.vary).toBe('Origin');
      }
    });

    it('answers a CORS preflight', async () => {
      const res = await send('OPTIONS', HIT, { origin: ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' });
      expect(res.status).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
      expect(res.headers['access-control-allow-methods']).toBe('POST, OPTIONS');
      expect(res.headers['access-control-allow-headers']).toBe('content-type');
      expect(res.headers['access-control-max-age']).toBe('86400');
      expect(res.headers.vary).toBe('Origin, Access-Control-Request-Method, Access-Control-Request-Headers');
      expect(res.body.length).toBe(0);
    });

    it('accepts a small body, refuses an oversized one with 413 and a hit without parameters with 400', async () => {
      expect((await request(server, { host: HOST, path: HIT, method: 'POST', body: 'x=1' })).status).toBe(200);
      expect(
        (await request(server, { host: HOST, path: HIT, method: 'POST', headers: { 'content-length': String(20000) }, body: 'y'.repeat(20000) })).status,
      ).toBe(413);
      for (const p of ['/ccm/collect', '/ccm/collect?']) expect((await send('POST', p)).status).toBe(400);
    });

    it.each(['GET', 'HEAD', 'PUT', 'DELETE'])('%s -> 405 with Allow', async (method) => {
      const res = await send(method, HIT);
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('POST, OPTIONS');
    });
  });

  describe('GET /t.gif (tracking beacon)', () => {
    it('answers with the 43-byte transparent GIF, never cached', async () => {
      const res = await send('GET', PIXEL, { accept: 'image/avif,image/webp,*/*' });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/gif');
      expect(res.headers['content-length']).toBe('43');
      expect(res.body).toEqual(TRANSPARENT_GIF);
      expect(res.headers['cache-control']).toBe('private, no-store, max-age=0');
    });

    it('answers HEAD without a body', async () => {
      const res = await send('HEAD', PIXEL);
      expect([res.status, res.body.length, res.headers['content-length']]).toEqual([200, 0, '43']);
    });

    it('refuses a beacon without all of a..h with 400', async () => {
      for (const p of ['/t.gif', '/t.gif?a=1&b=2', PIXEL.replace('&h=42', '')]) {
        const res = await send('GET', p);
        expect([p, res.status]).toEqual([p, 400]);
        expect(res.body.toString()).toMatch(/^Bad Request: missing /);
      }
    });

    it.each(['POST', 'OPTIONS', 'DELETE'])('%s -> 405 with Allow', async (method) => {
      const res = await send(method, PIXEL);
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
    });
  });

  it.each(['/', '/ccm/collect/', '/CCM/collect', '/t.gif/x', '/g/collect'])('%s -> 404', async (p) => {
    expect((await send('GET', p)).status).toBe(404);
  });
});
