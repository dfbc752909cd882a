/**
 * The target map of a reference a bench started: its own variables, and the limits
 * (HARNESS_CONNECT_TIMEOUT_MS, HARNESS_REQUEST_TIMEOUT_MS, HARNESS_BODY_CAP_BYTES) of the bench's
 * environment, so a bench measures what a run with the same settings would send.
 */
import { targetEnvOf, type ReferenceReady } from '../harness/src/embedded/start-reference';
import { loadTargetMap, TARGET_SIDE, type Side, type TargetMap } from '../harness/src/target-map';
import { LIMIT_VARIABLES } from '../harness/src/target-map/limits';

/** `extra`: further variables of the run measured (HARNESS_NODES). */
export function referenceMap(ready: ReferenceReady, side: Side = TARGET_SIDE, extra: Record<string, string> = {}): TargetMap {
  const limits: Record<string, string> = {};
  for (const variable of Object.values(LIMIT_VARIABLES)) {
    const value = process.env[variable];
    if (value !== undefined) limits[variable] = value;
  }
  return loadTargetMap({ ...limits, ...extra, ...targetEnvOf(ready, side) }, side);
}
