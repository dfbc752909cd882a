/*
 * Browser flows: what a flow is, what it records. A flow drives Chromium through one user-visible
 * path of the service (the home page, the visitor flag flip, ...) and turns what the browser saw
 * into Findings, the same unit the raw replay reports.
 */
import type { Finding } from '../../checks/types';
import type { Role } from '../../target-map';

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

export interface FlowTimeouts {
  /** A navigation must reach its load state within this (the document and what blocks `load`). */
  navigationMs: number;
  /** After load, the page's network must go quiet within this; what is still pending then hangs. */
  settleMs: number;
  /** A response the flow waits for (the flag flip's stylesheet, the lookup) must come within this. */
  responseMs: number;
  /** The whole flow; past it the flow is cut short with an error finding (a safety net). */
  flowMs: number;
}

/** Defaults fit inside Playwright's 60 s test timeout with room for the screenshot and the HAR. */
export const DEFAULT_TIMEOUTS: FlowTimeouts = { navigationMs: 15000, settleMs: 10000, responseMs: 10000, flowMs: 45000 };

/**
 * HARNESS_BROWSER_TIMEOUT_MS scales every budget from one number (the navigation budget); the
 * others keep their proportions. Used by the robustness tests to fail fast.
 */
export function timeoutsFromEnv(env: NodeJS.ProcessEnv = process.env): FlowTimeouts {
  const raw = env.HARNESS_BROWSER_TIMEOUT_MS;
  if (raw === undefined || raw === '') return { ...DEFAULT_TIMEOUTS };
  const nav = Number(raw);
  if (!Number.isFinite(nav) || nav < 500) throw new Error(`HARNESS_BROWSER_TIMEOUT_MS="${raw}" must be a number of milliseconds >= 500`);
  const k = nav / DEFAULT_TIMEOUTS.navigationMs;
  return {
    navigationMs: nav,
    settleMs: Math.round(DEFAULT_TIMEOUTS.settleMs * k),
    responseMs: Math.round(DEFAULT_TIMEOUTS.responseMs * k),
    flowMs: Math.round(DEFAULT_TIMEOUTS.flowMs * k),
  };
}
