/**
 * Test support: the Playwright CLI as a user runs it (test, or merge-reports), with this
 * reporter, chosen target variables and report folder; returns the exit code and the output.
 * (`playwright-outcomes.ts` beside it forces the JSON reporter instead, for each test's outcome.)
 */
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { withNestedTimeout, withTestBudgets } from './budgets';

export const ROOT = path.resolve(__dirname, '../../..');
export const REPORTER = path.join(ROOT, 'harness', 'src', 'report', 'reporter.ts');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `watch`: called with the runner's pid once it started (a test that reads its memory). */
export async function playwrightCli(args: string[], env: Record<string, string>, options: { watch?: (pid: number) => void } = {}): Promise<CliRun> {
  const clean: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !/^(TARGET_|TARGETS_FILE|BASELINE|HARNESS_|JEST_|PLAYWRIGHT_|CI$|https?_proxy$|no_proxy$)/i.test(k)) clean[k] = v;
  // One Playwright worker unless the caller asks for more: the test runner already keeps every core busy.
  Object.assign(clean, { PW_WORKERS: '1' }, withTestBudgets(env), { FORCE_COLOR: '0' });
  const cli = path.join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js');
  const child = spawn(process.execPath, [cli, ...(args[0] === 'test' ? withNestedTimeout(args) : args)], {
    cwd: ROOT,
    env: clean,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid !== undefined) options.watch?.(child.pid);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, stdout, stderr };
}
