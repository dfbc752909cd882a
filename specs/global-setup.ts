import * as path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { failOnFromEnv } from '../harness/src/core';
import { readSectionFromTarget } from '../harness/src/discover/read-section';
import { launchReference, targetEnvOf } from '../harness/src/embedded/reference-process';
import { describeTargetMap, loadTargetMap, referenceRequested } from '../harness/src/target';
import { ENV_INFERRED_SECTION, ENV_INFERRED_SECTION_FROM } from '../harness/src/target/parse-env';

const root = path.resolve(__dirname, '..');

/**
 * Unset TARGET_URL (and no other role URL) means: start the reference and target it. Either way the
 * mapping and the run's settings are validated once here, so a bad variable stops the run before
 * any test. Without TARGET_SECTION, `{section}` is read from the site's home page. Everything it
 * prints goes to stderr: stdout belongs to the reporters (`--reporter=json`).
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
  failOnFromEnv(process.env);
  let map = loadTargetMap(process.env);
  if (!/^(TARGET_SECTION|TARGETS_FILE)/.test(map.sectionSource) && process.env[ENV_INFERRED_SECTION] === undefined) {
    const { inferred, problem } = await readSectionFromTarget(map);
    if (inferred) {
      process.env[ENV_INFERRED_SECTION] = inferred.section;
      process.env[ENV_INFERRED_SECTION_FROM] = inferred.from;
      map = loadTargetMap(process.env);
    } else console.error(`{section}: not read from the home page (${problem}); using ${map.section}`);
  }
  console.error(`Target${map.origin === 'reference' ? ' (embedded reference)' : ''}:\n${describeTargetMap(map)}`);
  return teardown;
}
