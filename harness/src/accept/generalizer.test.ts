/*
 * One generalizer: the same answers, given to har2spec as a capture and to accept as a run's
 * results.json, give the same expectation of every header field, cookie and status, matcher for
 * matcher (each writer then weighs it its own way: har2spec by authority, accept as `info` with the
 * clause naming the target). The answers are a deployment's on ports of its own: a page on
 * www.lessons.test:41443 and a static file on media.lessons.test:41445, each over h1 and h2, with
 * HTTP/3 advertised on :41444.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { bareMatcher } from '../har/answer-rules';
import { NO_AUTHORITY } from '../har/authority';
import { deriveSpecs } from '../har/derive';
import { parseRoleMapping } from '../har/role-mapping';
import type { ExchangeSpec, SpecFile } from '../spec-model/types';
import { replayTest, results } from './fixtures';
import { propose } from './propose';
import { readSpecDocs } from './spec-files';

const SITE = 'https://www.lessons.test:41443';
const MEDIA = 'https://media.lessons.test:41445';
const DATE = 'Thu, 01 Jan 2026 00:00:00 GMT';

interface Answer {
  url: string;
  h1: Array<[string, string]>;
  h2: Array<[string, string]>;
  size: number;
}

const PAGE: Answer = (() => {
  const common: Array<[string, string]> = [
    ['date', DATE],
    ['content-type', 'text/html; charset=utf-8'],
    ['content-length', '5120'],
    ['cache-control', 'no-cache, no-store'],
    ['alt-svc', 'h3=":41444"; ma=86400'],
    ['x-frame-options', 'SAMEORIGIN'],
    ['content-location', `${SITE}/`],
    ['link', `<${MEDIA}/files/app.css>; rel=preload`],
    ['set-cookie', 'visitor=5f0c8d2e8a414d0b9c3e1a2b3c4d5e6f; Path=/; Expires=Fri, 01 Jan 2027 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax'],
  ];
  return { url: `${SITE}/`, h1: [...common, ['x-trace-id', '4bf92f3577b34da6']], h2: [...common, ['x-trace-id', '00f067aa0ba902b7']], size: 5120 };
})();

const FILE: Answer = (() => {
  const common: Array<[string, string]> = [
    ['date', DATE],
    ['content-type', 'text/css'],
    ['content-length', '2048'],
    ['cache-control', 'public, max-age=31536000'],
    ['alt-svc', 'h3=":41444"; ma=86400'],
    ['etag', '"1d9a2b3c4d5e6f7:0"'],
    ['last-modified', 'Wed, 01 Jan 2025 00:00:00 GMT'],
    ['accept-ranges', 'bytes'],
    ['server', 'Microsoft-IIS/10.0'],
  ];
  return {
    url: `${MEDIA}/files/app.css`,
    h1: [...common, ['x-trace-id', '9c3e1a2b3c4d5e6f']],
    h2: [...common, ['x-trace-id', '1a2b3c4d5e6f7a8b']],
    size: 2048,
  };
})();

let work: string;
beforeEach(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'accept-generalizer-'));
});
afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

/** har2spec: the answers as one capture (one HAR entry per answer), derived without a hand-written spec to cover them. */
function derived(): ExchangeSpec[] {
  const entry = (a: Answer, protocol: 'h1' | 'h2') => ({
    startedDateTime: '2026-01-01T00:00:00.000Z',
    time: 1,
    request: {
      method: 'GET',
      url: a.url,
      httpVersion: protocol === 'h2' ? 'HTTP/2.0' : 'HTTP/1.1',
      cookies: [],
      headers: [],
      queryString: [],
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: protocol === 'h2' ? 'HTTP/2.0' : 'HTTP/1.1',
      cookies: [],
      headers: a[protocol].map(([name, value]) => ({ name, value })),
      content: { size: a.size, mimeType: a === PAGE ? 'text/html' : 'text/css' },
      redirectURL: '',
      headersSize: -1,
      bodySize: a.size,
    },
    cache: {},
    timings: { send: 0, wait: 1, receive: 0 },
  });
  const file = path.join(work, 'deployment.har');
  const entries = [entry(PAGE, 'h1'), entry(PAGE, 'h2'), entry(FILE, 'h1'), entry(FILE, 'h2')];
  fs.writeFileSync(file, JSON.stringify({ log: { version: '1.2', creator: { name: 'test', version: '1' }, entries } }));
  const roles = parseRoleMapping({ hosts: { 'www.lessons.test': 'site', 'media.lessons.test': 'assets' }, section: 'static' }, 'test');
  return deriveSpecs([file], roles, { authority: NO_AUTHORITY }).specs.flatMap((s) => s.exchanges);
}

/** accept: the same answers as a run's results.json, proposed into spec files that state nothing of them. */
function accepted(): ExchangeSpec[] {
  const dir = path.join(work, 'specs');
  fs.mkdirSync(dir);
  const spec = (role: string, id: string, at: string): SpecFile =>
    ({
      $schema: './spec.schema.json',
      role,
      version: 1,
      exchanges: [{ id, title: id, clause: 'c', source: 'capture', request: { path: at }, expect: {} }],
    }) as SpecFile;
  fs.writeFileSync(path.join(dir, 'site.json'), `${JSON.stringify(spec('site', 'site/page', '/'), null, 2)}\n`);
  fs.writeFileSync(path.join(dir, 'assets.json'), `${JSON.stringify(spec('assets', 'assets/file', '/files/app.css'), null, 2)}\n`);
  const run = results(
    [
      replayTest('site/page', [{ id: 'site/page', url: PAGE.url, lines: PAGE.h1, h2Lines: PAGE.h2, bodySize: PAGE.size }]),
      replayTest('assets/file', [{ id: 'assets/file', url: FILE.url, lines: FILE.h1, h2Lines: FILE.h2, bodySize: FILE.size }]),
    ],
    { target: { origin: 'user', roles: { site: [SITE], assets: [MEDIA] }, resolve: [], insecure: false, section: 'static', description: 'target (user)' } },
  );
  const specs = readSpecDocs(dir);
  propose({ results: run, specs, mode: 'missing', ids: [] });
  return specs.flatMap((s) => s.doc.exchanges);
}

/** What an exchange expects, each matcher bare of its weight (level, source, clause, note), and the checks it selects. */
function matchers(ex: ExchangeSpec) {
  const bare = <T>(table: Record<string, T> | undefined) => Object.fromEntries(Object.entries(table ?? {}).map(([k, v]) => [k, bareMatcher(v as never)]));
  return { status: bareMatcher(ex.expect.status!), headers: bare(ex.expect.headers), cookies: bare(ex.expect.cookies), checks: [...(ex.checks ?? [])].sort() };
}

test('har2spec and accept derive the same matcher of every header field, cookie and status from the same answers', () => {
  const fromHar = derived();
  const fromRun = accepted();
  const pairs: Array<[string, ExchangeSpec, ExchangeSpec]> = [
    ['the page', fromHar.find((e) => e.request.path === '/')!, fromRun.find((e) => e.id === 'site/page')!],
    ['the static file', fromHar.find((e) => e.id.startsWith('assets/'))!, fromRun.find((e) => e.id === 'assets/file')!],
  ];
  for (const [what, har, run] of pairs) {
    const h = matchers(har);
    const r = matchers(run);
    // Field by field, so that a difference names its field.
    for (const name of new Set([...Object.keys(h.headers), ...Object.keys(r.headers)]).values())
      expect({ what, header: name, matcher: r.headers[name] }).toEqual({ what, header: name, matcher: h.headers[name] });
    for (const name of new Set([...Object.keys(h.cookies), ...Object.keys(r.cookies)]).values())
      expect({ what, cookie: name, matcher: r.cookies[name] }).toEqual({ what, cookie: name, matcher: h.cookies[name] });
    expect({ what, status: r.status, checks: r.checks }).toEqual({ what, status: h.status, checks: h.checks });
  }

  // What that one rule set writes, spelled out.
  const page = matchers(pairs[0][2]);
  const file = matchers(pairs[1][2]);
  expect(page.checks).toEqual(['body/content-length-matches', 'headers/request-id']);
  expect(file.checks).toEqual(['body/content-length-matches', 'headers/request-id']);
  for (const ex of [page, file]) {
    expect(ex.headers['content-length']).toBeUndefined();
    expect(ex.headers['x-trace-id']).toBeUndefined();
    expect(ex.headers.date).toBeUndefined();
    expect(new RegExp((ex.headers['alt-svc'] as { regex: string }).regex).test('h3=":443"; ma=2592000')).toBe(true);
  }
  expect(JSON.stringify([page, file])).not.toMatch(/4144[0-9]|5120|2048|1d9a2b3c4d5e6f7|Wed, 01 Jan 2025/);
  expect(page.headers['content-location']).toBe('{base_url}/');
  expect(page.headers.link).toEqual({ links: [{ rel: 'preload', href: { regex: '^https?://[^/?#]+/files/app\\.css$' } }] });
  expect(page.cookies.visitor).toEqual({
    value: { shape: 'hex32' },
    path: '/',
    expires: { relativeTime: { to: 'date', offsetSeconds: 31579200, toleranceSeconds: 129600 } },
    httpOnly: true,
    secure: true,
    sameSite: 'Lax',
  });
  expect(file.headers.etag).toEqual({ shape: 'iis-etag' });
  expect(file.headers['last-modified']).toEqual({ shape: 'http-date' });
  expect(file.headers['cache-control']).toEqual({ directives: { public: [], 'max-age': { min: 31449600, max: 31708800 } }, separator: ',' });
  expect(page.status).toBe(200);
});
