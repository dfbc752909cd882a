/**
 * The conformance reporter (registered in playwright.config.ts; also the `--reporter` of
 * `npx playwright merge-reports`): collects every test's `findings` attachment and outcome, and at
 * the end writes results.json, index.html and junit.xml under the output folder, prints a
 * one-screen summary, and fails the run when the results hold a verdict at or above HARNESS_FAIL_ON
 * that Playwright did not count. It never turns a failing run into a passing one.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestError, TestResult } from '@playwright/test/reporter';
import { buildResults } from './build';
import { collectTest, stripAnsi, type CollectedTest } from './collected';
import { renderHtml } from './html';
import { renderJunit } from './junit';
import { baselineMeta, specMeta, targetMeta } from './meta';
import { resolveOptions, type ReporterOptions, type ResolvedOptions } from './options';
import { terminalSummary } from './terminal';
import { BODIES_DIR, isBodyAttachment, saveBody, type SavedBodyFile } from './saved-bodies';
import { saveScreenshots, SCREENSHOTS_DIR } from './saved-screenshots';
import type { ConformanceResults } from './types';
import { runRedactor, type RunRedactor } from '../har/redact';
import { learnFromTest, redactResults } from './redact-results';

export const RESULTS_FILE = 'results.json';
export const HTML_FILE = 'index.html';
export const JUNIT_FILE = 'junit.xml';

export default class ConformanceReporter implements Reporter {
  private readonly options: ResolvedOptions;
  private config: FullConfig | undefined;
  private readonly tests = new Map<string, CollectedTest>();
  private readonly runErrors: string[] = [];
  /** Playwright tells reporters whether they run in `merge-reports` (`_mode: 'merge'`). */
  private readonly merging: boolean;
  private failed = false;
  private readonly bodies = new Map<string, SavedBodyFile>();
  private cleared = false;
  /** Every output goes through it: the run's credentials, and every secret the tests' records carry. */
  private readonly redactor: RunRedactor;

  constructor(options: ReporterOptions = {}) {
    this.options = resolveOptions(options);
    this.merging = (options as { _mode?: unknown })._mode === 'merge';
    this.redactor = runRedactor(process.env, { raw: this.options.rawSecrets });
  }

  printsToStdio(): boolean {
    return true;
  }

  onBegin(config: FullConfig, _suite: Suite): void {
    this.config = config;
  }

  /** The last run's saved bodies and screenshots go once this run writes its own (not on `--list`). */
  private clearSaved(): void {
    if (this.cleared) return;
    this.cleared = true;
    for (const dir of [BODIES_DIR, SCREENSHOTS_DIR]) fs.rmSync(path.join(this.options.outputFolder, dir), { recursive: true, force: true });
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const collected = collectTest(test, result, this.config?.rootDir ?? process.cwd());
    learnFromTest(collected, this.redactor);
    // Saved bodies go to files now: the reporter keeps no body in memory until the end of the run.
    for (const a of collected.attachments.filter(isBodyAttachment)) {
      this.clearSaved();
      const saved = saveBody(a, this.options.outputFolder, this.options.rawSecrets, this.redactor);
      if (saved) this.bodies.set(...saved);
    }
    collected.attachments = collected.attachments.filter((a) => !isBodyAttachment(a));
    const key = `${collected.project}\u0000${collected.file}\u0000${collected.titlePath.join('\u0000')}`;
    const prev = this.tests.get(key);
    if (!prev || collected.retry >= prev.retry) this.tests.set(key, collected);
  }

  onError(error: TestError): void {
    this.runErrors.push(stripAnsi(error.message ?? error.value ?? String(error)));
  }

  async onEnd(result: FullResult): Promise<{ status?: FullResult['status'] } | undefined> {
    // `--list` runs nothing: the last run's report stays as it was.
    if (this.tests.size === 0 && this.runErrors.length === 0 && result.status === 'passed') return undefined;
    const results = redactResults(this.build(result), [...this.tests.values()], this.redactor);
    if (this.bodies.size) results.bodies = Object.fromEntries([...this.bodies].sort(([a], [b]) => (a < b ? -1 : 1)));
    const dir = this.options.outputFolder;
    fs.mkdirSync(dir, { recursive: true });
    this.clearSaved();
    saveScreenshots(results, dir);
    fs.writeFileSync(path.join(dir, RESULTS_FILE), `${JSON.stringify(results, null, 1)}\n`);
    fs.writeFileSync(path.join(dir, HTML_FILE), renderHtml(results));
    fs.writeFileSync(path.join(dir, JUNIT_FILE), renderJunit(results));
    const file = path.join(dir, HTML_FILE);
    const relative = path.relative(process.cwd(), file);
    console.log(`\n${terminalSummary(results, relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file)}`);
    if (results.run.status !== 'failed') return undefined;
    this.failed = true;
    if (this.merging) console.log(`merge-reports exits with status 1: the merged results hold a verdict at or above ${results.run.failOn} (HARNESS_FAIL_ON).`);
    return result.status === 'passed' ? { status: 'failed' } : undefined;
  }

  /**
   * `merge-reports` exits 0 whatever the tests did, unless a reporter failed: in merge mode a
   * failing result is raised here (after the files are written), so a merge step of a failing
   * suite fails in CI as the unsharded run would. A test run takes its status from onEnd.
   */
  async onExit(): Promise<void> {
    if (this.merging && this.failed) throw new Error(`conformance: the merged results hold a verdict at or above ${this.options.failOn} (HARNESS_FAIL_ON)`);
  }

  private build(result: FullResult): ConformanceResults {
    // The spec files sit in specs/ beside the configuration; the Playwright tests that replay them in tests/.
    const fromConfig = this.config?.rootDir ? path.join(this.config.rootDir, 'specs') : undefined;
    const specsDir = fromConfig && fs.existsSync(fromConfig) ? fromConfig : path.join(process.cwd(), 'specs');
    const baseline = baselineMeta(process.env);
    return buildResults({
      tests: [...this.tests.values()],
      run: {
        title: this.options.title,
        startedAt: result.startTime.toISOString(),
        durationMs: Math.round(result.duration),
        playwrightStatus: result.status,
        target: targetMeta(process.env),
        ...(baseline ? { baseline } : {}),
        spec: specMeta(specsDir),
        rawSecrets: this.options.rawSecrets,
        failOn: this.options.failOn,
        runErrors: this.runErrors,
      },
    });
  }
}
