/**
 * Time and size limits of every request the raw replay and the raw flows send, validated with the
 * run's other `HARNESS_*` settings (`parseLimits`, harness/src/settings): a target that refuses,
 * hangs, trickles, or streams without end ends as an `error` finding within these bounds, never as
 * a hung run or an exhausted heap. Each target map carries the limits of the env it was read from
 * (`TargetMap.limits`), below the transport: the map's dispatchers and the transport's clients
 * both read them there (.dependency-cruiser.cjs, layering), and nothing holds them process-wide.
 */
import { parseLimits, type TransportLimits } from '../settings/harness';

export { DEFAULT_LIMITS, LIMIT_VARIABLES, type TransportLimits } from '../settings/harness';
export { LimitConfigError } from '../settings/errors';

/** Reads the three variables of env (unset = default); a value that is not a positive integer stops the run. */
export function loadLimits(env: NodeJS.ProcessEnv = process.env): TransportLimits {
  return parseLimits(env);
}
