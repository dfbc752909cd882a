import * as path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { launchReference, targetEnvOf } from '../harness/src/embedded/reference-process';
import { describeTargetMap, loadTargetMap, referenceRequested } from '../harness/src/target';

const root = path.resolve(__dirname, '..');

/**
 * Unset TARGET_URL (and no other role URL) means: start the reference and target it. Either way the
 * mapping is validated once here, so a bad variable stops the run before any test.
 */
export default async function globalSetup(_config: FullConfig): Promise<(() => Promise<void>) | undefined> {
  let teardown: (() => Promise<void>) | undefined;
  if (referenceRequested(process.env)) {
    const reference = await launchReference({
      command: process.execPath,
      args: ['--import', 'tsx', path.join('reference-server', 'src', 'main.ts'), '--port', '0', '--http-port', '0', '--json'],
      cwd: root,
    });
    Object.assign(process.env, targetEnvOf(reference.ready));
    teardown = reference.stop;
  }
  const map = loadTargetMap(process.env);
  console.log(`Target${map.origin === 'reference' ? ' (embedded reference)' : ''}:\n${describeTargetMap(map)}`);
  return teardown;
}
