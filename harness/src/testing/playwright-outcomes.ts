import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { withNestedTimeout, withTestBudgets } from './budgets';

export interface SpecOutcome {
  title: string;
  status: 'passed' | 'failed' | 'skipped' | 'other';
  message: string;
}

interface JsonSuite {
  title: string;
  suites?: JsonSuite[];
  specs?: Array<{ title: string; tests: Array<{ status: string; results: Array<{ status: string; error?: { message?: string } }> }> }>;
}

function collect(suite: JsonSuite, prefix: string, out: SpecOutcome[]): void {
  const here = prefix ? `${prefix} › ${suite.title}` : suite.title;
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests) {
      const results = t.results ?? [];
      const last = results[results.length - 1];
      const status = t.status === 'skipped' ? 'skipped' : t.status === 'expected' ? 'passed' : t.status === 'unexpected' ? 'failed' : 'other';
      // Playwright colours expect() messages even in its JSON report.
      const message = (last?.error?.message ?? '').replace(/\u001b\[[0-9;]*m/g, '');
      out.push({ title: `${here} › ${spec.title}`, status, message });
    }
  }
  for (const child of suite.suites ?? []) collect(child, here, out);
}

/** Runs Playwright on some spec files with the given target variables and returns each test's outcome. */
export async function runForOutcomes(root: string, args: string[], targetEnv: Record<string, string>): Promise<SpecOutcome[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-run-'));
  const report = path.join(dir, 'report.json');
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !/^(TARGET_|TARGETS_FILE|BASELINE|HARNESS_|JEST_|https?_proxy$|no_proxy$)/i.test(k)) env[k] = v;
  // One Playwright worker unless the caller asks for more: the test runner already keeps every core busy.
  Object.assign(env, { PW_WORKERS: '1' }, withTestBudgets(targetEnv), { PLAYWRIGHT_JSON_OUTPUT_NAME: report, FORCE_COLOR: '0' });
  const cli = path.join(root, 'node_modules', '@playwright', 'test', 'cli.js');
  const child = spawn(process.execPath, [cli, 'test', ...withNestedTimeout(args), '--reporter=json', `--output=${path.join(dir, 'results')}`], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += c));
  await new Promise((resolve) => child.once('exit', resolve));
  if (!fs.existsSync(report)) throw new Error(`playwright wrote no report: ${stderr.slice(-2000)}`);
  const json = JSON.parse(fs.readFileSync(report, 'utf8')) as { suites: JsonSuite[]; errors?: Array<{ message?: string }> };
  fs.rmSync(dir, { recursive: true, force: true });
  if (json.errors?.length) throw new Error(`playwright run error: ${json.errors.map((e) => e.message).join('\n')}`);
  const out: SpecOutcome[] = [];
  for (const suite of json.suites) collect(suite, '', out);
  return out;
}
