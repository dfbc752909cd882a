import { expectSecurityHeaders } from '../../http/expect-security-headers';
import { decodedBody, headerLines, requestH1, requestH2, startTestServer, type TestServer, type TestResponse } from '../../http/test-server';
import { defaultHostContext } from '../context';
import { LESSON_PLANS } from './lesson-plans';
import { createSiteApp } from '.';

const HOST = 'www.lessons.test';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer(createSiteApp(defaultHostContext()));
});
afterAll(() => server.close());

const XHR = { 'x-requested-with': 'XMLHttpRequest', accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };
const get = (p: string, headers: Record<string, string> = XHR) => requestH1(server, { host: HOST, path: p, headers });
const json = (res: TestResponse) => JSON.parse(decodedBody(res).toString('utf8'));
const [A, B, C] = LESSON_PLANS;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

function expectNoCache(res: TestResponse): void {
  expect(res.headers['cache-control']).toBe('no-cache');
  expect(res.headers.expires).toBe('-1');
  expect(res.headers.pragma).toBe('no-cache');
}

describe('GET /api/LessonPlan/GetPlanJson', () => {
  it('returns the plans found, in request order, gzip', async () => {
    const res = await get(`/api/LessonPlan/GetPlanJson?guids=${C.Id},${UNKNOWN},${A.Id}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expectNoCache(res);
    expectSecurityHeaders(res);
    expect(json(res)).toEqual([C, A]);
  });

  it('gives each plan the documented fields', async () => {
    const [plan] = json(await get(`/api/LessonPlan/GetPlanJson?guids=${B.Id}`));
    expect(Object.keys(plan)).toEqual(['Id', 'Title', 'Subject', 'Grade', 'Url', 'Items']);
    expect(plan.Id).toBe(B.Id);
    expect(plan.Url).toMatch(/^\/[a-z0-9/-]+$/);
    expect(plan.Items.length).toBeGreaterThan(0);
    for (const item of plan.Items) expect(Object.keys(item)).toEqual(['Title', 'Url']);
  });

  it.each(['', '?guids=', '?guids=%20', '?other=1'])('answers [] for %p', async (q) => {
    const res = await get(`/api/LessonPlan/GetPlanJson${q}`);
    expect(res.status).toBe(200);
    expect(json(res)).toEqual([]);
  });

  it('accepts braces, upper case, encoded commas, and any path case', async () => {
    const q = `guids=%7B${A.Id.toUpperCase()}%7D%2C${B.Id}`;
    expect(json(await get(`/api/lessonplan/getplanjson?${q}`))).toEqual([A, B]);
  });

  it('sends identity JSON without gzip in Accept-Encoding', async () => {
    const res = await get(`/api/LessonPlan/GetPlanJson?guids=${A.Id}`, { accept: 'application/json' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toEqual([A]);
  });

  it.each([
    ['a part that is not a guid', `guids=${A.Id},not-a-guid`, 'not-a-guid'],
    ['an empty part', `guids=${A.Id},,${B.Id}`, ''],
    ['unbalanced braces', `guids=%7B${A.Id}`, `{${A.Id}`],
    ['the parameter twice', `guids=${A.Id}&guids=${B.Id}`, B.Id],
    ['more than 100 guids', `guids=${Array(101).fill(A.Id).join(',')}`, A.Id],
  ])('answers 400 for %s', async (_why, q, value) => {
    const res = await get(`/api/LessonPlan/GetPlanJson?${q}`);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expectNoCache(res);
    expectSecurityHeaders(res);
    const body = json(res);
    expect(Object.keys(body)).toEqual(['error']);
    expect(body.error.code).toBe('invalid_guids');
    expect(typeof body.error.message).toBe('string');
    expect(body.error.message.length).toBeGreaterThan(0);
    expect(body.error.value).toBe(value);
  });

  it('works over HTTP/2', async () => {
    const res = await requestH2(server, { host: HOST, path: `/api/LessonPlan/GetPlanJson?guids=${A.Id}`, headers: XHR });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(json(res)).toEqual([A]);
  });

  it('answers HEAD without a body', async () => {
    const res = await requestH1(server, { host: HOST, path: `/api/LessonPlan/GetPlanJson?guids=${A.Id}`, method: 'HEAD', headers: XHR });
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(0);
    expect(Number(res.headers['content-length'])).toBeGreaterThan(0);
  });
});

describe('visitor identification', () => {
  const ID = '0123456789abcdef0123456789abcdef';
  const url = `/layouts/system/VisitorIdentificationCSS.aspx?${Date.now()}`;

  function analyticsLine(res: TestResponse): string {
    const lines = headerLines(res, 'set-cookie');
    expect(lines).toHaveLength(1);
    return lines[0];
  }

  it('flips the flag to True and keeps the id', async () => {
    const res = await get(url, { cookie: `SC_ANALYTICS_GLOBAL_COOKIE=${ID}|False`, 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('no-cache, no-store');
    expect(res.headers.expires).toBe('-1');
    expect(res.headers.pragma).toBe('no-cache');
    expectSecurityHeaders(res);
    const m = /^SC_ANALYTICS_GLOBAL_COOKIE=0123456789abcdef0123456789abcdef\|True; expires=([^;]+); path=\/; HttpOnly$/.exec(analyticsLine(res));
    expect(m).not.toBeNull();
    // 10 x 365.25 days after issue, measured from the answer's own Date (whole seconds, written just after).
    const offset = Date.parse(m![1]) - Date.parse(String(res.headers.date));
    expect(Math.abs(offset - 3652.5 * 86_400_000)).toBeLessThan(5000);
    expect(decodedBody(res).toString()).toMatch(/^\/\*.*\*\/\s*$/);
  });

  it('accepts the URI-encoded bar as browsers may send it', async () => {
    const res = await get(url, { cookie: `SC_ANALYTICS_GLOBAL_COOKIE=${ID}%7CFalse` });
    expect(analyticsLine(res)).toMatch(new RegExp(`^SC_ANALYTICS_GLOBAL_COOKIE=${ID}\\|True;`));
  });

  it('issues a new identified id without a valid cookie', async () => {
    for (const cookie of [undefined, 'SC_ANALYTICS_GLOBAL_COOKIE=garbage']) {
      const res = await get(url, cookie ? { cookie } : {});
      expect(analyticsLine(res)).toMatch(/^SC_ANALYTICS_GLOBAL_COOKIE=[0-9a-f]{32}\|True; expires=[^;]+; path=\/; HttpOnly$/);
      expect(analyticsLine(res)).not.toContain(ID);
    }
  });

  it('carries a visitor from False to True across the home page (HTTP/2)', async () => {
    const home = await requestH2(server, { host: HOST, path: '/' });
    const issued = headerLines(home, 'set-cookie').find((l) => l.startsWith('SC_ANALYTICS_GLOBAL_COOKIE='))!;
    const pair = issued.split(';', 1)[0];
    expect(pair).toMatch(/\|False$/);
    const css = await requestH2(server, { host: HOST, path: url, headers: { cookie: pair } });
    expect(css.status).toBe(200);
    const flipped = headerLines(css, 'set-cookie')[0].split(';', 1)[0];
    expect(flipped).toBe(pair.replace('|False', '|True'));
    const back = await requestH2(server, { host: HOST, path: '/', headers: { cookie: flipped } });
    expect(headerLines(back, 'set-cookie')).toContainEqual(expect.stringMatching(new RegExp(`^${flipped.replace('|', '\\|')};`)));
  });

  it('serves the script that requests the stylesheet on first pointer move or touch', async () => {
    const res = await get('/layouts/system/VisitorIdentification.js', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-type']).toBe('application/x-javascript');
    expect(res.headers['content-encoding']).toBe('gzip');
    const js = decodedBody(res).toString();
    expect(js).toContain("'mousemove'");
    expect(js).toContain("'touchstart'");
    expect(js).toContain("'/layouts/system/VisitorIdentificationCSS.aspx?' + Date.now()");
    expect(js).toContain("link.rel = 'stylesheet'");
  });
});
