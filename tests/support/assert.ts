import { expect } from '@playwright/test';
import { conclude, type Finding } from '../../harness/src/core';
import { dayOf, type KnownOnDay } from '../../harness/src/known';
import { runSettings } from '../../harness/src/settings';
import { workerRedactor } from './attach';

/** The run's threshold (HARNESS_FAIL_ON), from the run's settings (the global set-up has validated them). */
export const FAIL_ON = runSettings(process.env).failOn;

/**
 * A test's one assertion over its findings (core's `judge`): something was judged (a test that
 * evaluated nothing never passes), and nothing is at or above the run's threshold (one line per
 * failing finding).
 */
export function assertFindings(title: string, findings: ReadonlyArray<Finding & { protocol?: string }>, legs: readonly string[] = []): void {
  const j = conclude(title, findings, FAIL_ON, legs);
  // The message quotes expected and actual values: the run's secrets replaced, as in the report.
  const message = workerRedactor().scrub(j.message);
  expect(j.judged, message).toBeGreaterThan(0);
  expect(j.failing, message).toBe(0);
}

/**
 * The run's known deviations (specs/known-deviations.json, HARNESS_KNOWN) and today's date, which
 * their expiry is read against: each case (harness/src/cases/) applies them to its findings, in
 * place, before they are attached and judged (a matching failure becomes `known`).
 */
export function knownToday(): KnownOnDay {
  return { entries: runSettings(process.env).known.entries, day: dayOf(new Date()) };
}
