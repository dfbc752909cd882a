import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import * as readline from 'node:readline';
import { roleVariables, TARGET_SIDE, variableOf, type Side } from '../target-map/side';
import { isRole } from '../target-map/roles';
import { variableOfValue } from '../target-map/values';
import { HarnessError } from '../core';

/** What the reference prints on one line when started with `--json`. */
export interface ReferenceReady {
  event: 'ready';
  tlsPort: number;
  httpPort: number;
  rootPath: string;
  section: string;
  urls: Record<string, string[]>;
  implemented: string[];
  /** The deployment's target values ({value:NAME}), as its user would give them. */
  values?: Record<string, string>;
  /** Its HTTP/3 edge's port, or why it runs without one. */
  http3?: { port: number } | { off: string };
  /** The addresses it listens on, one per node, the first first (`--nodes`): every name resolves to all of them. */
  nodes?: string[];
}

/** The embedded reference did not start (it exited, printed no ready line, or took too long). */
export class EmbeddedReferenceError extends HarnessError {
  constructor(message: string) {
    super('HARNESS_ERR_EMBEDDED_REFERENCE', message);
  }
}

/** How a stopped reference ended: its exit code or signal, and whether SIGKILL had to end it. */
export interface ReferenceExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** It did not exit within STOP_TIMEOUT_MS of SIGTERM and was killed. */
  killed: boolean;
}

/** How long `stop()` waits after SIGTERM before it sends SIGKILL. */
export const STOP_TIMEOUT_MS = 10_000;

export interface EmbeddedReference {
  ready: ReferenceReady;
  /** Its process id. */
  pid: number;
  /** SIGTERM, then SIGKILL after STOP_TIMEOUT_MS; resolves once the process has exited. */
  stop(): Promise<void>;
  /** Stops it as `stop()` does (once, however often called) and resolves with how it ended. */
  stopWithExit(): Promise<ReferenceExit>;
}

export interface LaunchOptions {
  command: string;
  args: string[];
  cwd: string;
  /** How long start-up may take (a first start issues the PKI). Default 60 s. */
  timeoutMs?: number;
}

function waitForExit(child: ChildProcess, ms: number): Promise<ReferenceExit> {
  return new Promise((resolve) => {
    let killed = false;
    if (child.exitCode !== null || child.signalCode !== null) return resolve({ code: child.exitCode, signal: child.signalCode, killed });
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, ms);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, killed });
    });
  });
}

/** The repository root, where the reference's entry point lives (the harness never imports it: it starts it). */
export const REPOSITORY_ROOT = path.resolve(__dirname, '../../..');

/** How the harness starts the reference: its CLI under tsx, free ports, the JSON ready line. Written once, here. */
export const REFERENCE_MAIN = path.join('reference-server', 'src', 'main.ts');
const FREE_PORTS_ARGS: readonly string[] = ['--port', '0', '--http-port', '0', '--json'];
export const EMBEDDED_ARGS: readonly string[] = [...FREE_PORTS_ARGS, '--exit-with-stdin'];
/** `node` arguments of the same start for benchmarks that spawn and time the process themselves (their stdin is no pipe: no `--exit-with-stdin`). */
export const REFERENCE_NODE_ARGS: readonly string[] = ['--import', 'tsx', REFERENCE_MAIN, ...FREE_PORTS_ARGS];

export interface EmbeddedOptions {
  /** `--deployment`: `alt` is the second deployment (its own choices where the description is silent). */
  deployment?: string;
  /** More of the reference's CLI options (`--ocsp-responder-id byKey`). */
  args?: readonly string[];
  timeoutMs?: number;
}

/** The reference on free ports in a process of its own: the one way the harness, its tests and benchmarks start it. */
export function startEmbeddedReference(options: EmbeddedOptions = {}): Promise<EmbeddedReference> {
  const args = [
    '--import',
    'tsx',
    REFERENCE_MAIN,
    ...EMBEDDED_ARGS,
    ...(options.deployment ? ['--deployment', options.deployment] : []),
    ...(options.args ?? []),
  ];
  return launchReference({
    command: process.execPath,
    args,
    cwd: REPOSITORY_ROOT,
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  });
}

/**
 * Starts a process that prints the reference's ready line (the reference, or a stand-in in tests) and
 * reads that line: the harness reaches the reference only over the wire, like any other target.
 */
export function launchReference(options: LaunchOptions): Promise<EmbeddedReference> {
  // A pipe on its standard input that this process never writes to: when this process ends, however
  // it ends (SIGKILL too), the pipe closes and the reference (`--exit-with-stdin`) stops with its edge.
  const child = spawn(options.command, options.args, { cwd: options.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdin?.on('error', () => undefined);
  const stderr: string[] = [];
  child.stderr?.on('data', (c: Buffer) => stderr.push(c.toString()));
  let stopped: Promise<ReferenceExit> | undefined;
  const stopWithExit = (): Promise<ReferenceExit> => {
    if (!stopped) {
      child.kill('SIGTERM');
      stopped = waitForExit(child, STOP_TIMEOUT_MS);
    }
    return stopped;
  };
  const stop = async (): Promise<void> => {
    await stopWithExit();
  };
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new EmbeddedReferenceError(`the embedded reference did not start: ${why}${stderr.length ? `\n${stderr.join('').slice(-2000)}` : ''}`));
    };
    const timer = setTimeout(() => fail(`no ready line within ${options.timeoutMs ?? 60000} ms`), options.timeoutMs ?? 60000);
    child.once('error', (err) => fail(err.message));
    child.once('exit', (code, signal) => fail(`it exited (${signal ?? `code ${code}`})`));
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        return;
      }
      if ((parsed as ReferenceReady)?.event !== 'ready') return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({ ready: parsed as ReferenceReady, pid: child.pid!, stop, stopWithExit });
    });
  });
}

/** Target values as the variables a user sets: TARGET_VALUE_<NAME> (BASELINE_VALUE_<NAME> for the baseline). */
export function valueVariables(values: Record<string, string> = {}, side: Side = TARGET_SIDE): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [variableOfValue(name, side), value]));
}

/** The variables a user would set to describe a started reference, on one side of the run (the target by default). */
export function targetEnvOf(ready: ReferenceReady, side: Side = TARGET_SIDE): Record<string, string> {
  const env: Record<string, string> = {};
  const resolve: string[] = [];
  const names = roleVariables(side);
  for (const [role, urls] of Object.entries(ready.urls)) {
    if (!isRole(role)) continue;
    env[names[role]] = urls.join(',');
    for (const u of urls) {
      const url = new URL(u);
      resolve.push(`${url.hostname}:${url.port}:${(ready.nodes?.length ? ready.nodes : ['127.0.0.1']).join(',')}`);
    }
  }
  env[variableOf(side, 'RESOLVE')] = resolve.join(',');
  env[variableOf(side, 'CA')] = ready.rootPath;
  env[variableOf(side, 'SECTION')] = ready.section;
  env[side.kindVariable] = 'reference';
  if (ready.http3 && 'off' in ready.http3) env[side.h3OffVariable] = `the embedded reference serves no HTTP/3: ${ready.http3.off}`;
  Object.assign(env, valueVariables(ready.values, side));
  return env;
}
