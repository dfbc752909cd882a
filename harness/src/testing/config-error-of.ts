/** For the tests of target-map/: the TargetConfigError `fn` throws (anything else, or nothing, fails the test). */
import { TargetConfigError } from '../target-map/errors';

export function configErrorOf(fn: () => unknown): TargetConfigError {
  try {
    fn();
  } catch (err) {
    if (err instanceof TargetConfigError) return err;
    throw err;
  }
  throw new Error('expected a TargetConfigError');
}
