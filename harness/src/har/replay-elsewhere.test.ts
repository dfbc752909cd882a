import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { targetEnvOf } from '../embedded/start-reference';
import { sharedReference, type SharedReference } from '../testing/reference-per-kind';
import { allFindings, ReplayClients, replayItem } from '../replay';
import { CHECKS } from '../checks';
import { loadSpecs } from '../spec-model/load';
import { loadTargetMap } from '../target-map';
import { deriveSpecs } from './derive';
import { defaultRoleMapping } from './role-mapping';
import { writeSpecs } from './write-specs';
import { WHOLE_RUN_MS, withTestBudgets } from '../testing/budgets';
import { referenceRecordings } from '../testing/reference-recordings';

/*
 * A spec made from production traffic replays on staging: the reference's recorded HARs go
 * through har2spec, and the result is replayed against the reference's second deployment, which
 * serves the same shapes under its own names (and 404 to the reference's). Every file the HARs
 * captured is found again on the second deployment's own pages and answers as captured.
 */

let alt: SharedReference;
let clients: ReplayClients;
let dir: string;

beforeAll(async () => {
  alt = await sharedReference('alt');
  clients = new ReplayClients(loadTargetMap(withTestBudgets(targetEnvOf(alt.ready))));
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'har2spec-elsewhere-'));
}, WHOLE_RUN_MS);

afterAll(async () => {
  await clients?.close();
  await alt?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('derived specs find every captured file on another deployment\'s own pages, and its answer has the captured status and type', async () => {
  const { specs } = deriveSpecs(referenceRecordings(), defaultRoleMapping());
  writeSpecs(specs, dir, () => undefined);
  const loaded = loadSpecs(dir, CHECKS);
  const discovered = loaded.flatMap((s) => s.exchanges.filter((e) => e.discover).map((e) => ({ role: s.role, e })));
  expect(discovered.map(({ e }) => e.discover!.template)).toEqual(expect.arrayContaining(['/{section}/css/{name}.css', '/-/media/{folder*}/{file}.svg', '/cdn/shop/t/{theme}/assets/{file}.css', '/cdn/fonts/{family}/{file}.woff2', '/cdn/shop/files/{name}.png']));
  const outcome: string[] = [];
  for (const { role, e } of discovered) {
    const record = await replayItem(e, clients, { role });
    const findings = allFindings(record).filter((f) => f.protocol === 'h1');
    const step = record.legs[0]?.steps[0];
    const miss = findings.find((f) => f.id === `${e.id} discover`);
    const status = findings.find((f) => f.id === `${e.id} status`);
    const type = findings.find((f) => f.id === `${e.id} header content-type`);
    outcome.push(`${e.id}: ${miss ? `not found: ${miss.actual}` : `${step?.discovered?.url?.replace(/:\d+/, '')} status ${status?.verdict} type ${type?.verdict ?? 'none'}`}`);
  }
  for (const line of outcome) expect(line).toMatch(/: https:\/\/\S+ status pass type (pass|none)$/);
  // On the second deployment's own names, never the captured ones.
  expect(outcome.join('\n')).toMatch(/\/content\/css\/portal\.css/);
  expect(outcome.join('\n')).toMatch(/\/cdn\/shop\/t\/149911223344\//);
  expect(outcome.join('\n')).not.toMatch(/main\.css|137296035934|lessons_sans|Project\/Lessons/);
}, WHOLE_RUN_MS);
