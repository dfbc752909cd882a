/**
 * `npm run reference -- --targets-file FILE` writes the TARGETS_FILE of the map it serves: the
 * harness reads it into the same map as the variables the run sets for an embedded reference, so
 * a user can run on it at once and take it as the model of their staging's file.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startEmbeddedReference, targetEnvOf, type EmbeddedReference } from '../embedded/start-reference';
import { loadTargetMap, ROLES } from '../target-map';
import { WHOLE_RUN_MS } from './budgets';

let reference: EmbeddedReference;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'targets-file-'));
const file = path.join(dir, 'reference-targets.json');

beforeAll(async () => {
  reference = await startEmbeddedReference({ args: ['--targets-file', file] });
}, WHOLE_RUN_MS);
afterAll(async () => {
  await reference?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('the file it writes maps every role as the run maps the embedded reference', () => {
  const fromFile = loadTargetMap({ TARGETS_FILE: file });
  const env = targetEnvOf(reference.ready);
  delete env.HARNESS_TARGET_KIND;
  const fromEnv = loadTargetMap(env);
  for (const role of ROLES) expect([role, fromFile.roles[role]?.map((u) => u.href)]).toEqual([role, fromEnv.roles[role]?.map((u) => u.href)]);
  expect(fromFile.resolve.map((r) => `${r.host}:${r.port}:${r.address}`).sort()).toEqual(fromEnv.resolve.map((r) => `${r.host}:${r.port}:${r.address}`).sort());
  expect(fromFile.caFile).toBe(reference.ready.rootPath);
  expect(Object.keys(fromFile.values).sort()).toEqual(['BEACON_PATH', 'PRODUCT_HANDLE', 'REDIRECTOR_DIRECTORY']);
  expect(fromFile.origin).toBe('user');
});
