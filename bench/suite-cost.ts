/**
 * What `npm test` costs, for comparing two checkouts back to back on one machine (absolute times
 * differ 2-5x between machines of the same kind; a ratio of two runs made one after the other does
 * not): each checkout's `.ci/run` in turn, its wall time, the CPU seconds of its whole process tree
 * (sampled from /proc: bench/tree-cpu.ts), and how many nested `playwright test` runs and reference
 * processes it started (distinct processes whose command line names them, sampled every 250 ms).
 *
 *   npx tsx bench/suite-cost.ts <checkout> [<checkout>...]     (the first is the base of the ratios)
 *
 * Each checkout should be a fresh clone (its set-up installs what it needs, as CI's does).
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { sampleTreeCpu } from './tree-cpu';

const COUNTED = {
  'nested playwright runs': /@playwright\/test\/cli\.js\0test\b|\/playwright\0test\b/,
  'reference starts': /reference-server\/src\/(main|testing\/canary-reference)\.ts/,
};

interface Cost {
  dir: string;
  /** Where the run's output went. */
  log: string;
  code: number | null;
  wallS: number;
  cpuS: number | undefined;
  counts: Record<string, number>;
}

/** Distinct descendants of `root` (pid and start time) whose command line matches each pattern. */
function countDescendants(root: number, patterns: Record<string, RegExp>) {
  const seen = new Map<string, Set<string>>(Object.keys(patterns).map((k) => [k, new Set()]));
  const tick = () => {
    const parent = new Map<number, number>();
    const start = new Map<number, string>();
    for (const name of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        parent.set(Number(name), Number(f[1]));
        start.set(Number(name), f[19]);
      } catch {
        // The process ended between the listing and the read.
      }
    }
    for (const [pid] of parent) {
      let p = pid;
      for (let hops = 0; p > 1 && p !== root && hops < 64; hops++) p = parent.get(p) ?? 0;
      if (p !== root) continue;
      let cmdline = '';
      try {
        cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      } catch {
        continue;
      }
      for (const [k, re] of Object.entries(patterns)) if (re.test(cmdline)) seen.get(k)!.add(`${pid}:${start.get(pid)}`);
    }
  };
  const timer = setInterval(tick, 250);
  return {
    stop: (): Record<string, number> => {
      clearInterval(timer);
      return Object.fromEntries([...seen].map(([k, s]) => [k, s.size]));
    },
  };
}

/**
 * The run's output goes beside the checkout, never into it: the suite's own tests read every file of
 * the checkout that git does not ignore (the documentation-links test would read the log it is writing).
 */
function runOne(dir: string): Promise<Cost> {
  return new Promise((resolve) => {
    const logPath = `${dir.replace(/\/+$/, '')}.suite-cost.log`;
    const log = fs.openSync(logPath, 'w');
    const t0 = performance.now();
    const child = spawn('bash', ['.ci/run'], { cwd: dir, stdio: ['ignore', log, log] });
    const cpu = sampleTreeCpu(child.pid!, /^$/);
    const counts = countDescendants(child.pid!, COUNTED);
    child.once('exit', (code) => {
      fs.closeSync(log);
      resolve({ dir, log: logPath, code, wallS: (performance.now() - t0) / 1000, cpuS: cpu.stop()?.total, counts: counts.stop() });
    });
  });
}

async function main(): Promise<void> {
  const dirs = process.argv.slice(2).filter((a) => a !== '--');
  if (!dirs.length) {
    console.error('usage: npx tsx bench/suite-cost.ts <checkout> [<checkout>...] (fresh clones; the first is the base of the ratios)');
    process.exitCode = 2;
    return;
  }
  const costs: Cost[] = [];
  for (const dir of dirs) {
    const c = await runOne(path.resolve(dir));
    costs.push(c);
    const base = costs[0];
    const ratio = (a: number | undefined, b: number | undefined) => (a !== undefined && b ? ` (${(a / b).toFixed(2)}x)` : '');
    console.log(
      `${dir}: exit ${c.code}, ${c.wallS.toFixed(0)} s${ratio(c.wallS, base.wallS)}, ${c.cpuS?.toFixed(0) ?? '?'} CPU-s${ratio(c.cpuS, base.cpuS)}, ` +
        Object.entries(c.counts)
          .map(([k, n]) => `${n} ${k}`)
          .join(', ') +
        ` (output: ${c.log})`,
    );
  }
}

void main();
