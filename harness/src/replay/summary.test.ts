import { failureLines, failureMessage, type ReplayFinding } from './summary';

const f = (over: Partial<ReplayFinding>): ReplayFinding => ({ id: 'site/home header x-frame-options', verdict: 'fail', expected: 'SAMEORIGIN, SAMEORIGIN', actual: 'SAMEORIGIN', source: 'capture', ...over });

test('the same failure on both legs is one line without a protocol mark', () => {
  expect(failureLines([f({ protocol: 'h1' }), f({ protocol: 'h2' })], ['h1', 'h2'])).toEqual([
    'site/home header x-frame-options: expected "SAMEORIGIN, SAMEORIGIN", got "SAMEORIGIN"',
  ]);
});

test('a failure of one leg says which; passes, skips and infos are left out', () => {
  const lines = failureLines(
    [f({ protocol: 'h1' }), f({ protocol: 'h2', verdict: 'pass' }), f({ id: 'x', verdict: 'info' }), f({ id: 'y', verdict: 'skip' })],
    ['h1', 'h2'],
  );
  expect(lines).toEqual(['site/home header x-frame-options (h1 only): expected "SAMEORIGIN, SAMEORIGIN", got "SAMEORIGIN"']);
});

test('errors give their message; secrets are not printed', () => {
  const lines = failureLines(
    [
      f({ id: 'site/home transport', verdict: 'error', expected: 'a response', actual: '(no response)', message: 'connect ECONNREFUSED 127.0.0.1:1', protocol: 'h1' }),
      f({ id: 'site/home cookie sxa_site value', expected: 'Lessons', actual: 'hunter2', secret: true }),
    ],
    ['h1'],
  );
  expect(lines).toEqual(['site/home transport: error: connect ECONNREFUSED 127.0.0.1:1 (expected "a response")', 'site/home cookie sxa_site value: expected "Lessons", got (secret value of 7 characters)']);
});

test('the message counts and indents the lines', () => {
  expect(failureMessage('site/home', [f({})], ['h1'])).toBe('site/home: 1 failing expectation\n  site/home header x-frame-options: expected "SAMEORIGIN, SAMEORIGIN", got "SAMEORIGIN"');
  expect(failureMessage('site/home', [], ['h1'])).toBe('site/home: every expectation met');
});
