/*
 * har2spec on a large capture, against the floor of the same machine: JSON.parse of the same
 * file. Generates a ~100 MB Chrome-style HAR (bench/har-generate.ts) in a temp folder, then runs
 * each pass in its own child process (several times, median time; peak RSS from
 * process.resourceUsage().maxRSS at the end of each child) and prints both ratios against the
 * targets: time <= 3x JSON.parse, peak memory <= 4x the file size.
 * Run: npm run bench:har   (BENCH_HAR_MB=100 BENCH_RUNS=3)
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { generateHar } from './har-generate';

const MB = Number(process.env.BENCH_HAR_MB ?? 100);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ROOT = path.resolve(__dirname, '..');

interface Pass {
  ms: number;
  maxRssBytes: number;
  detail: string;
}

function child(mode: string, file: string): Pass {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join('bench', 'har-child.ts'), mode, file], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (r.status !== 0) throw new Error(`${mode} child failed (${r.status}): ${r.stderr.slice(-2000)}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as Pass;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mib = (b: number) => `${(b / 1048576).toFixed(1)} MiB`;

function main(): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-har-'));
  try {
    const file = path.join(dir, 'large.har');
    const gen = generateHar(file, MB * 1024 * 1024);
    console.log(`generated ${file}: ${mib(gen.bytes)}, ${gen.entries} entries`);
    const parse: Pass[] = [];
    const derive: Pass[] = [];
    for (let i = 0; i < RUNS; i++) {
      parse.push(child('parse', file));
      derive.push(child('har2spec', file));
    }
    const tParse = median(parse.map((p) => p.ms));
    const tDerive = median(derive.map((p) => p.ms));
    const rssDerive = Math.max(...derive.map((p) => p.maxRssBytes));
    const rssParse = Math.max(...parse.map((p) => p.maxRssBytes));
    const timeRatio = tDerive / tParse;
    const memRatio = rssDerive / gen.bytes;
    console.log(`JSON.parse (readFileSync + parse): median ${tParse.toFixed(0)} ms over ${RUNS}, peak RSS ${mib(rssParse)} (${parse[0].detail})`);
    console.log(`har2spec streaming pass:           median ${tDerive.toFixed(0)} ms over ${RUNS}, peak RSS ${mib(rssDerive)} (${derive[0].detail})`);
    console.log(`time ratio   har2spec / JSON.parse = ${timeRatio.toFixed(2)}x (target <= 3x) ${timeRatio <= 3 ? 'OK' : 'OVER'}`);
    console.log(`memory ratio peak RSS / file size  = ${memRatio.toFixed(2)}x (target <= 4x) ${memRatio <= 4 ? 'OK' : 'OVER'}`);
    if (timeRatio > 3 || memRatio > 4) process.exitCode = 1;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main();
