/**
 * The harness's budgets in its own tests. Tests judge verdicts, not speed: on a loaded machine an
 * answer can take far longer than on an idle one, and the product's defaults (a 30 s request, a
 * 10 s wait for a response a page causes) would turn a slow answer into a finding, and a red run
 * that means nothing. Runs inside tests take these unless the test sets a budget itself (the
 * robustness cases, which are about budgets, set short ones for the flow or target they break).
 * A replay run in process takes them from its target map: the test loads it from
 * `withTestBudgets(env)`, and a test about a budget adds its own (`limitsEnv`).
 */
import { LIMIT_VARIABLES, type TransportLimits } from '../target-map/limits';

/** Budget variables for runs inside tests; a variable the test sets wins. */
export const TEST_BUDGET_ENV: Readonly<Record<string, string>> = Object.freeze({
  HARNESS_BROWSER_TIMEOUT_MS: '60000',
  HARNESS_CONNECT_TIMEOUT_MS: '60000',
  HARNESS_REQUEST_TIMEOUT_MS: '120000',
});

/** Playwright's per-test timeout in runs inside tests (the suite's own is 60 s): above every budget above. */
export const NESTED_PLAYWRIGHT_TIMEOUT_MS = 600_000;

/** Jest's timeout of a test that runs the suite, or part of it, against a target: a hang detector only. */
export const WHOLE_RUN_MS = 1_200_000;

/** `env` over the test budgets. */
export function withTestBudgets(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = { ...TEST_BUDGET_ENV };
  for (const [k, v] of Object.entries(env)) if (v !== undefined) out[k] = v;
  return out;
}

/** The variables that give a target map these limits (HARNESS_CONNECT_TIMEOUT_MS...), for a test about a budget. */
export function limitsEnv(limits: Partial<TransportLimits>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(limits) as Array<[keyof TransportLimits, number | undefined]>)
    if (value !== undefined) out[LIMIT_VARIABLES[key]] = String(value);
  return out;
}

/** Playwright CLI arguments with the nested per-test timeout, unless they set one. */
export function withNestedTimeout(args: readonly string[]): string[] {
  return args.some((a) => a === '--timeout' || a.startsWith('--timeout=')) ? [...args] : [...args, `--timeout=${NESTED_PLAYWRIGHT_TIMEOUT_MS}`];
}
