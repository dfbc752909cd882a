import { buildResults } from './build';
import { RECORD_VERSION } from '../record';
import { causeHeadline, causes } from './causes';
import { collected, runMeta } from './fixtures';
import { renderHtml } from './html';
import { terminalSummary } from './terminal';
import { transportFinding } from '../replay/exchange';
import { ForbiddenAddressError } from '../target-map/address-guard';
import { describeCause } from '../transport/cause';
import { TransportError } from '../transport/send';

type F = Record<string, unknown>;
const step = (id: string, protocol: string, findings: F[], extra: F = {}) => ({ id, protocol, findings: findings.map((f) => ({ protocol, ...f })), ...extra });
const record = (id: string, legs: unknown[], parity: F[] = []) => ({
  version: RECORD_VERSION,
  id,
  role: id.split('/')[0],
  kind: 'exchange',
  target: 'user',
  legs,
  parity,
});
const miss = (id: string, aspect: F, expected: string, actual: string, extra: F = {}): F => ({
  id,
  aspect,
  verdict: 'fail',
  level: 'must',
  expected,
  actual,
  source: 'capture',
  ...extra,
});

const vary = (id: string, actual = '(absent)') =>
  record(id, [
    {
      protocol: 'h1',
      steps: [
        step(id, 'h1', [
          { id: `${id} status`, verdict: 'pass', level: 'must', expected: '200', actual: '200', source: 'capture' },
          miss(`${id} header vary`, { kind: 'header', name: 'vary' }, 'Accept-Encoding', actual),
        ]),
      ],
    },
  ]);

const results = () =>
  buildResults({
    run: runMeta(),
    tests: ['site/a', 'site/b', 'shop/c', 'shop/d'].map((id, i) =>
      collected([id.split('/')[0], id], vary(id, i === 3 ? 'Accept' : '(absent)'), { status: 'failed' }),
    ),
  });

test('one field of one role with one observed value is one cause, with its members; another role or value, another', () => {
  const found = causes(results(), (v) => v === 'fail');
  expect(found.map((c) => [c.role, c.subject, c.observed, c.members.map((m) => m.expectation.id)])).toEqual([
    ['site', 'header vary', '(absent)', ['site/a header vary', 'site/b header vary']],
    ['shop', 'header vary', '(absent)', ['shop/c header vary']],
    ['shop', 'header vary', 'Accept', ['shop/d header vary']],
  ]);
});

test('the terminal and the HTML lead with each cause: its role, field, value and where it was seen, never cut', () => {
  const r = results();
  const text = terminalSummary(r, 'report.html');
  expect(text).toContain('Failing (4, from 3 causes):');
  expect(text).toContain('  x [1] site: header vary is "(absent)" on h1\n      expected "Accept-Encoding", in 2 tests (site/a, site/b)');
  expect(text).toContain('  x [3] shop: header vary is "Accept" on h1\n      expected "Accept-Encoding", shop/d header vary');
  const html = renderHtml(r);
  expect(html).toContain('Failures (4, from 3 causes)');
  expect(html).toMatch(
    /<li data-role="site" data-verdict="fail"[^>]*>.*site: header vary is &quot;\(absent\)&quot; on h1.*<details><summary>in 2 tests \(site\/a, site\/b\)<\/summary>/,
  );
});

/**
 * The three ways one missing X-Frame-Options shows on the site: the exchange's own expectation on
 * h1 and h2, the security check on the same answers, and the HTTP/3 twin that answered otherwise;
 * a browser flow's resource on the site too. One cause, which says that h3 answers otherwise.
 */
test('an expectation, a check on the same field, a browser resource and a parity with h3 are one cause that names the side that differs', () => {
  const home = record(
    'site/home',
    [
      ...['h1', 'h2'].map((p) => ({
        protocol: p,
        steps: [
          step('site/home', p, [
            miss('site/home header x-frame-options', { kind: 'header', name: 'x-frame-options' }, 'the list SAMEORIGIN, SAMEORIGIN', '(absent)'),
            miss(
              'site/home check security/header-set-per-role x-frame-options',
              { kind: 'check', check: 'security/header-set-per-role', field: 'x-frame-options' },
              'SAMEORIGIN',
              '(absent)',
            ),
          ]),
        ],
      })),
      { protocol: 'h3', steps: [step('site/home', 'h3', [], { h3: { endpoint: '127.0.0.1:41444' } })] },
    ],
    [
      miss('site/home parity h3 header x-frame-options', { kind: 'header', name: 'x-frame-options' }, 'h3 as h1: (absent)', 'h3: SAMEORIGIN', {
        step: 'site/home',
        compared: { by: 'parity h3', first: 'h1', second: 'h3', firstValue: '(absent)', secondValue: 'SAMEORIGIN' },
      }),
    ],
  );
  const flow = {
    version: RECORD_VERSION,
    kind: 'browser-flow',
    role: 'bare',
    id: 'bare/browser/redirect-to-www',
    title: 't',
    target: 'user',
    findings: [
      {
        ...miss('bare/browser/redirect-to-www {base_url}/ x-frame-options', { kind: 'header', name: 'x-frame-options' }, 'SAMEORIGIN', '(absent)'),
        role: 'site',
        protocol: 'browser',
      },
    ],
  };
  const r = buildResults({
    run: runMeta(),
    tests: [collected(['site', 'site/home'], home, { status: 'failed' }), collected(['bare', 'bare/browser/redirect-to-www'], flow, { status: 'failed' })],
  });
  const found = causes(r, (v) => v === 'fail');
  expect(found).toHaveLength(1);
  expect(found[0]).toMatchObject({
    role: 'site',
    subject: 'header x-frame-options',
    observed: '(absent)',
    seenBy: ['check security/header-set-per-role', 'parity h3'],
  });
  expect(causeHeadline(found[0])).toBe('site: header x-frame-options is "(absent)" on h1, h2 and browser; h3 at 127.0.0.1:41444 answers "SAMEORIGIN"');
  expect(found[0].members.map((m) => m.expectation.id).sort()).toEqual([
    'bare/browser/redirect-to-www {base_url}/ x-frame-options',
    'site/home check security/header-set-per-role x-frame-options',
    'site/home header x-frame-options',
    'site/home parity h3 header x-frame-options',
  ]);
});

test('a comparison no spec finding explains is a cause of its own that names both sides and blames neither', () => {
  const r = buildResults({
    run: runMeta(),
    tests: [
      collected(
        ['site', 'site/x'],
        record(
          'site/x',
          [{ protocol: 'h1', steps: [step('site/x', 'h1', [])] }],
          [
            miss('site/x parity header server', { kind: 'header', name: 'server' }, 'h2 as h1: a', 'h2: b', {
              compared: { by: 'parity', first: 'h1', second: 'h2', firstValue: 'a', secondValue: 'b' },
            }),
          ],
        ),
        { status: 'failed' },
      ),
    ],
  });
  const [c] = causes(r, (v) => v === 'fail');
  expect(causeHeadline(c)).toBe('site: header server differs between the answers: h1: a; h2: b');
});

test('a lifetime is one cause however its dates differ: grouped by what was observed, not the text shown', () => {
  const cookie = (id: string, date: string) =>
    record(id, [
      {
        protocol: 'h1',
        steps: [
          step(id, 'h1', [
            miss(`${id} cookie SC expires`, { kind: 'cookie', name: 'SC', attribute: 'expires' }, 'Date + 3655 d', `${date} (Date + 3285 d)`, {
              observed: 'Date + 3285 d',
            }),
          ]),
        ],
      },
    ]);
  const r = buildResults({
    run: runMeta(),
    tests: [
      collected(['site', 'site/home'], cookie('site/home', 'Mon, 01 Jan 2035 00:00:00 GMT'), { status: 'failed' }),
      collected(['site', 'site/flip'], cookie('site/flip', 'Mon, 01 Jan 2035 00:00:07 GMT'), { status: 'failed' }),
    ],
  });
  expect(causes(r, (v) => v === 'fail').map((c) => [c.subject, c.observed, c.members.length])).toEqual([['cookie SC expires', 'Date + 3285 d', 2]]);
});

test('a comparison joins the side that misses the spec even where that miss only informs (a reference choice): the side that agrees is not blamed', () => {
  const notFound = record(
    'site/not-found',
    [
      ...['h1', 'h2'].map((p) => ({
        protocol: p,
        steps: [
          step('site/not-found', p, [
            { ...miss('site/not-found status', { kind: 'status' }, '404', '200'), verdict: 'info', level: 'info', source: 'reference' },
          ]),
        ],
      })),
      { protocol: 'h3', steps: [step('site/not-found', 'h3', [], { h3: { endpoint: '127.0.0.1:41444' } })] },
    ],
    [
      miss('site/not-found parity h3 status', { kind: 'status' }, 'h3 as h1: 200', 'h3: 404', {
        step: 'site/not-found',
        compared: { by: 'parity h3', first: 'h1', second: 'h3', firstValue: '200', secondValue: '404' },
      }),
    ],
  );
  const r = buildResults({ run: runMeta(), tests: [collected(['site', 'site/not-found'], notFound, { status: 'failed' })] });
  const found = causes(r, (v) => v === 'fail');
  expect(found.map(causeHeadline)).toEqual(['site: status is "200" on h1 and h2; h3 at 127.0.0.1:41444 answers "404"']);
});

test('a role whose DNS points at a forbidden address is one cause, however many of its exchanges found no connection; another kind of error, another', () => {
  // What the replay records for each exchange the address guard refused (replay/exchange.ts, target-map/address-guard.ts).
  const forbidden = new ForbiddenAddressError('ocsp.staging.example', '169.254.169.254', 'is a link-local address (169.254.169.254), never asked');
  const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
  const refused = (id: string) => {
    const err = new TransportError(`http://ocsp.staging.example${id.slice(4)}`, describeCause(id === 'ocsp/reset' ? reset : forbidden));
    return record(id, [
      {
        protocol: 'h1',
        steps: [
          step(id, 'h1', [transportFinding(id, err, { role: 'ocsp', level: 'must', source: 'capture', target: 'user', protocol: 'h1' }) as unknown as F]),
        ],
      },
    ]);
  };
  const r = buildResults({
    run: runMeta(),
    tests: ['ocsp/post', 'ocsp/get', 'ocsp/malformed', 'ocsp/reset'].map((id) => collected(['ocsp', id], refused(id), { status: 'failed' })),
  });
  const found = causes(r, (v) => v === 'error');
  expect(found.map((c) => [c.role, c.subject, c.observed, c.members.map((m) => m.test.id).sort()])).toEqual([
    ['ocsp', 'transport', '(no response)', ['ocsp/get', 'ocsp/malformed', 'ocsp/post']],
    ['ocsp', 'transport', '(no response)', ['ocsp/reset']],
  ]);
  expect(found[0].finding.message).toMatch(/ocsp\.staging\.example resolves to a link-local address \(169\.254\.169\.254\), never asked/);
  expect(causeHeadline(found[0])).toBe(
    'ocsp: transport: ocsp: http://ocsp.staging.example/get: ocsp.staging.example resolves to a link-local address (169.254.169.254), never asked (HARNESS_ERR_FORBIDDEN_ADDRESS)',
  );
});
