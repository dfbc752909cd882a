import * as target from './index';

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
      'createDispatcher',
      'browserLaunchData',
      'describeTargetMap',
    ] as const) {
      expect(typeof target[name]).toBe('function');
    }
    expect(target.ROLES).toHaveLength(8);
    expect(new target.TargetConfigError('TARGET_URL', 'x', 'is wrong').code).toBe('HARNESS_ERR_TARGET_CONFIG');
  });
});
