/**
 * The guard every Playwright test of tests/ ends with, `assertFindings` (tests/support/assert.ts):
 * a test whose findings judged nothing (only skip and n/a, or none at all) fails, never passes
 * empty; one with a finding at or above the run's threshold fails with that finding's line. The
 * raw replay (tests/replay.test.ts) and the browser flows (tests/support/browser.ts) call it as
 * their last assertion; the raw flows (tests/flows/*.test.ts) call `settle`, which calls it.
 * Playwright's `expect` runs here as it does there: it throws on a miss.
 */
import type { TestInfo } from '@playwright/test';
import { settle } from '../../../tests/flows/flow-test';
import { assertFindings } from '../../../tests/support/assert';
import type { Finding } from '../core';
import { RECORD_VERSION, type ReplayRecord } from '../record';

const finding = (over: Partial<Finding>): Finding => ({
  id: 'site/home header x-frame-options',
  verdict: 'pass',
  level: 'must',
  expected: 'SAMEORIGIN',
  actual: 'SAMEORIGIN',
  source: 'capture',
  ...over,
});
const skipped = finding({ id: 'site/home header x-frame-options', verdict: 'skip', actual: 'role not mapped (site)' });
const notApplicable = finding({ id: 'site/home check vary/negotiated-response-has-vary', verdict: 'n/a', actual: '(not applicable to this response)' });

test('only skip and n/a findings: assertFindings throws, saying nothing was judged and why', () => {
  expect(() => assertFindings('site/home', [skipped, notApplicable], ['h1'])).toThrow(
    'site/home: no expectation was evaluated (role not mapped (site); (not applicable to this response))',
  );
});

test('no findings at all: assertFindings throws', () => {
  expect(() => assertFindings('site/home', [])).toThrow('site/home: no expectation was evaluated (no findings)');
});

test('a judged finding that passes, among skips: assertFindings passes', () => {
  expect(() => assertFindings('site/home', [skipped, finding({}), notApplicable], ['h1'])).not.toThrow();
});

test('a failing finding: assertFindings throws with its line', () => {
  expect(() => assertFindings('site/home', [finding({ verdict: 'fail', actual: 'DENY' }), skipped], ['h1'])).toThrow(
    'site/home: 1 failing expectation\n  site/home header x-frame-options: expected "SAMEORIGIN", got "DENY"',
  );
});

test('settle (the raw flows) attaches the record and fails a flow that judged nothing', async () => {
  const record: ReplayRecord = {
    version: RECORD_VERSION,
    id: 'site/section',
    role: 'site',
    kind: 'flow',
    target: 'https://www.lessons.test',
    legs: [{ protocol: 'h1', steps: [{ id: 'site/section/home', protocol: 'h1', findings: [{ ...skipped, protocol: 'h1' }] }] }],
    parity: [],
  };
  const attached: string[] = [];
  const testInfo = { attach: async (name: string) => void attached.push(name) } as unknown as TestInfo;
  await expect(settle(record, testInfo)).rejects.toThrow('site/section: no expectation was evaluated (role not mapped (site))');
  expect(attached).toEqual(['findings']);
  record.legs[0].steps[0].findings.push({ ...finding({ id: 'site/section/home status' }), protocol: 'h1' });
  await expect(settle(record, testInfo)).resolves.toBeUndefined();
});
