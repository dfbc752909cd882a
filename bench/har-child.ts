/**
 * One measured pass over a HAR, in its own process so that peak RSS belongs to that pass alone.
 * `parse`: readFileSync + JSON.parse (the floor). `har2spec`: the streaming validation and
 * derivation, writing derived specs to a scratch folder. Prints one JSON line {ms, maxRssBytes}.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { deriveSpecs } from '../harness/src/har/derive';
import { defaultRoleMapping } from '../harness/src/har/role-mapping';
import { writeSpecs } from '../harness/src/har/write-specs';

const [mode, file] = process.argv.slice(2);
const started = performance.now();
let detail = '';
if (mode === 'parse') {
  const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as { log: { entries: unknown[] } };
  detail = `${doc.log.entries.length} entries`;
} else if (mode === 'har2spec') {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-har-out-'));
  const result = deriveSpecs([file], defaultRoleMapping());
  writeSpecs(result.specs, out, () => undefined);
  fs.rmSync(out, { recursive: true, force: true });
  detail = `${result.entries} entries, ${result.specs.reduce((n, s) => n + s.exchanges.length, 0)} exchanges`;
} else {
  throw new Error(`unknown mode ${mode}`);
}
const ms = performance.now() - started;
console.log(JSON.stringify({ ms, maxRssBytes: process.resourceUsage().maxRSS * 1024, detail }));
