/**
 * Test support: the peak resident memory of the Node processes of a run (the Playwright runner and
 * its workers), read from /proc while it runs. Each process's high-water mark (VmHWM) is read, so a
 * spike between two readings is not missed; Chromium's processes are the browser's, not the runner's,
 * and are left out. Linux only: elsewhere it reports nothing (undefined).
 */
import * as fs from 'node:fs';

function childrenOf(pids: ReadonlySet<number>): number[] {
  const out: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command may hold spaces and parentheses: the parent pid is the second field after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (pids.has(ppid)) out.push(Number(name));
    } catch {
      /* gone already */
    }
  }
  return out;
}

function highWaterKb(pid: number): number | undefined {
  try {
    if (!/^node\b|\/node$/.test(fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim())) return undefined;
    const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

export interface PeakWatch {
  /** The highest VmHWM of any Node process of the tree so far, in MiB; undefined where /proc cannot say. */
  stop(): number | undefined;
  /** Each Node process's own peak, in MiB, with its command line (the highest first): what to look at when the bound is passed. */
  byProcess(): string[];
}

export function watchPeakRss(root: number, everyMs = 200): PeakWatch {
  if (!fs.existsSync('/proc/self/status')) return { stop: () => undefined, byProcess: () => [] };
  let peakKb = 0;
  const each = new Map<number, { kb: number; cmd: string }>();
  const read = () => {
    const tree = new Set([root]);
    for (let added = [root]; added.length;) {
      added = childrenOf(tree).filter((p) => !tree.has(p));
      for (const p of added) tree.add(p);
    }
    for (const pid of tree) {
      const kb = highWaterKb(pid);
      if (kb === undefined) continue;
      peakKb = Math.max(peakKb, kb);
      if (!each.has(pid)) {
        let cmd = '';
        try {
          cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').slice(0, 160);
        } catch {
          /* gone */
        }
        each.set(pid, { kb, cmd });
      } else each.get(pid)!.kb = Math.max(each.get(pid)!.kb, kb);
    }
  };
  const timer = setInterval(read, everyMs);
  return {
    stop() {
      clearInterval(timer);
      read();
      return peakKb ? Math.round(peakKb / 1024) : undefined;
    },
    byProcess: () => [...each.entries()].sort((a, b) => b[1].kb - a[1].kb).map(([pid, e]) => `${Math.round(e.kb / 1024)} MiB pid ${pid}: ${e.cmd}`),
  };
}
