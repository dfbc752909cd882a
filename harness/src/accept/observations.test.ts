import { expectation, replayTest, withH3 } from './fixtures';
import type { Expectation } from '../report/types';
import { cookieOf, isH3Expectation, observeTest, replayTests, stepNoise } from './observations';

test("a step's noise as results.json holds it, the fields whose presence changed kept", () => {
  const n = stepNoise({
    status: true,
    fields: ['x-cache', 'x-trace-id'],
    presence: ['x-cache'],
    cookies: { 'ASP.NET_SessionId': ['value', 'expiry'] },
    body: true,
  });
  expect(n.status).toBe(true);
  expect(n.body).toBe(true);
  expect([...n.fields]).toEqual(['x-cache', 'x-trace-id']);
  expect([...n.presence]).toEqual(['x-cache']);
  expect([...n.cookies.get('ASP.NET_SessionId')!]).toEqual(['value', 'expiry']);
  expect(stepNoise()).toEqual({ status: false, body: false, fields: new Set(), presence: new Set(), cookies: new Map() });
});

test('only raw replays are read; steps keep their legs, noise of every leg and their own expectations', () => {
  const flow = replayTest(
    'site/f',
    [
      { id: 'site/f/one', lines: [['x-a', '1']], noise: ['header x-a'] },
      { id: 'site/f/one-more', lines: [['X-B', '2']], h2Lines: [['x-b', '3']] },
    ],
    [
      expectation({ step: 'site/f/one', aspect: { kind: 'status' } }, 'pass', 'must', '200', '200'),
      expectation({ step: 'site/f/one-more', aspect: { kind: 'header', name: 'x-b' } }, 'info', 'info', '2', '3'),
      // The step an expectation names is read, never guessed from its id: one that names no step of the test is tied to none.
      expectation({ id: 'site/f/one header x-c', aspect: { kind: 'header', name: 'x-c' } }, 'info', 'info', '2', '3'),
      expectation({ id: 'site/f/one header x-d', step: 'site/f/gone', aspect: { kind: 'header', name: 'x-d' } }, 'info', 'info', '2', '3'),
      expectation({ id: 'site/f parity', compared: { by: 'parity', first: 'h1', second: 'h2' } }, 'fail', 'must', 'a', 'b'),
    ],
    'flow',
  );
  flow.legs![1].steps[0].skipped = 'an earlier step failed';
  const browser = { ...replayTest('bare/browser/x', []), kind: 'browser-flow' as const };
  const tests = replayTests([flow, browser, null, { kind: 'exchange' }]);
  expect(tests.map((t) => t.id)).toEqual(['site/f']);
  const o = observeTest(tests[0]);
  expect(o.kind).toBe('flow');
  expect(o.steps.map((s) => [s.step, s.legs.map((l) => l.protocol)])).toEqual([
    ['site/f/one', ['h1']],
    ['site/f/one-more', ['h1', 'h2']],
  ]);
  expect([...o.steps[0].noise.fields]).toEqual(['x-a']);
  expect(o.steps[1].legs[0].lines).toEqual([['x-b', '2']]);
  expect(o.steps[0].origin).toBe('https://www.lessons.test:8443');
  expect(o.steps.map((s) => s.expectations.map((e) => e.id))).toEqual([['site/f/one status'], ['site/f/one-more header x-b']]);
  expect(o.loose.map((e) => e.id)).toEqual(['site/f/one header x-c', 'site/f/one header x-d', 'site/f parity']);
});

test('a redacted Set-Cookie line is parsed as the evaluation parses the raw one', () => {
  const raw = cookieOf('sid=abc; path=/x; DOMAIN=.Example.test; samesite=strict; HttpOnly');
  const redacted = cookieOf('sid=‹secret: hex, 3 chars›; path=/x; DOMAIN=.Example.test; samesite=strict; HttpOnly');
  expect({ ...redacted, value: 'abc', line: raw.line }).toEqual(raw);
  expect(redacted).toMatchObject({ name: 'sid', value: '‹secret: hex, 3 chars›', domain: 'example.test', sameSite: 'Strict', httpOnly: true, secure: false });
});

test('an h3 leg lends no answer, noise or origin: it is judged against its h1 twin, not by the spec', () => {
  const plain = replayTest('site/a', [{ id: 'site/a', lines: [['x-a', '1']], noise: ['header x-a'] }]);
  const h3 = withH3(plain, { status: 203, lines: [['x-h3', '1']], noise: ['status', 'header x-h3', 'cookie sid value'] });
  h3.legs![2].steps[0].request!.url = 'https://h3.lessons.test:9443/';
  const o = observeTest(h3);
  expect(o.steps.map((s) => s.legs.map((l) => [l.protocol, l.status]))).toEqual([
    [
      ['h1', 200],
      ['h2', 200],
    ],
  ]);
  expect(o).toEqual(observeTest(plain));
  // A leg skipped as a whole and a leg without an answer are no more than nothing.
  expect(observeTest(withH3(plain, { skipped: 'TARGET_H3=0 (no HTTP/3 legs: for networks that block UDP)' }))).toEqual(observeTest(plain));
  expect(observeTest(withH3(plain, {}))).toEqual(observeTest(plain));
});

test("an expectation of an h3 leg is told by what compared it or by its findings' protocol, not by its id", () => {
  const about = (over: Partial<Expectation>, protocol?: string): Expectation =>
    ({
      key: 'e',
      id: 'site/a h3 words',
      verdict: 'fail',
      level: 'must',
      source: 'rfc',
      findings: [{ id: 'x', verdict: 'fail', ...(protocol ? { protocol } : {}) }],
      ...over,
    }) as Expectation;
  expect(isH3Expectation(about({ compared: { by: 'parity h3', first: 'h1', second: 'h3' } }))).toBe(true);
  expect(isH3Expectation(about({ aspect: { kind: 'transport' } }, 'h3'))).toBe(true);
  expect(isH3Expectation(about({ compared: { by: 'parity', first: 'h1', second: 'h2' } }, 'h2'))).toBe(false);
  expect(isH3Expectation(about({ id: 'site/a parity h3 header x', aspect: { kind: 'header', name: 'x' } }, 'h1'))).toBe(false);
  expect(isH3Expectation(about({ findings: [null] as unknown as Expectation['findings'] }))).toBe(false);
});
