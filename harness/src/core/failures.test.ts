import { failingFindings, failureLines, failureMessage } from './failures';
import type { Finding } from './finding';

type F = Finding & { protocol?: string };
const f = (over: Partial<F>): F => ({
  id: 'site/home header x-frame-options',
  verdict: 'fail',
  level: 'must',
  expected: 'SAMEORIGIN, SAMEORIGIN',
  actual: 'SAMEORIGIN',
  source: 'capture',
  ...over,
});

test('the same failure on both legs is one line without a protocol mark', () => {
  expect(failureLines([f({ protocol: 'h1' }), f({ protocol: 'h2' })], 'fail', ['h1', 'h2'])).toEqual([
    'site/home header x-frame-options: expected "SAMEORIGIN, SAMEORIGIN", got "SAMEORIGIN"',
  ]);
});

test('a failure of one leg says which; passes, warns, infos, skips and n/a are left out at the default threshold', () => {
  const lines = failureLines(
    [
      f({ protocol: 'h1' }),
      f({ protocol: 'h2', verdict: 'pass' }),
      f({ id: 'w', verdict: 'warn' }),
      f({ id: 'x', verdict: 'info' }),
      f({ id: 'y', verdict: 'skip' }),
      f({ id: 'z', verdict: 'n/a' }),
    ],
    'fail',
    ['h1', 'h2'],
  );
  expect(lines).toEqual(['site/home header x-frame-options (h1 only): expected "SAMEORIGIN, SAMEORIGIN", got "SAMEORIGIN"']);
});

test.each([
  ['fail', ['error', 'fail']],
  ['warn', ['error', 'fail', 'warn']],
  ['diff', ['error', 'fail', 'warn', 'known', 'diff']],
  ['info', ['error', 'fail', 'warn', 'known', 'diff', 'info']],
] as const)('HARNESS_FAIL_ON=%s fails exactly %j', (failOn, failing) => {
  const all = (['error', 'fail', 'warn', 'known', 'diff', 'info', 'fixed', 'skip', 'n/a', 'pass'] as const).map((verdict) => f({ id: verdict, verdict }));
  expect(failingFindings(all, failOn).map((x) => x.verdict)).toEqual(failing);
});

test('a warn line names its verdict', () => {
  expect(
    failureLines([f({ verdict: 'warn', level: 'should', id: 'site/home check vary', expected: 'Vary: Accept-Encoding', actual: '(absent)' })], 'warn'),
  ).toEqual(['site/home check vary: warn: expected "Vary: Accept-Encoding", got "(absent)"']);
});

test('errors give their message; secrets are not printed', () => {
  const lines = failureLines(
    [
      f({
        id: 'site/home transport',
        verdict: 'error',
        expected: 'a response',
        actual: '(no response)',
        message: 'connect ECONNREFUSED 127.0.0.1:1',
        protocol: 'h1',
      }),
      f({ id: 'site/home cookie sxa_site value', expected: 'Lessons', actual: 'Students', secrets: [{ kind: 'cookie', value: 'Students' }] }),
      f({
        id: 'site/browser/visitor-flag cookie before',
        expected: '<32 hex>|False',
        actual: '0123456789abcdef0123456789abcdef|True',
        secrets: [{ kind: 'cookie', value: '0123456789abcdef0123456789abcdef|True' }],
      }),
      f({ id: 'site/home header x-csrf-token', expected: 'present', actual: 'tok', secrets: [{ kind: 'credential', value: 'tok' }] }),
    ],
    'fail',
    ['h1'],
  );
  expect(lines).toEqual([
    'site/home transport: error: connect ECONNREFUSED 127.0.0.1:1 (expected "a response")',
    // A word is no secret, even as a cookie's value; an identifier is, and the flag beside it is shown.
    'site/home cookie sxa_site value: expected "Lessons", got "Students"',
    'site/browser/visitor-flag cookie before: expected "<32 hex>|False", got "‹secret: 32 chars›|True"',
    'site/home header x-csrf-token: expected "present", got "‹secret: 3 chars›"',
  ]);
});

test('the message counts and indents the lines', () => {
  expect(failureMessage('site/home', [f({})], 'fail', ['h1'])).toBe(
    'site/home: 1 failing expectation\n  site/home header x-frame-options: expected "SAMEORIGIN, SAMEORIGIN", got "SAMEORIGIN"',
  );
  expect(failureMessage('site/home', [], 'fail', ['h1'])).toBe('site/home: every expectation met');
});

test('a failure on both legs whose values differ (a date a second apart) is still one line without a mark', () => {
  const lines = failureLines(
    [f({ protocol: 'h1', actual: 'Wed, 24 Nov 2027 01:11:54 GMT' }), f({ protocol: 'h2', actual: 'Wed, 24 Nov 2027 01:11:55 GMT' })],
    'fail',
    ['h1', 'h2'],
  );
  expect(lines).toEqual(['site/home header x-frame-options: expected "SAMEORIGIN, SAMEORIGIN", got "Wed, 24 Nov 2027 01:11:54 GMT"']);
});
