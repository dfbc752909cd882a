import * as fs from 'node:fs';
import * as path from 'node:path';
import { CHECKS } from '../checks';
import { loadSpecs } from '../spec-model/load';
import type { Expectation, LegProtocol, TestReport } from '../report/types';
import type { ExchangeSpec, SpecFile } from '../spec-model/types';
import { main } from './cli';
import {
  CANARY_COOKIE,
  CANARY_TOKEN,
  expectation,
  type About,
  replayTest,
  results,
  snapshot,
  tempSpecs,
  withH3,
  writeResults,
  type H3Fixture,
} from './fixtures';
import { REFUSED_BY_LEVEL } from './levels';
import { H3_REFUSAL } from './propose';

let tmp: ReturnType<typeof tempSpecs>;
beforeEach(() => {
  tmp = tempSpecs();
});
afterEach(() => tmp.cleanup());

function run(...argv: string[]): { code: number; out: string; err: string } {
  const out: string[] = [];
  const err: string[] = [];
  const code = main(argv, { out: (t) => out.push(t), err: (t) => err.push(t) }, tmp.root);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** site/home as a target answered it: covered fields, new stable ones, noise, a secret header, a new cookie. */
function homeTest() {
  const common: Array<[string, string]> = [
    ['content-type', 'text/html; charset=utf-8'],
    ['x-frame-options', 'SAMEORIGIN'],
    ['x-powered-by', 'Express'],
    ['x-request-id', '5f0c8d2e-8a41-4d0b-9c3e-1a2b3c4d5e6f'],
    ['x-auth-token', CANARY_TOKEN],
    ['link', '</static/a.css>; rel=preload'],
    ['link', '</static/b.js>; rel=preload'],
    ['set-cookie', 'ASP.NET_SessionId=abcdefghijklmnopqrstuvwx; path=/; HttpOnly; SameSite=Lax'],
    ['set-cookie', `sid=${CANARY_COOKIE}; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=3600`],
    ['date', 'Thu, 01 Jan 2026 00:00:00 GMT'],
    ['connection', 'keep-alive'],
  ];
  return replayTest(
    'site/home',
    [{ id: 'site/home', lines: [...common, ['x-trace-id', 'a1b2c3d4']], h2Lines: [...common, ['x-trace-id', 'e5f6a7b8']], noise: ['header x-request-id'] }],
    [
      expectation(
        { step: 'site/home', aspect: { kind: 'header', name: 'x-frame-options' } },
        'fail',
        'must',
        'the list SAMEORIGIN, SAMEORIGIN',
        'SAMEORIGIN (1 member)',
      ),
      expectation(
        { step: 'site/home', aspect: { kind: 'cookie', name: 'ASP.NET_SessionId' } },
        'info',
        'info',
        'set on 2 Set-Cookie lines',
        'set on 1 Set-Cookie line',
      ),
      expectation({ step: 'site/home', aspect: { kind: 'body', fact: 'contains "<html"' } }, 'info', 'info', 'contains "<html"', '20 bytes without it'),
    ],
  );
}

function directoryTest() {
  return replayTest(
    'redirector/directory',
    [
      {
        id: 'redirector/directory',
        url: 'https://go.redirect.test:8443/blog/',
        lines: [
          ['server', 'nginx'],
          ['content-type', 'text/html; charset=UTF-8'],
          ['content-encoding', 'gzip'],
          ['x-frame-options', 'SAMEORIGIN'],
          ['content-location', 'https://go.redirect.test:8443/static/blog/'],
        ],
      },
    ],
    [
      expectation({ step: 'redirector/directory', aspect: { kind: 'header', name: 'server' } }, 'info', 'info', 'cloudflare', 'nginx'),
      expectation(
        {
          id: 'redirector/directory check vary/negotiated-response-has-vary accept-encoding',
          step: 'redirector/directory',
          aspect: { kind: 'check', check: 'vary/negotiated-response-has-vary' },
        },
        'warn',
        'should',
        'vary includes Accept-Encoding',
        'vary: (absent)',
        'rfc',
      ),
    ],
  );
}

const fromFile = (over: Parameters<typeof results>[1] = {}) => writeResults(tmp.root, results([homeTest(), directoryTest()], over));
const read = (name: string) => JSON.parse(fs.readFileSync(path.join(tmp.dir, name), 'utf8')) as SpecFile;
const exchange = (doc: SpecFile, id: string) => doc.exchanges.find((e) => e.id === id) as ExchangeSpec;

describe('without --write', () => {
  test('prints the diff with the added expectations and leaves every spec file byte-identical', () => {
    const before = snapshot(tmp.dir);
    const r = run('--from', fromFile(), '--specs', tmp.dir);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('--- specs/site.json\n+++ specs/site.json\n@@ ');
    const clause = 'accepted from https://www.lessons.test:8443 (npm run accept, missing)';
    // As har2spec derives them: a platform's own header by its shape, links by relation and address shape, a lifetime (Max-Age here) as `expires` within its span.
    expect(r.out).toContain(
      `+          "x-powered-by": {\n+            "shape": "base64url",\n+            "source": "reference",\n+            "clause": "${clause}"\n+          },`,
    );
    expect(r.out).toContain(
      '+          "link": {\n+            "links": [\n+              {\n+                "rel": "preload",\n+                "href": {\n+                  "regex": "^https?://[^/?#]+/{section}/a\\\\.css$"',
    );
    expect(r.out).toContain('+          "sid": {');
    expect(r.out).toContain(
      '+            "expires": {\n+              "relativeTime": {\n+                "to": "date",\n+                "offsetSeconds": 3600,\n+                "toleranceSeconds": 180\n',
    );
    expect(r.out).toContain('+            "sameSite": "Strict"');
    expect(r.out).toMatch(/\+ {10}"content-location": \{\n\+ {12}"equals": "\{redirector_url\}\/\{section\}\/blog\/",/);
    expect(r.out).toMatch(/additions, 0 changes, 0 refused, in 2 files; nothing written \(--write writes them\)$/);
    // connection-specific and moment fields are never compared, so never added
    expect(r.out).not.toMatch(/\+ +"(date|connection)":/);
    expect(snapshot(tmp.dir)).toEqual(before);
  });

  test('an id learned as noise and one that differs between h1 and h2 are left to the request-id check, as har2spec does: never literals', () => {
    const r = run('--from', fromFile(), '--specs', tmp.dir);
    expect(r.out).toContain(
      '-        "vary"\n-      ]\n+        "vary",\n+        "headers/request-id"\n+      ],\n+      "checkLevels": {\n+        "headers/request-id": "info"\n+      }',
    );
    expect(r.out).not.toMatch(/"x-request-id"|"x-trace-id"/);
    expect(r.out).not.toMatch(/5f0c8d2e|a1b2c3d4|e5f6a7b8/);
  });

  test('a cookie value and a secret header never appear, raw or redacted', () => {
    const raw = run('--from', fromFile(), '--specs', tmp.dir);
    expect(raw.out).toContain('+          "x-auth-token": {\n+            "shape": ');
    expect(raw.out).toMatch(/\+ {10}"sid": \{\n(.*\n){2}\+ {12}"value": \{\n\+ {14}"shape": "[A-Za-z0-9-]+"/);
    expect(raw.out).not.toContain(CANARY_COOKIE);
    expect(raw.out).not.toContain(CANARY_TOKEN);
    expect(raw.out).not.toContain('abcdefghijklmnopqrstuvwx');
  });
});

describe('--write', () => {
  /** Every key and item the file had keeps its place and value; new keys (and a check added to a list) come after the old ones. */
  function keptEverything(before: unknown, after: unknown, at: string): void {
    if (Array.isArray(before)) {
      expect({ at, length: (after as unknown[]).slice(0, before.length).length }).toEqual({ at, length: before.length });
      before.forEach((b, i) => keptEverything(b, (after as unknown[])[i], `${at}/${i}`));
    } else if (typeof before === 'object' && before !== null) {
      const keys = Object.keys(before);
      expect({ at, keys: Object.keys(after as object).slice(0, keys.length) }).toEqual({ at, keys });
      for (const k of keys) keptEverything((before as Record<string, unknown>)[k], (after as Record<string, unknown>)[k], `${at}/${k}`);
    } else expect({ at, value: after }).toEqual({ at, value: before });
  }

  test('--mode missing adds only new expectations, writes the repository format, and the folder loads', () => {
    const before = snapshot(tmp.dir);
    const r = run('--from', fromFile(), '--specs', tmp.dir, '--write');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/in 2 files; written: specs\/redirector\.json, specs\/site\.json$/);
    const after = snapshot(tmp.dir);
    for (const [name, bytes] of before) {
      const old = JSON.parse(bytes.toString('utf8'));
      const now = JSON.parse(after.get(name)!.toString('utf8'));
      keptEverything(old, now, name);
      expect(after.get(name)!.toString('utf8')).toBe(JSON.stringify(now, null, 2) + '\n');
      // each expectation that existed is byte-for-byte the same JSON value
      for (const ex of (old as SpecFile).exchanges ?? []) {
        const next = exchange(now, ex.id).expect;
        for (const [k, v] of Object.entries(ex.expect.headers ?? {})) expect(JSON.stringify(next.headers![k])).toBe(JSON.stringify(v));
        for (const [k, v] of Object.entries(ex.expect.cookies ?? {})) expect(JSON.stringify(next.cookies![k])).toBe(JSON.stringify(v));
        expect(JSON.stringify(next.status)).toBe(JSON.stringify(ex.expect.status));
        expect(JSON.stringify(next.body)).toBe(JSON.stringify(ex.expect.body));
      }
    }
    expect([...after.keys()].filter((n) => !before.get(n)!.equals(after.get(n)!))).toEqual(['redirector.json', 'site.json']);
    const home = exchange(read('site.json'), 'site/home').expect;
    expect(home.headers!['x-powered-by']).toEqual({
      shape: 'base64url',
      source: 'reference',
      clause: 'accepted from https://www.lessons.test:8443 (npm run accept, missing)',
    });
    expect(home.cookies!.sid).toMatchObject({
      source: 'reference',
      path: '/',
      expires: { relativeTime: { to: 'date', offsetSeconds: 3600, toleranceSeconds: 180 } },
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
    });
    expect(exchange(read('site.json'), 'site/home').checkLevels).toEqual({ 'headers/request-id': 'info' });
    expect(() => loadSpecs(tmp.dir, CHECKS)).not.toThrow();
    const written = [...after.values()].map((b) => b.toString('utf8')).join('\n');
    expect(written).not.toContain(CANARY_COOKIE);
    expect(written).not.toContain(CANARY_TOKEN);
    expect(written).not.toContain('‹');
  });

  test('--mode changed sets an info expectation to the observed value and refuses must and should ones', () => {
    const before = read('site.json');
    const r = run('--from', fromFile(), '--specs', tmp.dir, '--mode', 'changed', '--write');
    expect(r.code).toBe(0);
    expect(r.out).toContain(`site/home header x-frame-options: refused: ${REFUSED_BY_LEVEL.must}`);
    expect(r.out).toContain(
      'site/home header x-frame-options: refused: a "must" expectation (a fact of the service description) is not changed by what a target answered',
    );
    expect(r.out).toContain(`redirector/directory check vary/negotiated-response-has-vary accept-encoding: refused: ${REFUSED_BY_LEVEL.should}`);
    expect(r.out).toContain('site/home body contains "<html": refused: results.json does not hold the body');
    expect(r.out).toMatch(/0 additions, 2 changes, 3 refused, in 2 files; written/);
    // A server banner informs by its shape, as har2spec writes a platform's own header.
    expect(exchange(read('redirector.json'), 'redirector/directory').expect.headers!.server).toEqual({ shape: 'url-safe-token', source: 'reference' });
    const home = exchange(read('site.json'), 'site/home');
    expect(home.expect.cookies!['ASP.NET_SessionId'].count).toBe(1);
    expect(JSON.stringify(home.expect.headers!['x-frame-options'])).toBe(JSON.stringify(exchange(before, 'site/home').expect.headers!['x-frame-options']));
    expect(home.expect.headers!['x-powered-by']).toBeUndefined();
  });
});

test('redacted values in the report become the shape the redaction names', () => {
  const t = replayTest('site/home', [
    {
      id: 'site/home',
      lines: [
        ['x-session-token', '‹secret: hex32, 32 chars›'],
        ['set-cookie', 'sid=‹secret: hex64, 64 chars›; Path=/; samesite=lax'],
      ],
    },
  ]);
  const r = run('--from', writeResults(tmp.root, results([t], { rawSecrets: false })), '--specs', tmp.dir);
  expect(r.out).toContain('+          "x-session-token": {\n+            "shape": "hex32",');
  expect(r.out).toMatch(/"value": \{\n\+ +"shape": "hex64"\n\+ +\},\n\+ +"path": "\/",\n\+ +"httpOnly": false,\n\+ +"secure": false,\n\+ +"sameSite": "Lax"/);
  expect(r.out).not.toContain('‹');
});

test('--ids selects exchanges and flows by glob', () => {
  const only = run('--from', fromFile(), '--specs', tmp.dir, '--ids', 'redirector/**');
  expect(only.code).toBe(0);
  expect(only.out).toContain('--- specs/redirector.json');
  expect(only.out).not.toContain('specs/site.json');
  const star = run('--from', fromFile(), '--specs', tmp.dir, '--ids', 'site/*');
  expect(star.out).toContain('--- specs/site.json');
  expect(star.out).not.toContain('specs/redirector.json');
});

describe('bad input: one line on stderr, exit 2, a stable code', () => {
  test.each([
    [['--specs', '.'], /^accept: --from <results\.json> is required/],
    [['--from', 'nowhere.json'], /^accept: .*nowhere\.json: no such file$/m],
    [['--from', 'r.json', '--mode', 'everything'], /^accept: --mode "everything" is not one of missing, changed, all$/m],
    [['--from', 'r.json', '--frm', 'x'], /^accept: unknown option "--frm"$/m],
    [['--from'], /^accept: --from needs a value$/m],
  ])('%j', (argv, message) => {
    const r = run(...argv);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toMatch(message);
    expect(r.err).not.toMatch(/\n\s+at /);
  });

  test('a file that is not JSON, and JSON that is not a results.json', () => {
    const notJson = run('--from', writeResults(tmp.root, '{"schema": ', 'broken.json'), '--specs', tmp.dir);
    expect(notJson.code).toBe(2);
    expect(notJson.err).toMatch(/^accept: .*broken\.json: not JSON \(/);
    const old = run('--from', writeResults(tmp.root, { ...results([]), schema: 'harness-conformance-results/1' }, 'old.json'), '--specs', tmp.dir);
    expect(old.code).toBe(2);
    expect(old.err).toMatch(
      /old\.json: not a conformance results\.json: "schema" is "harness-conformance-results\/1", expected "harness-conformance-results\/5"/,
    );
    const har = run('--from', writeResults(tmp.root, { log: { entries: [] } }, 'capture.har'), '--specs', tmp.dir);
    expect(har.err).toMatch(/capture\.har: not a conformance results\.json: it has no "schema" field/);
  });

  test('--ids matching nothing names the ids there are', () => {
    const r = run('--from', fromFile(), '--specs', tmp.dir, '--ids', 'shop/**');
    expect(r.code).toBe(2);
    expect(r.err).toBe('accept: --ids "shop/**" matches no replayed exchange or flow of the results (they are: site/home, redirector/directory)');
  });

  test('a step no spec file holds is skipped with a note', () => {
    const t = replayTest('compression/site/css', [{ id: 'compression/site/css/gzip', lines: [['x-a', '1']] }], [], 'flow');
    const r = run('--from', writeResults(tmp.root, results([t])), '--specs', tmp.dir);
    expect(r.code).toBe(0);
    expect(r.out).toContain('note: skipped 1 step no spec file holds (tests defined in code, or ids removed since the run): compression/site/css/gzip');
    expect(r.out).toMatch(/^nothing to change \(0 additions, 0 changes, 0 refused\)/m);
  });

  test('a spec folder that does not exist', () => {
    const r = run('--from', fromFile(), '--specs', path.join(tmp.root, 'nope'));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^accept: .*nope: no such folder/);
  });
});

describe('h3 legs', () => {
  /** What the h3 answer would propose if it were read: another status and value, a field and a cookie of its own, fields learned as noise. */
  const DECOY: H3Fixture = {
    status: 203,
    lines: [
      ['x-powered-by', 'h3-decoy'],
      ['x-h3-only', '1'],
      ['set-cookie', 'h3only=1; Path=/'],
    ],
    noise: ['status', 'header x-powered-by', 'header content-type', 'cookie sid value'],
  };
  const SKIPPED = 'the h1 answer advertises no HTTP/3 (no Alt-Svc h3)';

  /** A finding of the h3 leg as the report groups it: parity findings carry no protocol, the leg's own errors carry h3. */
  function h3Expectation(id: string, about: About, verdict: 'pass' | 'fail' | 'error', expected: string, actual: string, protocol?: LegProtocol): Expectation {
    const data = { ...(about.aspect ? { aspect: about.aspect } : {}), ...(about.compared ? { compared: about.compared } : {}) };
    const finding = {
      key: `f-${id}`,
      id,
      verdict,
      level: 'must' as const,
      expected,
      actual,
      source: 'rfc' as const,
      ...data,
      ...(protocol ? { protocol } : {}),
    };
    return { key: `e-${id}`, id, label: id, step: about.step, ...data, verdict, level: 'must', source: 'rfc', findings: [finding] };
  }
  const H3_PARITY = { by: 'parity h3', first: 'h1', second: 'h3' };

  const accept = (tests: TestReport[], name: string, mode: string) =>
    run('--from', writeResults(tmp.root, results(tests), name), '--specs', tmp.dir, '--mode', mode);

  test.each(['missing', 'changed', 'all'])('--mode %s: a results.json with h3 legs (answered, skipped) is accepted exactly as without them', (mode) => {
    const plain = accept([homeTest(), directoryTest()], 'plain.json', mode);
    const parity = h3Expectation(
      'site/home parity h3',
      { step: 'site/home', compared: H3_PARITY },
      'pass',
      'the same answer over h3 as over h1',
      'the same answer over h3 as over h1',
    );
    const h3 = accept([withH3(homeTest(), DECOY, [parity]), withH3(directoryTest(), { skipped: SKIPPED })], 'h3.json', mode);
    expect(plain.out).toContain('--- specs/site.json');
    expect(h3).toEqual(plain);
  });

  test('an h3 parity failure and an h3 transport error change nothing; the failure is refused as an h3 comparison', () => {
    const plain = accept([homeTest(), directoryTest()], 'plain.json', 'all');
    const failing = [
      withH3(homeTest(), DECOY, [
        h3Expectation(
          'site/home parity h3 header x-powered-by',
          { step: 'site/home', aspect: { kind: 'header', name: 'x-powered-by' }, compared: H3_PARITY },
          'fail',
          'h3 as h1: Express',
          'h3: h3-decoy',
        ),
      ]),
      // No answer over QUIC: a step with a request and no response.
      withH3(directoryTest(), {}, [
        h3Expectation(
          'redirector/directory h3 transport',
          { step: 'redirector/directory', aspect: { kind: 'transport' } },
          'error',
          'an answer over HTTP/3',
          'net::ERR_QUIC_PROTOCOL_ERROR',
          'h3',
        ),
      ]),
    ];
    const h3 = accept(failing, 'h3.json', 'all');
    expect(h3.code).toBe(0);
    expect(h3.out).toContain(`site/home parity h3 header x-powered-by: refused: ${H3_REFUSAL}`);
    // An error is no value that was not met: accept says nothing of it.
    expect(h3.out).not.toContain('h3 transport');
    expect(h3.out).not.toMatch(/h3-decoy|x-h3-only|h3only/);
    const without = (out: string) =>
      out
        .split('\n')
        .filter((l) => !l.startsWith('site/home parity h3 '))
        .join('\n')
        .replace(/\b\d+ refused\b/, 'N refused');
    expect(without(h3.out)).toBe(without(plain.out));
    expect(h3.out).toMatch(/, 4 refused, in 2 files;/);
    expect(plain.out).toMatch(/, 3 refused, in 2 files;/);
  });
});
