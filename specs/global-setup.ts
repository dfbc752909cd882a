import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { failOnFromEnv } from '../harness/src/core';
import { readSectionFromTarget } from '../harness/src/discover/read-section';
import { ENV_DISCOVERY_FILE, writePages } from '../harness/src/discover/shared-pages';
import { resolveDiscover } from '../harness/src/replay/discovered';
import { ReplayClients } from '../harness/src/replay/run';
import { loadSpecs, SpecLoadError } from '../harness/src/spec/load';
import { launchReference, targetEnvOf } from '../harness/src/embedded/reference-process';
import { describeTargetMap, loadTargetMap, referenceRequested, skipReason, type TargetMap } from '../harness/src/target';
import { ENV_INFERRED_SECTION, ENV_INFERRED_SECTION_FROM } from '../harness/src/target/parse-env';

const root = path.resolve(__dirname, '..');

/**
 * Unset TARGET_URL (and no other role URL) means: start the reference and target it. Either way the
 * mapping and the run's settings are validated once here, so a bad variable stops the run before
 * any test. Without TARGET_SECTION, `{section}` is read from the site's home page. The source pages
 * of `discover` blocks (the home page among them) are read here, once for the run, and handed to
 * the workers (HARNESS_DISCOVERY_FILE). Everything it prints goes to stderr: stdout belongs to the
 * reporters (`--reporter=json`).
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
  const clients = new ReplayClients(map);
  if (!/^(TARGET_SECTION|TARGETS_FILE)/.test(map.sectionSource) && process.env[ENV_INFERRED_SECTION] === undefined) {
    const { inferred, problem } = await readSectionFromTarget(map, clients.discovery);
    if (inferred) {
      process.env[ENV_INFERRED_SECTION] = inferred.section;
      process.env[ENV_INFERRED_SECTION_FROM] = inferred.from;
      map = loadTargetMap(process.env);
    } else console.error(`{section}: not read from the home page (${problem}); using ${map.section}`);
  }
  console.error(`Target${map.origin === 'reference' ? ' (embedded reference)' : ''}:\n${describeTargetMap(map)}`);
  const shared = await readSourcePages(map, clients).finally(() => clients.close());
  return async () => {
    if (shared) fs.rmSync(shared, { recursive: true, force: true });
    await teardown?.();
  };
}

/** Reads every source page the specs' `discover` blocks name and writes them for the workers; returns the folder. */
async function readSourcePages(map: TargetMap, clients: ReplayClients): Promise<string | undefined> {
  let specs;
  try {
    specs = loadSpecs(path.join(root, 'specs'));
  } catch (e) {
    if (e instanceof SpecLoadError) return undefined; // the replay reports it, test by test
    throw e;
  }
  for (const spec of specs) {
    if (skipReason(map, spec.role)) continue;
    for (const item of [...spec.exchanges, ...(spec.flows ?? []).flatMap((f) => f.steps)]) {
      if (item.discover) await resolveDiscover(item, { map, discovery: clients.discovery }, spec.role);
    }
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'harness-discovery-'));
  writePages(path.join(dir, 'pages.json'), await clients.discovery.fetched());
  process.env[ENV_DISCOVERY_FILE] = path.join(dir, 'pages.json');
  return dir;
}
