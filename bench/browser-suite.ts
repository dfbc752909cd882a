/*
 * The whole browser suite (`npx playwright test --project browser`) against the reference, timed
 * end to end (Playwright's start-up, one Chromium per worker, every flow): with the configured
 * workers, and with one worker for the ratio. The reference is started once, outside the timing,
 * and passed to every run through the TARGET_* variables. Rounds alternate between the two
 * settings and the best of each is kept (the machine is shared: read the ratio).
 * Target: the configured run under 30 s. Run: npm run bench:browser
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startEmbeddedReference, targetEnvOf } from '../harness/src/embedded/reference-process';

const ROOT = path.resolve(__dirname, '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const TARGET_S = 30;

interface Run {
  seconds: number;
  passed: number;
  failed: number;
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
  await new Promise((resolve) => child.once('exit', resolve));
  const seconds = (performance.now() - started) / 1000;
  const stats = (JSON.parse(fs.readFileSync(report, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number } }).stats;
  fs.rmSync(out, { recursive: true, force: true });
  return { seconds, passed: stats.expected, failed: stats.unexpected + stats.flaky };
}

async function main(): Promise<void> {
  const reference = await startEmbeddedReference();
  try {
    const env = targetEnvOf(reference.ready);
    await suite(env, ['--workers=1']); // warm-up: the NSS trust store, Chromium's files in the page cache
    const configured: Run[] = [];
    const single: Run[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      configured.push(await suite(env, []));
      single.push(await suite(env, ['--workers=1']));
    }
    const best = (runs: Run[]) => runs.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    const c = best(configured);
    const s = best(single);
    const workers = process.env.PW_WORKERS ?? `100% of ${os.cpus().length} cores`;
    console.log(
      `browser suite against the reference (${c.passed} passed, ${c.failed} failed), best of ${ROUNDS} rounds, load average ${os.loadavg()[0].toFixed(1)}:`,
    );
    console.log(
      `  configured workers (${workers}): ${c.seconds.toFixed(1)} s (all rounds: ${configured.map((r) => r.seconds.toFixed(1)).join(', ')}); target < ${TARGET_S} s: ${c.seconds < TARGET_S ? 'met' : 'MISSED'}`,
    );
    console.log(`  one worker:                      ${s.seconds.toFixed(1)} s (all rounds: ${single.map((r) => r.seconds.toFixed(1)).join(', ')})`);
    console.log(`  ratio one worker / configured:   ${(s.seconds / c.seconds).toFixed(2)}x`);
    if (c.failed || s.failed) process.exitCode = 1;
  } finally {
    await reference.stop();
  }
}

main().catch((e: Error) => {
  console.error(`bench:browser: ${e.message}`);
  process.exitCode = 1;
});
