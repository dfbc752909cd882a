import * as target from './index';
import { createDispatcher } from './dispatcher';

// That no part of the harness imports the reference server is the rule harness-not-reference of
// .dependency-cruiser.cjs (harness/src/architecture.test.ts), over the whole harness.

describe('target module surface', () => {
  it('exports the public API', () => {
    for (const name of [
      'loadTargetMap',
      'referenceRequested',
      'roleUrls',
      'skipReason',
      'placeholders',
      'resolvePlaceholders',
      'browserLaunchData',
      'describeTargetMap',
    ] as const) {
      expect(typeof target[name]).toBe('function');
    }
    // The dispatcher is its own module: the barrel loads no HTTP client.
    expect(typeof createDispatcher).toBe('function');
    expect('createDispatcher' in target).toBe(false);
    expect(target.ROLES).toHaveLength(8);
    expect(new target.TargetConfigError('TARGET_URL', 'x', 'is wrong').code).toBe('HARNESS_ERR_TARGET_CONFIG');
  });
});
