import { limits } from '../target-map/limits';
import { TEST_LIMITS } from './budgets';

test('a test file starts with the test budgets, not the product defaults', () => {
  expect(limits()).toMatchObject(TEST_LIMITS);
});
