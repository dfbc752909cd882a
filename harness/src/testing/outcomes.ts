/**
 * Test support: what each replay test and browser flow of the suite concludes against a target,
 * computed in process (no Playwright run per case): the same replay or flow, and core's `judge`,
 * which the Playwright tests assert. Detection tests break a target in many ways; starting
 * Playwright and Chromium anew for each way would cost most of their time. One Playwright run of
 * the unmodified target in each detection test keeps the wiring itself under test.
 */
import type { Browser } from '@playwright/test';
import { conclude, type FailOn, type Finding, type TargetOrigin } from '../core';
import { flowEnvironment } from '../flows/browser/environment';
import { BROWSER_FLOWS } from '../flows/browser/flows';
import { runBrowserFlowCase } from '../cases/browser-flow';
import { ReplayClients } from '../replay';
import { pool } from './pool';
import { runReplayCase } from '../cases/replay';
import { checkedRecord } from '../record/check';
import type { SpecFile } from '../spec-model/types';
import { parseBrowserTimeouts } from '../settings/harness';
import type { TargetMap } from '../target-map';
import { withTestBudgets } from './budgets';

export interface Outcome {
  status: 'passed' | 'failed' | 'skipped';
  message: string;
  /** The item's findings (replayed items only). */
  findings?: Finding[];
}

export interface ReplayOptions {
  failOn?: FailOn;
  /** Items replayed at once (default 4). */
  concurrency?: number;
  /** Called as each item starts; with `concurrency: 1`, every request until the next call is that item's. */
  onItem?: (id: string) => void;
  /** How misses are judged (default: by who answers); a spec folder other than specs/ is judged at its own levels (`user`). */
  judgedAs?: TargetOrigin;
}

/** Every exchange and flow of `specs` replayed against `map`, judged as tests/replay.test.ts judges it. */
export async function replayOutcomes(map: TargetMap, specs: readonly SpecFile[], options: ReplayOptions = {}): Promise<Map<string, Outcome>> {
  const { failOn = 'fail', concurrency = 4, onItem, judgedAs } = options;
  const clients = new ReplayClients(map);
  try {
    const items = specs.flatMap((spec) => [...spec.exchanges, ...(spec.flows ?? [])].map((item) => ({ spec, item })));
    const results = await pool(items, concurrency, async ({ spec, item }): Promise<[string, Outcome]> => {
      onItem?.(item.id);
      const run = await runReplayCase(item, clients, { role: spec.role, ...(judgedAs ? { judgedAs } : {}) });
      if ('unmapped' in run) return [item.id, { status: 'skipped', message: run.unmapped }];
      const { record, findings, ran } = run;
      if (record.skipped) return [item.id, { status: 'skipped', message: record.skipped }];
      const j = conclude(item.id, findings, failOn, ran);
      return [item.id, { status: j.passed ? 'passed' : 'failed', message: j.passed ? '' : j.message, findings }];
    });
    return new Map(results);
  } finally {
    await clients.close();
  }
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
    const context = await browser.newContext({ ignoreHTTPSErrors: map.insecure });
    try {
      const own = perFlow[flow.id] ? { ...environment, timeouts: parseBrowserTimeouts(withTestBudgets({ ...env, ...perFlow[flow.id] })) } : environment;
      const { record } = await runBrowserFlowCase(flow, context, own);
      checkedRecord(record);
      if (record.skipped) {
        out.set(flow.id, { status: 'skipped', message: record.skipped });
        continue;
      }
      const j = conclude(flow.id, record.findings, environment.failOn);
      out.set(flow.id, { status: j.passed ? 'passed' : 'failed', message: j.passed ? '' : j.message });
    } finally {
      await Promise.race([context.close().catch(() => undefined), new Promise((r) => setTimeout(r, 10_000).unref())]);
    }
  }
  return out;
}
