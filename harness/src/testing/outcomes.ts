/**
 * Test support: what each replay test and browser flow of the suite concludes against a target,
 * computed in process (no Playwright run per case): the same cases (case-runs.ts) and core's
 * `conclude`, which the Playwright tests assert. Detection tests break a target in many ways;
 * starting Playwright and Chromium anew for each way would cost most of their time. One Playwright
 * run of the unmodified target in each detection test keeps the wiring itself under test.
 */
import type { Browser } from '@playwright/test';
import type { FailOn, TargetOrigin } from '../core';
import { flowEnvironment } from '../flows/browser/environment';
import { BROWSER_FLOWS } from '../flows/browser/flows';
import type { SpecFile } from '../spec-model/types';
import { parseBrowserTimeouts } from '../settings/harness';
import type { TargetMap } from '../target-map';
import { withTestBudgets } from './budgets';
import { browserFlowRun, outcomeOf, replayRuns, type Outcome } from './case-runs';

export type { Outcome } from './case-runs';

export interface ReplayOptions {
  failOn?: FailOn;
  /** Items replayed at once (default 4). */
  concurrency?: number;
  /** Called as each item starts; with `concurrency: 1`, every request until the next call is that item's. */
  onItem?: (id: string) => void;
  /** How misses are judged (default: by who answers); a spec folder other than specs/ is judged at its own levels (`user`). */
  judgedAs?: TargetOrigin;
}

/** Every exchange and flow of `specs` replayed against `map`, judged as tests/replay.test.ts judges it, by id. */
export async function replayOutcomes(map: TargetMap, specs: readonly SpecFile[], options: ReplayOptions = {}): Promise<Map<string, Outcome>> {
  const { failOn = 'fail', concurrency = 4, onItem, judgedAs } = options;
  const runs = await replayRuns(map, [{ specs, ...(judgedAs ? { judgedAs } : {}) }], { concurrency, ...(onItem ? { onItem } : {}) });
  return new Map(runs.map((run) => [run.head.titlePath[1], outcomeOf(run, failOn)]));
}

/**
 * Every browser flow run against `map` in `browser`, one after another, each in a fresh context
 * (side by side they would compete for the two cores), judged as tests/support/browser.ts judges
 * it. The test budgets apply (`budgets.ts`) unless `env` sets its own; `perFlow` gives one flow
 * other variables (a robustness case's short budget, for the flow it breaks only); `only`: these flows alone.
 */
export async function flowOutcomes(
  browser: Browser,
  map: TargetMap,
  specsDir: string,
  env: Record<string, string | undefined> = {},
  perFlow: Record<string, Record<string, string>> = {},
  only?: ReadonlySet<string>,
): Promise<Map<string, Outcome>> {
  const environment = flowEnvironment(map, specsDir, withTestBudgets(env));
  const out = new Map<string, Outcome>();
  for (const flow of BROWSER_FLOWS) {
    if (only && !only.has(flow.id)) continue;
    const own = perFlow[flow.id] ? { ...environment, timeouts: parseBrowserTimeouts(withTestBudgets({ ...env, ...perFlow[flow.id] })) } : environment;
    out.set(flow.id, outcomeOf(await browserFlowRun(browser, flow, own), environment.failOn));
  }
  return out;
}
