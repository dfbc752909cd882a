/**
 * CPU seconds of a process and everything it starts (Linux): /proc read every `intervalMs`, and
 * each process's user and system time as last seen while it descended from `root`.
 * A browser's helpers are not waited for by the process that ran the test (Chromium reaps its own,
 * some are re-parented), so the kernel's cumulative child times would miss them; sampling does not.
 * What a process spends after the last sample before it exits is lost (at most one interval).
 */
import * as fs from 'node:fs';

const TICKS_PER_SECOND = 100;

interface Stat {
  ppid: number;
  ticks: number;
  start: string;
}

function readStat(pid: string): Stat | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]), start: f[19] };
  } catch {
    return undefined;
  }
}

export interface TreeCpuSeconds {
  total: number;
  /** Of which the processes whose executable `matching` names (a browser's). */
  matching: number;
}

export interface TreeCpu {
  /** Stops sampling; the tree's CPU seconds so far, or undefined where /proc is not there. */
  stop(): TreeCpuSeconds | undefined;
}

function executableOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0];
  } catch {
    return '';
  }
}

export function sampleTreeCpu(root: number, matching: RegExp, intervalMs = 200): TreeCpu {
  if (!fs.existsSync('/proc/self/stat')) return { stop: () => undefined };
  /** Ticks by process (pid and start time, since pids are reused). */
  const ticks = new Map<string, number>();
  const matches = new Map<string, boolean>();
  const tick = () => {
    const stats = new Map<number, Stat>();
    for (const name of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      const s = readStat(name);
      if (s) stats.set(Number(name), s);
    }
    for (const [pid, s] of stats) {
      let p = pid;
      for (let hops = 0; p > 1 && p !== root && hops < 64; hops++) p = stats.get(p)?.ppid ?? 0;
      if (p !== root) continue;
      const key = `${pid}:${s.start}`;
      ticks.set(key, s.ticks);
      if (!matches.has(key)) matches.set(key, matching.test(executableOf(pid)));
    }
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  return {
    stop: () => {
      clearInterval(timer);
      tick();
      let total = 0;
      let matched = 0;
      for (const [key, t] of ticks) {
        total += t;
        if (matches.get(key)) matched += t;
      }
      return { total: total / TICKS_PER_SECOND, matching: matched / TICKS_PER_SECOND };
    },
  };
}
