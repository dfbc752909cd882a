/*
 * Browser flows: what a flow is, what it records. A flow drives Chromium through one user-visible
 * path of the service (the home page, the visitor flag flip, ...) and turns what the browser saw
 * into Findings, the same unit the raw replay reports.
 */
import type { Finding } from '../../checks/types';
import type { Role } from '../../target-map';
import { harnessSettings, type FlowTimeouts } from '../../settings/harness';

/** The `findings` attachment of a browser flow test (and one line of `npm run record`'s summary). */
export interface FlowRecord {
  kind: 'flow';
  role: Role;
  /** `<role>/browser/<name>`, e.g. `site/browser/home`. */
  id: string;
  title: string;
  protocol: 'browser';
  /** Which target map the flow ran against (`reference` or `user`), as ObservedExchange.target. */
  target: string;
  /** Set when the flow did not run (a role it needs is not mapped). */
  skipped?: string;
  findings: Finding[];
}

export { DEFAULT_TIMEOUTS, type FlowTimeouts } from '../../settings/harness';

/**
 * HARNESS_BROWSER_TIMEOUT_MS scales every budget from one number (the navigation budget); the
 * others keep their proportions. Used by the robustness tests to fail fast. The budgets of the
 * run's settings (`harnessSettings(env).browserTimeouts`), validated with the other settings.
 */
export function timeoutsFromEnv(env: NodeJS.ProcessEnv = process.env): FlowTimeouts {
  return { ...harnessSettings(env).browserTimeouts };
}
