/*
 * The whole browser suite (`npx playwright test --project browser`) against the reference, timed
 * end to end (Playwright's start-up, one Chromium per worker, every flow): with the configured
 * workers, and with one worker for the ratio. The reference is started once, outside the timing,
 * and passed to every run through the TARGET_* variables. Rounds alternate between the two
 * settings and the best of each is kept (the machine is shared: read the ratio). Where the browser
 * found is Chromium's headless shell and a full Chromium is installed too, each round also runs the
 * configured suite in the full browser, the peer of the shell; every run's CPU time is its whole
 * process tree's, sampled from /proc (Linux; `tree-cpu.ts`).
 * Target: the configured run under 30 s. Run: npm run bench:browser
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { BROWSER_ENV, findChromium, isHeadlessShell, SYSTEM_CANDIDATES } from '../harness/src/browser/chromium-path';
import { startEmbeddedReference, targetEnvOf } from '../harness/src/embedded/start-reference';
import { sampleTreeCpu, type TreeCpuSeconds } from './tree-cpu';

const ROOT = path.resolve(__dirname, '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const TARGET_S = 30;

interface Run {
  seconds: number;
  /** CPU seconds of the run's whole process tree, and of its Chromium processes (undefined where /proc is not there). */
  cpu: TreeCpuSeconds | undefined;
  passed: number;
  failed: number;
}

/** A full Chromium to compare with, where the browser driven is a headless shell. */
function fullChromium(): string | undefined {
  const found = findChromium();
  if (found.path === undefined || !isHeadlessShell(found.path)) return undefined;
  return findChromium(
    {},
    SYSTEM_CANDIDATES.filter((c) => !isHeadlessShell(c)),
  ).path;
}

async function suite(env: Record<string, string>, extraArgs: string[]): Promise<Run> {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-browser-'));
  const report = path.join(out, 'report.json');
  const cli = path.join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js');
  const started = performance.now();
  const child = spawn(process.execPath, [cli, 'test', '--project', 'browser', '--reporter=json', `--output=${path.join(out, 'results')}`, ...extraArgs], {
    cwd: ROOT,
    env: { ...process.env, ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const tree = sampleTreeCpu(child.pid!, /(chrom|headless)[^/]*$/i);
  await new Promise((resolve) => child.once('exit', resolve));
  const seconds = (performance.now() - started) / 1000;
  const cpu = tree.stop();
  const stats = (JSON.parse(fs.readFileSync(report, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number } }).stats;
  fs.rmSync(out, { recursive: true, force: true });
  return { seconds, cpu, passed: stats.expected, failed: stats.unexpected + stats.flaky };
}

async function main(): Promise<void> {
  const reference = await startEmbeddedReference();
  try {
    const env = targetEnvOf(reference.ready);
    const full = fullChromium();
    await suite(env, ['--workers=1']); // warm-up: the NSS trust store, Chromium's files in the page cache
    if (full) await suite({ ...env, [BROWSER_ENV]: full }, ['--workers=1']);
    const configured: Run[] = [];
    const single: Run[] = [];
    const inFull: Run[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      configured.push(await suite(env, []));
      single.push(await suite(env, ['--workers=1']));
      if (full) inFull.push(await suite({ ...env, [BROWSER_ENV]: full }, []));
    }
    const best = (runs: Run[]) => runs.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    const cpuOf = (r: Run) => (r.cpu === undefined ? '' : `, ${r.cpu.total.toFixed(1)} CPU-s (Chromium's ${r.cpu.matching.toFixed(1)})`);
    const c = best(configured);
    const s = best(single);
    const workers = process.env.PW_WORKERS ?? `100% of ${os.cpus().length} cores`;
    console.log(
      `browser suite against the reference (${c.passed} passed, ${c.failed} failed) in ${findChromium().path}, best of ${ROUNDS} rounds, load average ${os.loadavg()[0].toFixed(1)}:`,
    );
    console.log(
      `  configured workers (${workers}): ${c.seconds.toFixed(1)} s${cpuOf(c)} (all rounds: ${configured.map((r) => r.seconds.toFixed(1)).join(', ')}); target < ${TARGET_S} s: ${c.seconds < TARGET_S ? 'met' : 'MISSED'}`,
    );
    console.log(`  one worker:                      ${s.seconds.toFixed(1)} s${cpuOf(s)} (all rounds: ${single.map((r) => r.seconds.toFixed(1)).join(', ')})`);
    console.log(`  ratio one worker / configured:   ${(s.seconds / c.seconds).toFixed(2)}x`);
    if (full) {
      const f = best(inFull);
      console.log(
        `  the full Chromium (${full}), configured workers: ${f.seconds.toFixed(1)} s${cpuOf(f)} (all rounds: ${inFull.map((r) => r.seconds.toFixed(1)).join(', ')}; ${f.passed} passed, ${f.failed} failed)`,
      );
      console.log(
        `  ratio full Chromium / headless shell: ${(f.seconds / c.seconds).toFixed(2)}x the time` +
          (f.cpu !== undefined && c.cpu !== undefined
            ? `, ${(f.cpu.total / c.cpu.total).toFixed(2)}x the CPU, ${(f.cpu.matching / c.cpu.matching).toFixed(2)}x Chromium's own`
            : ''),
      );
      if (f.failed) process.exitCode = 1;
    }
    if (c.failed || s.failed) process.exitCode = 1;
  } finally {
    await reference.stop();
  }
}

main().catch((e: Error) => {
  console.error(`bench:browser: ${e.message}`);
  process.exitCode = 1;
});
