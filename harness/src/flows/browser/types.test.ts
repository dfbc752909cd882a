import { DEFAULT_TIMEOUTS, timeoutsFromEnv } from './types';

it('HARNESS_BROWSER_TIMEOUT_MS scales every budget from the navigation budget', () => {
  expect(timeoutsFromEnv({})).toEqual(DEFAULT_TIMEOUTS);
  expect(timeoutsFromEnv({ HARNESS_BROWSER_TIMEOUT_MS: '4000' })).toEqual({ navigationMs: 4000, settleMs: 2667, responseMs: 2667, flowMs: 12000 });
  expect(() => timeoutsFromEnv({ HARNESS_BROWSER_TIMEOUT_MS: 'soon' })).toThrow(/milliseconds/);
  // The defaults leave room inside Playwright's 60 s test timeout for the screenshot and the HAR.
  expect(DEFAULT_TIMEOUTS.flowMs + 5000 + 10000).toBeLessThanOrEqual(60000);
});
