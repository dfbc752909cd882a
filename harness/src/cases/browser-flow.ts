/**
 * One browser flow, as the Playwright suite runs it (tests/support/browser.ts, with its HAR and
 * screenshot) and as the detection tests run it in process (testing/outcomes.ts): the flow in a
 * fresh page of its context, then the run's known deviations applied to its findings, before they
 * are attached and judged.
 */
import type { BrowserContext } from '@playwright/test';
import type { FlowEnvironment } from '../flows/browser/environment';
import { runFlow, type FlowRun } from '../flows/browser/run-flow';
import type { BrowserFlow } from '../flows/browser/session';
import { markKnown, type KnownOnDay } from '../known';

export async function runBrowserFlowCase(flow: BrowserFlow, context: BrowserContext, env: FlowEnvironment, known?: KnownOnDay): Promise<FlowRun> {
  const run = await runFlow(flow, context, env);
  if (known) markKnown(run.record.findings, known.entries, known.day);
  return run;
}
