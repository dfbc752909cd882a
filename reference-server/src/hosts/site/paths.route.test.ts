import { expectSecurityHeaders } from '../../http/expect-security-headers';
import { PROTOCOLS, requestH1, requestH2, startTestServer, type TestServer, type TestResponse } from '../../http/test-server';
import { defaultHostContext } from '../context';
import { createSiteApp } from '.';

const HOST = 'www.lessons.test';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer(createSiteApp(defaultHostContext()));
});
afterAll(() => server.close());

const get = (p: string, method = 'GET', host = HOST) => requestH1(server, { host, path: p, method });

describe('malformed media path', () => {
  const path = '/%7Bhttps://media.lessons.test/-/media/Project/Lessons/subjects/math.svg';
  const rev = '?rev=b3ae98586ca3f7f0f9ea7fb2b6bc4ef1}';
  const location = `https://maintenance.lessons.test/$web/site-maintenance.html?aspxerrorpath=${path}`;
  const body =
    '<html><head><title>Object moved</title></head><body>\r\n' + `<h2>Object moved to <a href="${location}">here</a>.</h2>\r\n` + '</body>\r\n</html>\r\n';

  it.each(PROTOCOLS)('redirects to the maintenance page (%s)', async (_name, request) => {
    const res = await request(server, { host: HOST, path: path + rev });
    expect(res.status).toBe(302);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers.location).toBe(location);
    expect(res.body.toString('latin1')).toBe(body);
    expect(res.headers['content-length']).toBe(String(res.body.length));
    expectSecurityHeaders(res);
  });

  it('keeps the port of the request in the maintenance origin', async () => {
    const res = await get(path + rev, 'GET', 'www.lessons.test:8443');
    expect(res.headers.location).toBe(`https://maintenance.lessons.test:8443/$web/site-maintenance.html?aspxerrorpath=${path}`);
  });

  it.each([
    ['/%7bhttps://media.lessons.test/x.svg', '/%7bhttps://media.lessons.test/x.svg'],
    ['/{https://media.lessons.test/x.svg', '/%7Bhttps://media.lessons.test/x.svg'],
    ['/%7Bhttps%3A//media.lessons.test/x.svg', '/%7Bhttps%3A//media.lessons.test/x.svg'],
    ['/%7Bhttp://media.lessons.test/a%20b.svg?rev=1', '/%7Bhttp://media.lessons.test/a%20b.svg'],
  ])('redirects %p with aspxerrorpath %p', async (sent, errorPath) => {
    const res = await get(sent);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`https://maintenance.lessons.test/$web/site-maintenance.html?aspxerrorpath=${errorPath}`);
  });

  it('answers HEAD with the headers only', async () => {
    const res = await get(path + rev, 'HEAD');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(location);
    expect(res.body.length).toBe(0);
  });
});

function expectNotFound(res: TestResponse): void {
  expect(res.status).toBe(404);
  expect(res.headers['content-type']).toBe('text/html');
  expect(res.body.toString()).toContain('404');
  expect(res.body.toString()).not.toContain('CANARY');
  expectSecurityHeaders(res);
}

describe('not found', () => {
  it.each([
    '/nope',
    '/static/css/missing.css',
    '/static/css/',
    '/static',
    '/lesson-plans/math/fractions-on-a-number-line',
    '/pages/home.html',
    '/site/section/css/main.css',
    '/section/css/main.css',
    '/static/fonts/README.md',
    '/CANARY-outside-root.txt',
    '/layouts/system/VisitorIdentificationCSS.aspx/extra',
    '/api/LessonPlan/GetPlanJson/',
  ])('%s -> 404', async (p) => {
    expectNotFound(await get(p));
  });

  it('answers 404 over HTTP/2', async () => {
    expectNotFound(await requestH2(server, { host: HOST, path: '/nope' }));
  });
});

describe('traversal never leaves the content', () => {
  it.each([
    '/static/../../CANARY-outside-root.txt',
    '/../CANARY-outside-root.txt',
    '/../../content/CANARY-outside-root.txt',
    '/static/css/../../../CANARY-outside-root.txt',
    '/static/css/../css/main.css',
    '/static/./css/main.css',
    '/%2e%2e/CANARY-outside-root.txt',
    '/static/%2e%2e/%2e%2e/CANARY-outside-root.txt',
    '/static/%2E%2E%2F%2E%2E%2FCANARY-outside-root.txt',
    '/static/..%2f..%2fCANARY-outside-root.txt',
    '/static/..%2F..%2F..%2FCANARY-outside-root.txt',
    '/static%2fcss%2fmain.css',
    '/static\\css\\main.css',
    '/static\\..\\..\\CANARY-outside-root.txt',
    '/static%5ccss%5cmain.css',
    '/static/..%5c..%5cCANARY-outside-root.txt',
    '/static/css/main.css%00',
    '/static/css/main.css%00.png',
    '/static/css/%00/../main.css',
    '//static/css/main.css',
    '/static//css/main.css',
  ])('%s -> 404', async (p) => {
    expectNotFound(await get(p));
  });

  it('refuses traversal over HTTP/2 as well', async () => {
    expectNotFound(await requestH2(server, { host: HOST, path: '/static/%2e%2e/%2e%2e/CANARY-outside-root.txt' }));
    expectNotFound(await requestH2(server, { host: HOST, path: '/static/../../CANARY-outside-root.txt' }));
  });

  it.each(['/static/%zz.css', '/static/css/main%.css', '/%', '/static/%c0%ae%c0%ae/CANARY-outside-root.txt', '/static/%ff.css'])(
    'malformed percent-encoding %s -> 400',
    async (p) => {
      const res = await get(p);
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toBe('text/html; charset=us-ascii');
      expect(res.body.toString()).toContain('Bad Request');
      expectSecurityHeaders(res);
    },
  );
});

describe('methods', () => {
  it.each([
    ['POST', '/'],
    ['PUT', '/static/css/main.css'],
    ['DELETE', '/favicon.ico'],
    ['PATCH', '/api/LessonPlan/GetPlanJson'],
    ['OPTIONS', '/'],
    ['POST', '/nope'],
  ])('%s %s -> 405 with Allow', async (method, p) => {
    const res = await get(p, method);
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(res.headers['content-type']).toBe('text/html');
    expectSecurityHeaders(res);
  });

  it('answers 405 over HTTP/2', async () => {
    const res = await requestH2(server, { host: HOST, path: '/', method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });
});
