/*
 * The shop, redirector and analytics roles inside the composed reference: real certificates per
 * name, the favicon chain across hosts and ports, the site page's beacons, and bad input that the
 * shared guards answer before any host sees it.
 */
import * as zlib from 'node:zlib';
import { useReference } from '../../testing/reference';

const reference = useReference();
const PROTOCOLS = ['h1', 'h2'] as const;

describe.each(PROTOCOLS)('composed reference over %s', (protocol) => {
  const get = (host: string, path: string, headers: Record<string, string> = {}, method = 'GET') =>
    reference.request({ host, path, protocol, headers, method });

  it('lists the three roles as implemented', () => {
    expect(reference.ref().implemented).toEqual(expect.arrayContaining(['shop', 'redirector', 'analytics']));
  });

  it('follows the favicon chain with the port of the request', async () => {
    const port = reference.ref().tlsPort;
    const first = await get('go.redirect.test', '/favicon.ico');
    expect(first.status).toBe(301);
    expect(first.headers.location).toBe(`https://hop2.redirect.test:${port}/`);
    expect(first.body.length).toBe(167);
    const second = await get('hop2.redirect.test', '/');
    expect(second.headers.location).toBe(`https://hop3.redirect.test:${port}/`);
    expect(second.body.length).toBe(167);
    const third = await get('hop3.redirect.test', '/', { 'accept-encoding': 'gzip' });
    expect(third.status).toBe(200);
    expect(third.headers['content-encoding']).toBe('gzip');
  });

  it('serves the site home page whose beacons the analytics host answers', async () => {
    const home = await get('www.lessons.test', '/', { 'accept-encoding': 'gzip' });
    const html = zlib.gunzipSync(home.body).toString();
    const origin = /var origin = '([^']+)';/.exec(html)![1];
    expect(origin).toBe(`https://analytics.beacon.test:${reference.ref().tlsPort}`);
    expect(html).toContain("origin + '/ccm/collect?'");
    expect(html).toContain("origin + '/t.gif?'");
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) expect(html).toMatch(new RegExp(`[{ ]${key}: `));
    const hit = await get(
      'analytics.beacon.test',
      '/ccm/collect?v=2&tid=G-LSN2604TST&en=page_view',
      { origin: `https://www.lessons.test:${reference.ref().tlsPort}`, 'content-length': '0' },
      'POST',
    );
    expect(hit.status).toBe(200);
    expect(hit.headers['access-control-allow-origin']).toBe(`https://www.lessons.test:${reference.ref().tlsPort}`);
    const pixel = await get('analytics.beacon.test', '/t.gif?a=1&b=2&c=%2F&d=t&e=&f=1x1&g=en&h=3');
    expect([pixel.status, pixel.body.length, pixel.headers['content-type']]).toEqual([200, 43, 'image/gif']);
  });

  it('serves the product page with its signed assets', async () => {
    const res = await get('shop.store.test', '/products/linen-apron?utm_source=a&utm_medium=b&utm_campaign=c', { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const html = zlib.brotliDecompressSync(res.body).toString();
    const font = /url\("([^"]+)"\)/.exec(html)![1];
    expect((await get('shop.store.test', font)).status).toBe(200);
  });

  it.each(['shop.store.test', 'go.redirect.test', 'analytics.beacon.test'])('answers an oversized query string on %s with 414', async (host) => {
    const res = await get(host, `/products/linen-apron?utm_source=${'x'.repeat(5000)}`);
    expect(res.status).toBe(414);
  });
});
