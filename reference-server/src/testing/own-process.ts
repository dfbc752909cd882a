/**
 * The reference in a process of its own, for its own tests and load runs (the fuzz test, main.test,
 * bench/soak.ts): its memory and file descriptors are then measured without the client's, and a
 * crash shows as an exit instead of taking the client down with it. The harness and the other
 * benchmarks start it through the harness's `embedded/start-reference.ts`; the reference imports
 * nothing of the harness, so its own tests keep this one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { promises as fs, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as readline from 'node:readline';
import type { ReferencePki } from '../pki';

export const PACKAGE_ROOT = path.resolve(__dirname, '../../..');

export interface ReferenceProcess {
  pid: number;
  tlsPort: number;
  httpPort: number;
  rootPath: string;
  rootPem: string;
  /** The ready line's other fields (the canary child adds its own). */
  ready: Record<string, unknown>;
  /** The inspector's `ws://` address, when spawned with `inspect`. */
  inspectorUrl?: string;
  /** Exit code or signal once exited, undefined while running. */
  exited(): string | undefined;
  /** What the process wrote to stderr (last 64 KB). */
  stderr(): string;
  stop(): Promise<void>;
}

/** The reference's entry point and the arguments of a run on free ports with its JSON ready line, for its own tests and benchmarks. */
export const MAIN_SCRIPT = 'reference-server/src/main.ts';
export const FREE_PORTS_ARGS: readonly string[] = ['--port', '0', '--http-port', '0', '--json'];

/**
 * Spawns `script` (default: the reference's own `main.ts --json` on free ports) under tsx and
 * waits for its JSON `ready` line. `inspect` opens the process's inspector on a free loopback port
 * (the leak check forces collections through it).
 */
export function spawnReference(options: { script?: string; args?: string[]; timeoutMs?: number; inspect?: boolean } = {}): Promise<ReferenceProcess> {
  const script = options.script ?? MAIN_SCRIPT;
  const args = options.args ?? [...FREE_PORTS_ARGS];
  const node = [...(options.inspect ? ['--inspect=127.0.0.1:0'] : []), '--import', 'tsx', script, ...args];
  const child: ChildProcess = spawn(process.execPath, node, { cwd: PACKAGE_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  let inspectorUrl: string | undefined;
  child.stderr!.on('data', (c: Buffer) => {
    stderr = (stderr + c.toString()).slice(-65536);
    inspectorUrl ??= /Debugger listening on (ws:\/\/\S+)/.exec(stderr)?.[1];
  });
  let exitedWith: string | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exitedWith = signal ?? String(code);
      resolve();
    }),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script}: not ready after ${options.timeoutMs ?? 60_000} ms\n${stderr}`));
    }, options.timeoutMs ?? 60_000);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`${script} exited (${exitedWith}) before ready\n${stderr}`));
    });
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.startsWith('{') || !line.includes('"ready"')) return;
      clearTimeout(timer);
      const ready = JSON.parse(line) as { tlsPort: number; httpPort: number; rootPath: string } & Record<string, unknown>;
      resolve({
        pid: child.pid!,
        tlsPort: ready.tlsPort,
        httpPort: ready.httpPort,
        rootPath: ready.rootPath,
        rootPem: readFileSync(ready.rootPath, 'utf8'),
        ready,
        ...(inspectorUrl ? { inspectorUrl } : {}),
        exited: () => exitedWith,
        stderr: () => stderr,
        stop: async () => {
          if (exitedWith !== undefined) return;
          child.kill('SIGTERM');
          const timer2 = setTimeout(() => child.kill('SIGKILL'), 10_000);
          await exited;
          clearTimeout(timer2);
        },
      });
    });
  });
}

/** Resident memory of a process in KiB (Linux: /proc/<pid>/status VmRSS). */
export function residentKiB(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for ${pid}`);
  return Number(match[1]);
}

/** Open file descriptors of a process (Linux: /proc/<pid>/fd). */
export function openFds(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).length;
}

/** The reference's PKI as its cache manifest records it (next to root.pem). */
export async function pkiOf(rootPath: string): Promise<ReferencePki> {
  const manifest = JSON.parse(await fs.readFile(path.join(path.dirname(rootPath), 'pki.json'), 'utf8')) as Omit<
    ReferencePki,
    'dir' | 'rootPath' | 'rootPem' | 'generated'
  >;
  return { ...manifest, dir: path.dirname(rootPath), rootPath, rootPem: await fs.readFile(rootPath, 'utf8'), generated: false } as ReferencePki;
}
