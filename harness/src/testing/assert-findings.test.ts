/**
 * The guard every Playwright test of tests/ ends with, `assertFindings` (tests/support/assert.ts):
 * a test whose findings judged nothing (only skip and n/a, or none at all) fails, never passes
 * empty; one with a finding at or above the run's threshold fails with that finding's line. The
 * raw replay (tests/replay.test.ts) and the browser flows (tests/support/browser.ts) call it as
 * their last assertion, and so do the raw flows (tests/flows/flow-test.ts) over what their case
 * (cases/raw-flow.ts) found.
 * Playwright's `expect` runs here as it does there: it throws on a miss.
 */
import { assertFindings } from '../../../tests/support/assert';
import { runRawFlowCase } from '../cases/raw-flow';
import type { Finding } from '../core';
import type { RawFlowTest } from '../flows/raw/registry';
import { newReplayRecord, newStepRecord } from '../record';
import type { ReplayClients } from '../replay';
import { loadTargetMap } from '../target-map';

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

test('a raw flow (its case, then the guard): a flow that judged nothing fails, a judged pass passes, an unmapped role or a finished skip is not judged', async () => {
  const step = newStepRecord('site/section/home', 'h1');
  step.findings.push({ ...skipped, protocol: 'h1' });
  const record = newReplayRecord({ id: 'site/section', role: 'site', kind: 'flow', target: 'https://www.lessons.test' }, [{ protocol: 'h1', steps: [step] }]);
  const flow = (over: Partial<RawFlowTest> = {}): RawFlowTest => ({
    title: 'site/section',
    description: 'the section',
    roles: ['site'],
    run: async () => record,
    ...over,
  });
  const clients = { map: loadTargetMap({ TARGET_URL: 'https://www.lessons.test' }) } as ReplayClients;
  const run = await runRawFlowCase(flow(), clients);
  if ('unmapped' in run) throw new Error('the site is mapped');
  expect(run.ran).toEqual(['h1']);
  expect(() => assertFindings(run.record.id, run.findings, run.ran)).toThrow('site/section: no expectation was evaluated (role not mapped (site))');
  step.findings.push({ ...finding({ id: 'site/section/home status' }), protocol: 'h1' });
  const again = await runRawFlowCase(flow(), clients);
  if ('unmapped' in again) throw new Error('the site is mapped');
  expect(() => assertFindings(again.record.id, again.findings, again.ran)).not.toThrow();
  // A failure fails the flow, unless the run's known deviations name it: the case marks it known before the guard.
  step.findings.push({ ...finding({ id: 'site/section/home header x-frame-options', verdict: 'fail', actual: 'DENY' }), protocol: 'h1' });
  const failing = await runRawFlowCase(flow(), clients);
  if ('unmapped' in failing) throw new Error('the site is mapped');
  expect(() => assertFindings(failing.record.id, failing.findings, failing.ran)).toThrow('1 failing expectation');
  const entry = { index: 0, id: 'site/section/home header x-frame-options', reason: 'the CDN', ticket: 'OPS-1', expires: '2999-12-31' };
  const known = await runRawFlowCase(flow(), clients, { entries: [entry], day: '2026-11-28' });
  if ('unmapped' in known) throw new Error('the site is mapped');
  expect(known.findings.map((f) => f.verdict)).toEqual(['skip', 'pass', 'known']);
  expect(() => assertFindings(known.record.id, known.findings, known.ran)).not.toThrow();
  expect(await runRawFlowCase(flow({ roles: ['shop'] }), clients)).toEqual({ unmapped: expect.stringMatching(/TARGET_SHOP_URL|not mapped/) });
  const finished = await runRawFlowCase(flow({ skippedBy: () => 'HTTP/3 is off for this run' }), clients);
  expect('skipped' in finished && finished.skipped).toBe('HTTP/3 is off for this run');
});
