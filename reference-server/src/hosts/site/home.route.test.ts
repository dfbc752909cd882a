import { expectSecurityHeaders } from '../../http/expect-security-headers';
import { decodedBody, headerLines, PROTOCOLS, requestH1, requestH2, startTestServer, type TestServer } from '../../http/test-server';
import { defaultHostContext } from '../context';
import { createSiteApp } from '.';

const HOST = 'www.lessons.test';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer(createSiteApp(defaultHostContext()));
});
afterAll(() => server.close());

const get = (path: string, headers: Record<string, string> = {}) => requestH1(server, { host: HOST, path, headers });

function cookieLines(res: Awaited<ReturnType<typeof get>>): string[] {
  return headerLines(res, 'set-cookie');
}

describe('GET / (home page)', () => {
  it('sends the uncacheable gzip HTML page with the header set', async () => {
    const res = await get('/', { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['cache-control']).toBe('no-cache, no-store');
    expect(res.headers.expires).toBe('-1');
    expect(res.headers.pragma).toBe('no-cache');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['last-modified']).toBeUndefined();
    expectSecurityHeaders(res, { frameOptionsLines: 2 });
    expect(decodedBody(res).toString()).toMatch(/^<!DOCTYPE html>/);
  });

  it('sets every cookie with its exact attributes', async () => {
    const res = await get('/');
    const lines = cookieLines(res);
    expect(lines).toHaveLength(7);
    const session = lines.filter((l) => l.startsWith('ASP.NET_SessionId='));
    expect(session).toHaveLength(2);
    expect(session[0]).toBe(session[1]);
    expect(session[0]).toMatch(/^ASP\.NET_SessionId=[a-z0-9]{24}; path=\/; HttpOnly; SameSite=Lax$/);

    const analytics = lines.find((l) => l.startsWith('SC_ANALYTICS_GLOBAL_COOKIE='))!;
    const m = /^SC_ANALYTICS_GLOBAL_COOKIE=[0-9a-f]{32}\|False; expires=([^;]+); path=\/; HttpOnly$/.exec(analytics);
    expect(m).not.toBeNull();
    const expires = new Date(m![1]);
    expect(m![1]).toBe(expires.toUTCString());
    // 10 x 365.25 days after issue, measured from the answer's own Date (whole seconds, written just after).
    const offset = expires.getTime() - Date.parse(String(res.headers.date));
    expect(Math.abs(offset - 3652.5 * 86_400_000)).toBeLessThan(5000);

    expect(lines).toContainEqual(expect.stringMatching(/^__RequestVerificationToken=[A-Za-z0-9_-]{90,110}; path=\/; HttpOnly$/));
    expect(lines).toContain('sxa_site=Lessons; path=/');
    const arr = lines.find((l) => l.startsWith('ARRAffinity='))!;
    const arrValue = /^ARRAffinity=([0-9a-f]{64});Path=\/;HttpOnly;Secure;Domain=www\.lessons\.test$/.exec(arr);
    expect(arrValue).not.toBeNull();
    expect(lines).toContain(`ARRAffinitySameSite=${arrValue![1]};Path=/;HttpOnly;SameSite=None;Secure;Domain=www.lessons.test`);
  });

  it('keeps the values of valid cookies sent back, and replaces invalid ones', async () => {
    const first = cookieLines(await get('/'));
    const cookie = first
      .filter((l, i) => i !== 1)
      .map((l) => l.split(';', 1)[0])
      .join('; ');
    const again = cookieLines(await get('/', { cookie }));
    const pairs = (lines: string[]) => lines.map((l) => l.split(';', 1)[0]);
    expect(pairs(again)).toEqual(pairs(first));

    const bad = cookieLines(await get('/', { cookie: 'ASP.NET_SessionId=short; SC_ANALYTICS_GLOBAL_COOKIE=j:{"a":1}; ARRAffinity=xyz' }));
    expect(bad[0]).toMatch(/^ASP\.NET_SessionId=[a-z0-9]{24};/);
    expect(bad[2]).toMatch(/^SC_ANALYTICS_GLOBAL_COOKIE=[0-9a-f]{32}\|False;/);
    expect(bad[5]).toMatch(/^ARRAffinity=[0-9a-f]{64};/);
  });

  it('names the host without its port in the ARR cookies', async () => {
    const res = await requestH1(server, { host: 'www.lessons.test:8443', path: '/' });
    expect(cookieLines(res)[5]).toMatch(/;Domain=www\.lessons\.test$/);
  });

  it('sends identity when gzip is not accepted', async () => {
    const res = await get('/', { 'accept-encoding': 'identity' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.body.toString()).toMatch(/^<!DOCTYPE html>/);
  });

  it('answers HEAD with the same headers and no body', async () => {
    const get200 = await get('/', { 'accept-encoding': 'gzip' });
    const head = await requestH1(server, { host: HOST, path: '/', method: 'HEAD', headers: { 'accept-encoding': 'gzip' } });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-type']).toBe(get200.headers['content-type']);
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(cookieLines(head)).toHaveLength(7);
    expect(Math.abs(Number(head.headers['content-length']) - get200.body.length)).toBeLessThan(40);
    expectSecurityHeaders(head, { frameOptionsLines: 2 });
  });

  it('works over HTTP/2 with both X-Frame-Options lines and both session lines', async () => {
    const res = await requestH2(server, { host: HOST, path: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expectSecurityHeaders(res, { frameOptionsLines: 2 });
    const lines = headerLines(res, 'set-cookie');
    expect(lines).toHaveLength(7);
    expect(lines[0]).toBe(lines[1]);
    expect(decodedBody(res).toString()).toContain('VIcurrentDateTime');
  });
});

describe('home page content', () => {
  let html: string;
  const before = Date.now();
  beforeAll(async () => {
    html = decodedBody(await get('/', { 'accept-encoding': 'gzip' })).toString();
  });

  it('references its theme files, with the lw version', () => {
    expect(html).toContain('<link href="/static/css/main.css?lw=260408T1654" rel="stylesheet" />');
    expect(html).toContain('<script src="/static/js/main.js?lw=260408T1654"></script>');
    expect(html).toMatch(/src="\/static\/img\/[a-z-]+\.png"/);
    expect(html).toMatch(/src="\/static\/img\/[a-z-]+\.gif"/);
    expect(html).toMatch(/src="\/static\/img\/[a-z-]+\.svg"/);
    expect(html).toContain('href="/favicon.ico"');
    expect(html).toContain('<script type="text/javascript" src="/layouts/system/VisitorIdentification.js"></script>');
  });

  it('references media SVGs on the asset host', () => {
    const media = [...html.matchAll(/src="https:\/\/media\.lessons\.test\/-\/media\/[A-Za-z/]+\/[a-z-]+\.svg\?rev=[0-9a-f]{32}"/g)];
    expect(media.length).toBeGreaterThanOrEqual(2);
  });

  it('embeds the current time in .NET ticks', () => {
    const m = /<meta name="VIcurrentDateTime" content="(\d+)" \/>/.exec(html);
    expect(m).not.toBeNull();
    const ms = Number((BigInt(m![1]) - 621355968000000000n) / 10000n);
    expect(ms).toBeGreaterThanOrEqual(before - 1000);
    expect(ms).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('calls the analytics beacons and the lesson-plan lookup', () => {
    expect(html).toContain("var origin = 'https://analytics.beacon.test';");
    expect(html).toContain("origin + '/ccm/collect?'");
    expect(html).toContain("method: 'POST'");
    expect(html).toContain("origin + '/t.gif?'");
    for (const k of 'abcdefgh') expect(html).toMatch(new RegExp(`[{ ]${k}: `));
    expect(html).toContain("'/api/LessonPlan/GetPlanJson?guids='");
    expect(html).toContain("setRequestHeader('X-Requested-With', 'XMLHttpRequest')");
    expect(html).toContain("setRequestHeader('Accept', 'application/json')");
    expect(html).toContain('MyLessonPlan-Items');
  });

  it('gives other hosts the port the client used', async () => {
    const res = await requestH1(server, { host: 'www.lessons.test:8443', path: '/' });
    const page = decodedBody(res).toString();
    expect(page).toContain('https://media.lessons.test:8443/-/media/');
    expect(page).toContain("'https://analytics.beacon.test:8443'");
    expectSecurityHeaders(res, { frameOptionsLines: 2, port: ':8443' });
  });

  it.each(PROTOCOLS)('every file the page and its stylesheet load is served (%s)', async (_name, request) => {
    const local = [...html.matchAll(/(?:src|href)="(\/[^"/][^"]*)"/g)].map((m) => m[1]).filter((u) => /\.(css|js|png|gif|svg|ico|woff2?)(\?|$)/.test(u));
    const css = decodedBody(await request(server, { host: HOST, path: '/static/css/main.css', headers: { 'accept-encoding': 'gzip' } })).toString();
    const fromCss = [...css.matchAll(/url\("\.\.\/([^"]+)"\)/g)].map((m) => `/static/${m[1]}`);
    expect(fromCss).toEqual(expect.arrayContaining(['/static/fonts/lessons-icons.woff2', '/static/fonts/lessons-icons.woff']));
    const all = [...new Set([...local, ...fromCss])];
    expect(all.length).toBeGreaterThanOrEqual(10);
    for (const path of all) {
      const res = await request(server, { host: HOST, path });
      expect([path, res.status]).toEqual([path, 200]);
    }
  });
});

describe('section', () => {
  it('follows the context', async () => {
    const other = await startTestServer(createSiteApp(defaultHostContext({ section: 'theme-v2' })));
    try {
      const page = decodedBody(await requestH1(other, { host: HOST, path: '/' })).toString();
      expect(page).toContain('/theme-v2/css/main.css?lw=');
      expect((await requestH1(other, { host: HOST, path: '/theme-v2/css/main.css' })).status).toBe(200);
      expect((await requestH1(other, { host: HOST, path: '/static/css/main.css' })).status).toBe(404);
    } finally {
      await other.close();
    }
  });
});
