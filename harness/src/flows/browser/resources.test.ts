import type { ResourceExpectation } from './expectations';
import { FindingList } from './findings';
import { evaluateResource, isBodylessAbort, resourceLabel, type ObservedResource } from './resources';

const list = (targetOrigin: 'reference' | 'user' = 'reference') => new FindingList({ source: 'capture', targetOrigin });
const css: ResourceExpectation = {
  from: 'site/static/css',
  role: 'site',
  clause: 'c',
  source: 'capture',
  status: 200,
  headers: { 'content-type': 'text/css', 'content-encoding': 'gzip' },
  notCompared: { etag: 'why' },
};
const ok: ObservedResource = {
  url: 'https://w/static/css/main.css',
  method: 'GET',
  resourceType: 'stylesheet',
  requestHeaders: {},
  status: 200,
  responseHeaders: { 'content-type': 'text/css', 'content-encoding': 'gzip' },
};

describe('evaluateResource', () => {
  it('compares status and every expected header, reporting what was not compared as skip', () => {
    const l = list();
    evaluateResource(ok, 'f css', css, l, {});
    expect(l.items.map((f) => `${f.verdict} ${f.id}`)).toEqual([
      'pass f css status',
      'pass f css content-type',
      'pass f css content-encoding',
      'skip f css etag',
    ]);
  });

  it('a 404 and a wrong type fail with expected and actual', () => {
    const l = list();
    evaluateResource({ ...ok, status: 404, responseHeaders: { 'content-type': 'text/html' } }, 'f css', css, l, {});
    expect(l.items.filter((f) => f.verdict === 'fail').map((f) => `${f.id}: ${f.expected} / ${f.actual}`)).toEqual([
      'f css status: 200 / 404',
      'f css content-type: text/css / text/html',
      'f css content-encoding: gzip / (absent)',
    ]);
  });

  it('a pending request hangs; a failed one without a response fails with its network error', () => {
    const l = list();
    evaluateResource({ ...ok, status: undefined, pending: true, responseHeaders: {} }, 'p', css, l, {});
    evaluateResource({ ...ok, status: undefined, failure: 'net::ERR_CONNECTION_RESET', responseHeaders: {} }, 'q', css, l, {});
    expect(l.items.map((f) => `${f.verdict} ${f.id} ${f.actual}`)).toEqual([
      'fail p answer no answer (still pending)',
      'fail q answer net::ERR_CONNECTION_RESET',
    ]);
  });

  it("Chromium's ERR_ABORTED after an empty 200 is info, and the response is still checked", () => {
    const beacon: ObservedResource = {
      ...ok,
      method: 'POST',
      failure: 'net::ERR_ABORTED',
      responseHeaders: { 'content-type': 'text/plain', 'content-length': '0' },
    };
    expect(isBodylessAbort(beacon)).toBe(true);
    const l = list();
    evaluateResource(beacon, 'b', { ...css, headers: { 'content-type': 'text/plain' }, notCompared: {} }, l, {});
    expect(l.items.map((f) => `${f.verdict} ${f.id}`)).toEqual(['info b answer', 'pass b status', 'pass b content-type']);
  });

  it("is judged as the raw replay judges: the exchange's level, a matcher's own provenance, a premise that does not hold", () => {
    const wrong = { ...ok, responseHeaders: { 'content-type': 'text/plain', 'content-encoding': 'gzip' } };
    // Against a user's target a miss takes its level's verdict (against the reference every miss fails).
    const l = list('user');
    evaluateResource(wrong, 's', { ...css, level: 'should' }, l, {});
    expect(l.items.find((f) => f.id === 's content-type')).toMatchObject({ verdict: 'warn', level: 'should' });
    const r = list('user');
    evaluateResource(wrong, 'r', { ...css, headers: { 'content-type': { equals: 'text/css', source: 'reference' } } }, r, {});
    expect(r.items.find((f) => f.id === 'r content-type')).toMatchObject({ verdict: 'info', source: 'reference', level: 'info' });
    const p = list('user');
    evaluateResource(wrong, 'p', { ...css, headers: { 'content-type': { equals: 'text/css', when: { status: 405 } } } }, p, {});
    expect(p.items.find((f) => f.id === 'p content-type')).toMatchObject({ verdict: 'n/a', message: expect.stringContaining('premise not met') });
  });

  it('each finding says what it is about and where its expectation came from', () => {
    const l = list();
    evaluateResource(ok, 'f css', css, l, {});
    expect(l.items.slice(0, 2).map((f) => [f.aspect, f.message])).toEqual([
      [{ kind: 'status' }, 'expectation of site/static/css'],
      [{ kind: 'header', name: 'content-type' }, 'expectation of site/static/css'],
    ]);
  });

  it('without an expectation only a 2xx status is required', () => {
    const l = list();
    evaluateResource({ ...ok, status: 500 }, 'x', undefined, l, {});
    expect(l.items.map((f) => `${f.verdict} ${f.expected} ${f.actual}`)).toEqual(['fail 2xx 500']);
  });
});

it('resourceLabel writes the origin as its placeholder and drops the query', () => {
  expect(resourceLabel('https://media.t:8443/-/media/a.svg?rev=1', new Map([['https://media.t:8443', '{asset_url}']]))).toBe('{asset_url}/-/media/a.svg');
  expect(resourceLabel('https://other.t/x?y', new Map())).toBe('https://other.t/x');
});
