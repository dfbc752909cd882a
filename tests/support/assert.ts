import { expect } from '@playwright/test';
import { failingFindings, failureMessage, NOT_JUDGED, type Finding } from '../../harness/src/core';
import { runSettings } from '../../harness/src/settings';

/** The run's threshold (HARNESS_FAIL_ON), from the run's settings (the global set-up has validated them). */
export const FAIL_ON = runSettings(process.env).failOn;

/**
 * A test's one assertion over its findings: something was judged (a test that evaluated nothing
 * never passes), and nothing is at or above the run's threshold (one line per failing finding).
 */
export function assertFindings(title: string, findings: ReadonlyArray<Finding & { protocol?: string }>, legs: readonly string[] = []): void {
  const judged = findings.filter((f) => !NOT_JUDGED.has(f.verdict));
  expect(judged.length, `${title}: no expectation was evaluated (${findings.map((f) => f.actual).join('; ') || 'no findings'})`).toBeGreaterThan(0);
  expect(failingFindings(findings, FAIL_ON).length, failureMessage(title, findings, FAIL_ON, legs)).toBe(0);
}
