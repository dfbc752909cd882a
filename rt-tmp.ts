import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startEmbeddedReference, targetEnvOf } from './harness/src/embedded/reference-process';
import { deriveSpecs } from './harness/src/har/derive';
import { loadRoleMapping } from './harness/src/har/role-mapping';
import { writeSpecs } from './harness/src/har/write-specs';
import { loadSpecs } from './harness/src/spec-model/load';
import { CHECKS } from './harness/src/checks';
import { loadTargetMap } from './harness/src/target-map';
import { replayOutcomes } from './harness/src/testing/outcomes';
import { ReplayClients, replayItem, allFindings } from './harness/src/replay/run';
import { setLimits } from './harness/src/target-map/limits';

async function main() {
  const [dep, rolesFile, ...hars] = process.argv.slice(2);
  setLimits({ connectTimeoutMs: 60000, requestTimeoutMs: 120000 });
  const mapping = loadRoleMapping(rolesFile);
  const { specs } = deriveSpecs(hars, mapping);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rt-'));
  writeSpecs(specs, dir, () => undefined);
  console.log('derived into', dir);
  const loaded = loadSpecs(dir, CHECKS);
  const ref = await startEmbeddedReference({ deployment: dep as 'alt' });
  const env = targetEnvOf(ref.ready);
  delete env.TARGET_SECTION; delete env.HARNESS_TARGET_KIND;
  const map = loadTargetMap(env as NodeJS.ProcessEnv);
  const clients = new ReplayClients(map);
  let tests = 0, failing = 0;
  const lines: string[] = [];
  for (const spec of loaded) for (const item of [...spec.exchanges, ...(spec.flows ?? [])]) {
    tests++;
    const record = await replayItem(item, clients, { role: spec.role });
    const bad = allFindings(record).filter((f) => f.verdict === 'fail' || f.verdict === 'error');
    if (bad.length) failing++;
    for (const f of bad) lines.push(`${f.verdict} ${f.protocol} ${f.id}: expected ${JSON.stringify(f.expected)} got ${JSON.stringify(f.actual)}${f.message ? ' — ' + f.message.slice(0, 200) : ''}`);
  }
  console.log(`${failing} of ${tests} items fail; ${lines.length} findings`);
  const uniq = [...new Set(lines.map((l) => l.replace(/ h[123] /, ' ')))];
  console.log(uniq.join('\n'));
  await clients.close(); await ref.stop();
}
main().catch((e) => { console.error(e); process.exit(1); });
