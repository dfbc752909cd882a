import type { TestCase, TestResult } from '@playwright/test/reporter';
import { collectTest } from './collected';

/** A test as Playwright hands it to a reporter: defined by a helper (`location`) for the file suite that loaded it (`titlePath`). */
function testCase(titlePath: string[], locationFile: string): TestCase {
  return {
    titlePath: () => titlePath,
    parent: { project: () => ({ name: titlePath[1] }) },
    location: { file: locationFile, line: 1, column: 1 },
    annotations: [],
  } as unknown as TestCase;
}

const RESULT = {
  errors: [],
  steps: [],
  attachments: [],
  annotations: [],
  status: 'passed',
  duration: 5,
  retry: 0,
  startTime: new Date(0),
} as unknown as TestResult;

test('a test defined by a shared helper is filed under the test file that runs it, not the helper', () => {
  const t = collectTest(testCase(['', 'raw', 'flows/ocsp.test.ts', 'ocsp/live/site'], '/repo/tests/flows/flow-test.ts'), RESULT, '/repo/tests');
  expect(t.file).toBe('flows/ocsp.test.ts');
  expect(t.titlePath).toEqual(['ocsp/live/site']);
});

test('without a file suite in the title path, the location is kept, relative to the root and /-separated', () => {
  const t = collectTest(testCase(['', 'raw'], '/repo/tests/replay.test.ts'), RESULT, '/repo/tests');
  expect(t.file).toBe('replay.test.ts');
});

/** A step as Playwright records it: its category, an error when it failed, and the steps inside it. */
const step = (category: string, failed: boolean, steps: unknown[] = []) => ({ category, ...(failed ? { error: { message: 'x' } } : {}), steps });

test.each([
  ['an expect that failed, nested in a test.step', [step('hook', false), step('test.step', true, [step('expect', true)])], true],
  ['an expect that passed, then an error thrown', [step('expect', false), step('hook', false)], false],
  ['a failed step that is not an expect (a fixture)', [step('fixture', true)], false],
  ['no steps', [], false],
])('whether an assertion failed is read from the steps Playwright recorded: %s', (_name, steps, failed) => {
  const t = collectTest(testCase(['', 'raw'], '/repo/tests/replay.test.ts'), { ...RESULT, status: 'failed', steps } as unknown as TestResult, '/repo/tests');
  expect(t.assertionFailed).toBe(failed);
});
