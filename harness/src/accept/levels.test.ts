import { expectation } from './fixtures';
import { notMet, refusalFor, reportedLevel } from './levels';

test('must and should are refused with their own reasons; info may change', () => {
  expect(refusalFor('must')).toBe('a "must" expectation (a fact of the service description) is not changed by what a target answered');
  expect(refusalFor('should')).toBe('a "should" expectation (an RFC recommendation) is not changed by what a target answered');
  expect(refusalFor('info')).toBeUndefined();
});

test("the level is the expectation's, else the strongest of its findings, else must", () => {
  const e = expectation({ step: 'site/a', aspect: { kind: 'header', name: 'x' } }, 'warn', 'should', 'a', 'b', 'rfc');
  expect(reportedLevel(e)).toBe('should');
  expect(
    reportedLevel({
      ...e,
      level: undefined as never,
      findings: [
        { ...e.findings[0], level: 'info' },
        { ...e.findings[1], level: 'should' },
      ],
    }),
  ).toBe('should');
  expect(reportedLevel({ ...e, level: undefined as never, findings: [] })).toBe('must');
});

test('fail, warn and info count as not met; pass, skip, n/a, diff, fixed and error do not; nor do baseline comparisons', () => {
  const one = (verdict: Parameters<typeof expectation>[1]) =>
    notMet(expectation({ step: 'site/a', aspect: { kind: 'status' } }, verdict, 'info', '200', '404'));
  expect((['fail', 'warn', 'info'] as const).map(one)).toEqual([true, true, true]);
  expect((['pass', 'skip', 'n/a', 'diff', 'fixed', 'error'] as const).map(one)).toEqual([false, false, false, false, false, false]);
  const e = expectation({ step: 'site/a', aspect: { kind: 'header', name: 'x' } }, 'info', 'info', 'a', 'b');
  expect(notMet({ ...e, findings: e.findings.map((f) => ({ ...f, source: 'baseline' as never })) })).toBe(false);
  expect(notMet({ ...e, source: 'baseline' as never })).toBe(false);
});
