/**
 * Jest runs this before each test file: a replay run in process takes the test budgets
 * (`TEST_LIMITS`), not the product's 30 s request timeout, which a loaded machine can cross on an
 * answer that is merely slow. A test about a budget sets its own with `setLimits`.
 */
import { setLimits } from '../target-map/limits';
import { TEST_LIMITS } from './budgets';

setLimits(TEST_LIMITS);
