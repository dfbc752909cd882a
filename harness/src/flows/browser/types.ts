/*
 * Browser flows: what a flow is, what it records. A flow drives Chromium through one user-visible
 * path of the service (the home page, the visitor flag flip, ...) and turns what the browser saw
 * into Findings, the same unit the raw replay reports, in a `BrowserFlowRecord` (harness/src/record).
 */
import { harnessSettings, type FlowTimeouts } from '../../settings/harness';

export { DEFAULT_TIMEOUTS, type FlowTimeouts } from '../../settings/harness';

/**
 * HARNESS_BROWSER_TIMEOUT_MS scales every budget from one number (the navigation budget); the
 * others keep their proportions. Used by the robustness tests to fail fast. The budgets of the
 * run's settings (`harnessSettings(env).browserTimeouts`), validated with the other settings.
 */
export function timeoutsFromEnv(env: NodeJS.ProcessEnv = process.env): FlowTimeouts {
  return { ...harnessSettings(env).browserTimeouts };
}
