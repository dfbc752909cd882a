import * as zlib from 'node:zlib';
import { CHECKS } from '../checks';
import { aspectText } from '../core';
import type { Check } from './check';
import { evaluateExchange, type EvaluateOptions } from './evaluate';
import { DATE, observed } from './observed-fixture';
import type { ExchangeSpec } from './types';

const ID = '6c1f0e3a9b8d4e2f8a7b6c5d4e3f2a1b';
const opts: EvaluateOptions = {
  role: 'site',
  placeholders: { '{base_url}': 'https://www.lessons.test', '{section}': 'static' },
  targetOrigin: 'reference',
  checks: CHECKS,
};

const home: ExchangeSpec = {
  id: 'site/home',
  title: 'Home page',
  clause: 'Endpoints, site host, GET /',
  source: 'capture',
  request: { path: '/' },
  expect: {
    status: 200,
    headers: {
      'x-frame-options': { lines: ['SAMEORIGIN', 'SAMEORIGIN'] },
      'cache-control': 'no-cache, no-store',
      'content-location': { equals: '{base_url}/' },
      etag: { absent: true },
      'request-context': { regex: '^appId=', source: 'reference', clause: 'reference choice' },
    },
    cookies: {
      SC_ANALYTICS_GLOBAL_COOKIE: {
        value: { shape: 'analytics-cookie' },
        expires: { relativeTime: { to: 'date', offsetSeconds: 315532800, toleranceSeconds: 259200 } },
        path: '/',
        httpOnly: true,
        secure: false,
      },
      ASP_NET_SessionId: { value: { shape: 'alnum-lower24' }, count: 2, sameSite: 'Lax' },
      ARRAffinity: { absent: true },
    },
    body: { decodedSize: { range: { min: 10 } }, contains: ['/{section}/css/main.css'], startsWithHex: '3c21', empty: false },
  },
  checks: ['security/hsts-per-role'],
};

const html = '<!DOCTYPE html><link href="/static/css/main.css">';
const goodLines: Array<[string, string]> = [
  ['date', DATE],
  ['x-frame-options', 'SAMEORIGIN'],
  ['x-frame-options', 'SAMEORIGIN'],
  ['cache-control', 'no-cache'],
  ['cache-control', 'no-store'],
  ['content-location', 'https://www.lessons.test/'],
  ['content-encoding', 'gzip'],
  ['request-context', 'appId=cid-v1:abc'],
  ['strict-transport-security', 'max-age=31536000; includeSubDomains; preload'],
  ['set-cookie', 'ASP_NET_SessionId=k3j4h5g6f7d8s9a0q1w2e3r4; path=/; HttpOnly; SameSite=Lax'],
  ['set-cookie', `SC_ANALYTICS_GLOBAL_COOKIE=${ID}|False; expires=Tue, 08-Apr-2036 16:54:52 GMT; path=/; HttpOnly`],
  ['set-cookie', 'ASP_NET_SessionId=k3j4h5g6f7d8s9a0q1w2e3r4; path=/; HttpOnly; SameSite=Lax'],
];
const good = () => observed({ lines: goodLines, body: zlib.gzipSync(html) });

const byId = (fs: ReturnType<typeof evaluateExchange>) => Object.fromEntries(fs.map((f) => [f.id, f]));

describe('evaluateExchange', () => {
  it('says what each finding is about as data, the same as its id says in words', () => {
    const fs = evaluateExchange(home, good(), opts);
    expect(fs.every((f) => f.aspect !== undefined && f.id === `site/home ${aspectText(f.aspect)}`)).toBe(true);
    const of = byId(fs);
    expect(of['site/home status'].aspect).toEqual({ kind: 'status' });
    expect(of['site/home header x-frame-options'].aspect).toEqual({ kind: 'header', name: 'x-frame-options' });
    expect(of['site/home cookie ARRAffinity'].aspect).toEqual({ kind: 'cookie', name: 'ARRAffinity' });
    expect(of['site/home cookie ASP_NET_SessionId samesite'].aspect).toEqual({ kind: 'cookie', name: 'ASP_NET_SessionId', attribute: 'samesite' });
    expect(of['site/home body starts-with'].aspect).toEqual({ kind: 'body', fact: 'starts-with' });
    const check = fs.find((f) => f.id.startsWith('site/home check security/hsts-per-role'))!;
    expect(check.aspect).toEqual({ kind: 'check', check: 'security/hsts-per-role', field: 'strict-transport-security' });
  });

  it('passes a conforming exchange, one finding per expectation', () => {
    const fs = evaluateExchange(home, good(), opts);
    expect(fs.filter((f) => f.verdict !== 'pass')).toEqual([]);
    expect(fs.map((f) => f.id)).toEqual([
      'site/home status',
      'site/home header x-frame-options',
      'site/home header cache-control',
      'site/home header content-location',
      'site/home header etag',
      'site/home header request-context',
      'site/home cookie SC_ANALYTICS_GLOBAL_COOKIE',
      'site/home cookie SC_ANALYTICS_GLOBAL_COOKIE value',
      'site/home cookie SC_ANALYTICS_GLOBAL_COOKIE path',
      'site/home cookie SC_ANALYTICS_GLOBAL_COOKIE expires',
      'site/home cookie SC_ANALYTICS_GLOBAL_COOKIE httponly',
      'site/home cookie SC_ANALYTICS_GLOBAL_COOKIE secure',
      'site/home cookie ASP_NET_SessionId',
      'site/home cookie ASP_NET_SessionId value',
      'site/home cookie ASP_NET_SessionId samesite',
      'site/home cookie ARRAffinity',
      'site/home body decoded-size',
      'site/home body contains "/{section}/css/main.css"',
      'site/home body starts-with',
      'site/home body empty',
      'site/home check security/hsts-per-role',
    ]);
    for (const f of fs) {
      expect(f.expected).not.toBe('');
      expect(f.actual).not.toBe('');
      expect(f.target).toBe('reference');
    }
    const f = byId(fs);
    expect(f['site/home cookie SC_ANALYTICS_GLOBAL_COOKIE value'].secrets?.map((s) => s.kind)).toEqual(['cookie']);
    expect(f['site/home cookie SC_ANALYTICS_GLOBAL_COOKIE path'].secrets).toBeUndefined();
    expect(f['site/home cookie SC_ANALYTICS_GLOBAL_COOKIE value'].shape).toBe('analytics-cookie');
    expect(f['site/home header request-context']).toMatchObject({ source: 'reference', clause: 'reference choice' });
    expect(f['site/home status']).toMatchObject({ source: 'capture', clause: 'Endpoints, site host, GET /', expected: '200', actual: '200' });
  });

  it.each<[string, (lines: Array<[string, string]>) => Array<[string, string]>, string, string, string]>([
    [
      'x-frame-options once',
      (l) => l.filter((x, i) => !(x[0] === 'x-frame-options' && i === 2)),
      'header x-frame-options',
      '2 lines',
      '1 line: [1] SAMEORIGIN',
    ],
    [
      'cache-control differs',
      (l) => l.filter(([n]) => n !== 'cache-control').concat([['cache-control', 'private']]),
      'header cache-control',
      'no-cache, no-store',
      'private',
    ],
    [
      'content-location on another host',
      (l) => l.map(([n, v]) => [n, n === 'content-location' ? 'https://lessons.test/' : v]),
      'header content-location',
      'https://www.lessons.test/',
      'https://lessons.test/',
    ],
    ['etag present', (l) => [...l, ['etag', '"1:0"']], 'header etag', '(absent)', '"1:0"'],
    [
      'analytics cookie value',
      (l) => l.map(([n, v]) => [n, v.replace('|False', '|maybe')]),
      'cookie SC_ANALYTICS_GLOBAL_COOKIE value',
      'analytics-cookie',
      `${ID}|maybe`,
    ],
    [
      'analytics cookie 1 year',
      (l) => l.map(([n, v]) => [n, v.replace('2036', '2027')]),
      'cookie SC_ANALYTICS_GLOBAL_COOKIE expires',
      'Date + 315532800 s',
      'off by',
    ],
    [
      'analytics cookie not HttpOnly',
      (l) => l.map(([n, v]) => [n, v.replace('path=/; HttpOnly', 'path=/')]),
      'cookie SC_ANALYTICS_GLOBAL_COOKIE httponly',
      'HttpOnly',
      'no HttpOnly',
    ],
    [
      'analytics cookie secure',
      (l) => l.map(([n, v]) => [n, v.replace('path=/; HttpOnly', 'path=/; HttpOnly; Secure')]),
      'cookie SC_ANALYTICS_GLOBAL_COOKIE secure',
      'no Secure',
      'Secure',
    ],
    [
      'analytics cookie path',
      (l) => l.map(([n, v]) => [n, v.replace('path=/; HttpOnly', 'path=/x; HttpOnly')]),
      'cookie SC_ANALYTICS_GLOBAL_COOKIE path',
      '/',
      '/x',
    ],
    ['session cookie once', (l) => l.slice(0, -1), 'cookie ASP_NET_SessionId', 'set on 2 Set-Cookie lines', 'set on 1 Set-Cookie line'],
    [
      'session cookie SameSite differs on one line',
      (l) => l.map(([n, v], i) => [n, i === 11 ? v.replace('Lax', 'Strict') : v]),
      'cookie ASP_NET_SessionId samesite',
      'Lax',
      'line 2: Strict',
    ],
    ['ARRAffinity set', (l) => [...l, ['set-cookie', 'ARRAffinity=ab;Path=/']], 'cookie ARRAffinity', '(not set)', 'set on 1'],
    ['hsts missing', (l) => l.filter(([n]) => n !== 'strict-transport-security'), 'check security/hsts-per-role', 'max-age=31536000', '(absent)'],
  ])('fails: %s', (_name, edit, aspect, expected, actual) => {
    const fs = evaluateExchange(home, observed({ lines: edit(goodLines), body: zlib.gzipSync(html) }), opts);
    const failing = fs.filter((f) => f.verdict === 'fail');
    expect(failing.map((f) => f.id)).toEqual([`site/home ${aspect}`]);
    expect(failing[0].expected).toContain(expected);
    expect(failing[0].actual).toContain(actual);
  });

  it('fails a status', () => {
    const fs = evaluateExchange({ ...home, expect: { status: { oneOf: [200, 304] } }, checks: [] }, observed({ status: 500 }), opts);
    expect(fs).toMatchObject([{ id: 'site/home status', verdict: 'fail', expected: 'one of: 200 | 304', actual: '500' }]);
  });

  it('skips attributes of a cookie that is not set', () => {
    const fs = byId(evaluateExchange(home, observed({ lines: goodLines.filter(([, v]) => !v.startsWith('SC_')), body: zlib.gzipSync(html) }), opts));
    expect(fs['site/home cookie SC_ANALYTICS_GLOBAL_COOKIE'].verdict).toBe('fail');
    expect(fs['site/home cookie SC_ANALYTICS_GLOBAL_COOKIE value']).toMatchObject({ verdict: 'skip', actual: '(cookie not set)' });
  });

  it('checks body facts', () => {
    const fs = byId(evaluateExchange(home, observed({ lines: goodLines, body: zlib.gzipSync('{"a":1}') }), opts));
    expect(fs['site/home body decoded-size']).toMatchObject({ verdict: 'fail', actual: '7' });
    expect(fs['site/home body contains "/{section}/css/main.css"']).toMatchObject({ verdict: 'fail', expected: 'contains "/static/css/main.css"' });
    expect(fs['site/home body starts-with']).toMatchObject({ verdict: 'fail', expected: 'starts with bytes 3c21', actual: 'starts with bytes 7b22' });
  });

  it('fails decoded facts of an undecodable body', () => {
    const fs = byId(evaluateExchange(home, observed({ lines: goodLines, body: html }), opts));
    expect(fs['site/home body decoded-size'].verdict).toBe('fail');
    expect(fs['site/home body decoded-size'].actual).toContain('could not be decoded: gzip');
  });

  it('checks json, size and empty', () => {
    const spec: ExchangeSpec = { ...home, id: 'site/api', expect: { body: { json: true, size: 7, empty: false } }, checks: [] };
    expect(evaluateExchange(spec, observed({ body: '{"a":1}' }), opts).map((f) => f.verdict)).toEqual(['pass', 'pass', 'pass']);
    const fs = evaluateExchange(spec, observed({ body: '' }), opts);
    expect(fs.map((f) => [f.id, f.verdict, f.actual])).toEqual([
      ['site/api body size', 'fail', '0'],
      ['site/api body json', 'fail', expect.stringContaining('not JSON')],
      ['site/api body empty', 'fail', 'empty body'],
    ]);
  });

  describe('levels', () => {
    const spec: ExchangeSpec = {
      ...home,
      expect: {
        headers: {
          'request-context': { regex: '^appId=', source: 'reference' },
          server: 'IIS',
          vary: { equals: 'Accept-Encoding', source: 'rfc', level: 'should' },
        },
      },
      checks: [],
    };
    const ex = observed({
      lines: [
        ['request-context', 'x'],
        ['server', 'nginx'],
      ],
    });
    it.each<[string, Partial<EvaluateOptions>, string[]]>([
      ['the embedded reference is held to everything', { targetOrigin: 'reference' }, ['fail', 'fail', 'fail']],
      ['a user target: reference choices inform, SHOULDs warn, facts fail', { targetOrigin: 'user' }, ['info', 'fail', 'warn']],
    ])('%s', (_n, o, verdicts) => {
      const fs = evaluateExchange(spec, ex, { ...opts, ...o });
      expect(fs.map((f) => f.verdict)).toEqual(verdicts);
      expect(fs.map((f) => f.level)).toEqual(['info', 'must', 'should']);
      if (verdicts[0] === 'info') {
        expect(fs[0].message).toMatch(/HARNESS_FAIL_ON=info/);
        expect(fs[2].message).toMatch(/HARNESS_FAIL_ON=warn/);
      }
    });
    it('a nested expectation that names another provenance takes its level; otherwise it inherits', () => {
      const nested: ExchangeSpec = {
        ...home,
        expect: { cookies: { sid: { source: 'reference', value: { shape: 'alnum-lower24', source: 'capture' }, path: '/', count: 2 } } },
        checks: [],
      };
      const fs = evaluateExchange(nested, observed({ lines: [['set-cookie', 'sid=UPPER; path=/x']] }), { ...opts, targetOrigin: 'user' });
      expect(fs.map((f) => [f.id, f.level, f.verdict])).toEqual([
        ['site/home cookie sid', 'info', 'info'],
        ['site/home cookie sid value', 'must', 'fail'],
        ['site/home cookie sid path', 'info', 'info'],
      ]);
    });
  });

  describe('premises', () => {
    const spec: ExchangeSpec = {
      ...home,
      request: { method: 'POST', path: '/' },
      expect: {
        status: { equals: 405, source: 'reference' },
        headers: { allow: { present: true, source: 'rfc', when: { status: 405 }, clause: 'RFC 9110 §15.5.6' } },
      },
      checks: [],
    };
    it('an RFC rule whose premise holds is judged', () => {
      const fs = evaluateExchange(spec, observed({ status: 405, method: 'POST' }), { ...opts, targetOrigin: 'user' });
      expect(fs.map((f) => [f.id, f.verdict])).toEqual([
        ['site/home status', 'pass'],
        ['site/home header allow', 'fail'],
      ]);
    });
    it('an RFC rule whose premise does not hold is n/a with the reason, never a pass', () => {
      const fs = evaluateExchange(spec, observed({ status: 301, method: 'POST' }), { ...opts, targetOrigin: 'user' });
      expect(fs.map((f) => [f.id, f.verdict])).toEqual([
        ['site/home status', 'info'],
        ['site/home header allow', 'n/a'],
      ]);
      expect(fs[1].message).toBe('premise not met: the rule applies to a 405 answer; this one is 301');
    });
  });

  it('skips expectations of an unmapped role', () => {
    const spec: ExchangeSpec = { ...home, expect: { headers: { location: { equals: '{shop_url}/' } } }, checks: [] };
    const [f] = evaluateExchange(spec, observed({ lines: [['location', 'x']] }), opts);
    expect(f).toMatchObject({ verdict: 'skip', actual: 'role not mapped' });
  });

  describe('checks', () => {
    const throwing: Check = {
      id: 'x/throws',
      title: 'throws always',
      clause: 'none',
      source: 'rfc',
      level: 'must',
      run: () => {
        throw new Error('boom');
      },
    };
    const reference: Check = {
      id: 'x/ref',
      title: 'reference only',
      clause: 'c',
      source: 'reference',
      level: 'info',
      run: () => [{ id: 'x/ref', met: false, level: 'info', expected: 'a', actual: 'b', source: 'reference' }],
    };
    const should: Check = {
      id: 'x/should',
      title: 'a recommendation',
      clause: 'c',
      source: 'rfc',
      level: 'should',
      run: () => [{ id: 'x/should', met: false, level: 'should', expected: 'a', actual: 'b', source: 'rfc' }],
    };
    const never: Check = { id: 'x/never', title: 'never applies', clause: 'c', source: 'rfc', level: 'must', run: () => [] };
    const spec: ExchangeSpec = { ...home, expect: {}, checks: ['x'] };
    it('reports errors, non-applicable checks and provenance', () => {
      const fs = evaluateExchange(spec, observed(), { ...opts, targetOrigin: 'user', checks: [throwing, reference, should, never] });
      expect(fs.map((f) => [f.id, f.verdict])).toEqual([
        ['site/home check x/throws', 'error'],
        ['site/home check x/ref', 'info'],
        ['site/home check x/should', 'warn'],
        ['site/home check x/never', 'n/a'],
      ]);
      expect(fs[0].message).toBe('boom');
    });
    it('passes previous exchanges to flow checks', () => {
      const first = observed({ lines: [['set-cookie', `SC_ANALYTICS_GLOBAL_COOKIE=${ID}|False; path=/`]] });
      const flip = observed({ lines: [['set-cookie', `SC_ANALYTICS_GLOBAL_COOKIE=${'f'.repeat(32)}|True; path=/`]] });
      const fs = evaluateExchange({ ...home, expect: {}, checks: ['cookie/flip-keeps-id'] }, flip, { ...opts, previous: [first] });
      expect(fs).toMatchObject([
        { id: 'site/home check cookie/flip-keeps-id SC_ANALYTICS_GLOBAL_COOKIE', verdict: 'fail', secrets: [{ kind: 'cookie' }, { kind: 'cookie' }] },
      ]);
    });
  });
});

describe('cookie presence and check levels', () => {
  // A user's target: a should is a warning (the embedded reference is held to everything).
  const USER: EvaluateOptions = { ...opts, targetOrigin: 'user' };
  const answered = (setCookie: string[]) => observed({ lines: [['date', DATE], ...setCookie.map((l) => ['set-cookie', l] as [string, string])] });
  const spec = (cookies: ExchangeSpec['expect']['cookies']): ExchangeSpec => ({
    id: 'site/p',
    title: 't',
    clause: 'c',
    source: 'capture',
    request: { path: '/' },
    expect: { cookies },
  });
  const verdicts = (findings: ReturnType<typeof evaluateExchange>) => findings.map((f) => `${f.id}: ${f.verdict}`);

  it("presence has its own level; the attributes of a cookie that is set keep the cookie's", () => {
    const s = spec({ sid: { presence: 'should', httpOnly: true } });
    expect(verdicts(evaluateExchange(s, answered([]), USER))).toEqual(['site/p cookie sid: warn', 'site/p cookie sid httponly: skip']);
    expect(verdicts(evaluateExchange(s, answered(['sid=1; Path=/']), USER))).toEqual(['site/p cookie sid: pass', 'site/p cookie sid httponly: fail']);
    // Set, but on one line where two are expected: the count is the cookie's, not its presence's.
    const twice = spec({ sid: { presence: 'should', count: 2 } });
    expect(verdicts(evaluateExchange(twice, answered([]), USER))).toEqual(['site/p cookie sid: warn']);
    expect(verdicts(evaluateExchange(twice, answered(['sid=1']), USER))).toEqual(['site/p cookie sid: fail']);
  });

  it('checkLevels sets the level of a selected check in this exchange', () => {
    const s: ExchangeSpec = { ...spec(undefined), expect: {}, checks: ['body/content-length-matches'], checkLevels: { body: 'should' } };
    const bad = observed({ lines: [['content-length', '99']], body: 'abc' });
    const [f] = evaluateExchange(s, bad, USER);
    expect([f.id, f.verdict, f.level]).toEqual(['site/p check body/content-length-matches', 'warn', 'should']);
    const [g] = evaluateExchange({ ...s, checkLevels: undefined }, bad, USER);
    expect([g.verdict, g.level]).toEqual(['fail', 'must']);
  });
});
