/**
 * Time and size limits of every request the raw replay and the raw flows send, validated once with
 * the run's other `HARNESS_*` settings (`harnessSettings`, harness/src/settings): a target that
 * refuses, hangs, trickles, or streams without end ends as an `error` finding within these bounds,
 * never as a hung run or an exhausted heap. They live in the target map, below the transport: the
 * map's dispatchers and the transport's clients both read them (.dependency-cruiser.cjs, layering).
 */
import { harnessSettings, parseLimits, type TransportLimits } from '../settings/harness';

export { DEFAULT_LIMITS, LIMIT_VARIABLES, type TransportLimits } from '../settings/harness';
export { LimitConfigError } from '../settings/errors';

/** Reads the three variables of env (unset = default); a value that is not a positive integer stops the run. */
export function loadLimits(env: NodeJS.ProcessEnv = process.env): TransportLimits {
  return parseLimits(env);
}

let current: TransportLimits | undefined;

/** The process-wide limits: those of the run's settings (`harnessSettings(process.env).limits`), unless a test replaced them. */
export function limits(): TransportLimits {
  current ??= harnessSettings(process.env).limits;
  return current;
}

/** Tests and benches: replace the process-wide limits (undefined: back to the run's settings). */
export function setLimits(next: Partial<TransportLimits> | undefined): void {
  current = next === undefined ? undefined : { ...harnessSettings(process.env).limits, ...next };
}
