/*
 * The harness's three JSON Schema validator sets (the spec files', the known deviations', the
 * record's), as every Playwright runner and worker and every Jest file that validates gets them:
 * compiled by ajv in the process, vs read from the machine's cache of ajv's standalone code
 * (`harness/src/core/schema-validators.ts`). Each side runs in fresh processes of its own,
 * interleaved, and reports the CPU of getting the validators and checking one document with
 * each (process.cpuUsage, so the other core's load does not count); compared by median.
 * Run: npm run bench:validators (BENCH_RUNS, default 9)
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Ajv from 'ajv';
import { schemaValidators, type SchemaSet } from '../harness/src/core/schema-validators';
import { KNOWN_VALIDATORS } from '../harness/src/known/load';
import { RECORD_VALIDATORS } from '../harness/src/record/check';
import { SPEC_VALIDATORS } from '../harness/src/spec-model/load';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const SETS: Array<SchemaSet<string>> = [SPEC_VALIDATORS, KNOWN_VALIDATORS, RECORD_VALIDATORS];

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** What every process did before the cache: ajv compiles in memory, keeping no source. */
function compiledInProcess(set: SchemaSet<string>) {
  const ajv = new Ajv(set.options);
  for (const [key, schema] of Object.entries(set.schemas)) ajv.addSchema(schema, key);
  return Object.values(set.refs).map((ref) => ajv.getSchema(ref)!);
}

/** In a child: get every set's validators one way, check `{}` with each, print the CPU milliseconds it took. */
function child(mode: string, dir: string): void {
  const before = process.cpuUsage();
  for (const set of SETS) {
    const validators = mode === 'compile' ? compiledInProcess(set) : Object.values(schemaValidators(set, dir));
    for (const validate of validators) validate({});
  }
  const used = process.cpuUsage(before);
  process.stdout.write(`${(used.user + used.system) / 1000}\n`);
}

function measure(mode: string, dir: string): number {
  const run = spawnSync(process.execPath, ['--import', 'tsx', __filename, mode, dir], { cwd: path.resolve(__dirname, '..'), encoding: 'utf8' });
  const ms = Number(run.stdout.trim());
  if (run.status !== 0 || !Number.isFinite(ms)) throw new Error(`the ${mode} child failed (exit ${run.status}): ${run.stderr.slice(-500)}`);
  return ms;
}

function main(): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-validators-'));
  try {
    measure('cached', dir); // fills the cache, as the first process of a run does
    const compiled: number[] = [];
    const cached: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      compiled.push(measure('compile', dir));
      cached.push(measure('cached', dir));
    }
    const [c, k] = [median(compiled), median(cached)];
    console.log(`validators of the spec files, the known deviations and the record, per process, median of ${RUNS} each:`);
    console.log(`  compiled in the process: ${c.toFixed(0)} CPU-ms`);
    console.log(`  read from the cache:     ${k.toFixed(0)} CPU-ms`);
    console.log(`  ratio: ${(c / k).toFixed(1)}x less CPU from the cache (${(c - k).toFixed(0)} ms saved by every process that validates)`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2]) child(process.argv[2], process.argv[3]);
else main();
