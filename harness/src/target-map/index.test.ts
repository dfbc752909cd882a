import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as target from './index';

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

  it('does not import the reference server (the harness sees targets only over the wire)', () => {
    const offenders = readdirSync(__dirname)
      .filter((f) => f.endsWith('.ts'))
      .filter((f) => /from\s+['"][^'"]*reference-server|require\(\s*['"][^'"]*reference-server/.test(readFileSync(join(__dirname, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
