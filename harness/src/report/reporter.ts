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
import { parseSpecFolders, SPECS_VARIABLE, type SpecFolder } from '../settings/spec-folders';
import { baselineMeta, specMeta, targetMeta } from './meta';
import { resolveOptions, type ReporterOptions, type ResolvedOptions } from './options';
import { terminalSummary } from './terminal';
import { BODIES_DIR, isBodyAttachment, saveBody, type SavedBodyFile } from './saved-bodies';
import { saveScreenshots, SCREENSHOTS_DIR } from './saved-screenshots';
import type { ConformanceResults } from './types';
import { MergedRunFailedError } from './errors';
import { HarnessError } from '../core';
import { entryLines } from '../known';
import { specLocator } from '../spec-model/locate';
import { annotations, summaryMarkdown } from './github';
import { HISTORY_DIR, historyFile, historyKey, readPrevious, type PreviousRun } from './history';
import type { KnownDeviations } from '../known';
import { harnessSettings, type HarnessSettings } from '../settings/harness';
import { knownDeviationsOf } from '../settings/run';
import { loadTargetMap } from '../target-map/target-map';
import { loadBaselineMap } from '../target-map/baseline';
import { BASELINE_SIDE, TARGET_SIDE } from '../target-map/side';
import { runRedactor, type RunRedactor } from '../har/redact';
import { learnFromTest, redactResults } from './redact-results';
import { dropPlaywrightFiles, playwrightFilesLine, type PlaywrightFilesTally } from './playwright-files';

export const RESULTS_FILE = 'results.json';
export const HTML_FILE = 'index.html';
export const JUNIT_FILE = 'junit.xml';
/** The Markdown summary (GitHub's job summary; any CI can show it). */
export const SUMMARY_FILE = 'summary.md';

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
  /** Playwright's own files seen (removed, or kept with HARNESS_KEEP_PLAYWRIGHT_FILES=1), and the first test's outputDir they were in. */
  private readonly playwrightFiles: PlaywrightFilesTally = new Map();
  private playwrightOutputDir: string | undefined;

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
    // First: Playwright wrote its own files (unredacted) before the test ended; nothing below may read them.
    const outputDir = test.parent.project()?.outputDir;
    this.playwrightOutputDir ??= outputDir;
    dropPlaywrightFiles(result, outputDir, this.keepPlaywrightFiles(), this.playwrightFiles);
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
    this.noteUnreachable();
    const results = redactResults(this.build(result), [...this.tests.values()], this.redactor);
    if (this.bodies.size) results.bodies = Object.fromEntries([...this.bodies].sort(([a], [b]) => (a < b ? -1 : 1)));
    const dir = this.options.outputFolder;
    fs.mkdirSync(dir, { recursive: true });
    this.clearSaved();
    saveScreenshots(results, dir);
    fs.writeFileSync(path.join(dir, RESULTS_FILE), `${JSON.stringify(results, null, 1)}\n`);
    // Kept by target and spec folders too: the next run of the same compares with it, whatever ran in between.
    fs.mkdirSync(path.join(dir, HISTORY_DIR), { recursive: true });
    fs.copyFileSync(path.join(dir, RESULTS_FILE), historyFile(dir, this.historyKey()));
    fs.writeFileSync(path.join(dir, HTML_FILE), renderHtml(results));
    fs.writeFileSync(path.join(dir, JUNIT_FILE), renderJunit(results));
    const shown = shownPath(path.join(dir, HTML_FILE));
    const markdown = summaryMarkdown(results, shown);
    fs.writeFileSync(path.join(dir, SUMMARY_FILE), markdown);
    const playwrightLine = playwrightFilesLine(this.playwrightFiles, this.keepPlaywrightFiles(), shownPath(this.playwrightOutputDir ?? 'test-results'));
    if (playwrightLine) console.log(playwrightLine);
    console.log(`\n${terminalSummary(results, shown)}`);
    this.speakCi(results, markdown);
    // Playwright exits 0 or 1; a run that could not judge the target exits 2 (Node keeps an exit code set while exiting).
    if (results.run.exitCode === 2) process.once('exit', () => (process.exitCode = 2));
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
    if (this.merging && this.failed) throw new MergedRunFailedError(this.options.failOn);
  }

  /** In GitHub Actions (or with HARNESS_GITHUB=1): annotations on the failing spec lines, and the job summary. */
  private speakCi(results: ConformanceResults, markdown: string): void {
    const ci = this.harness()?.ci;
    if (!ci) return;
    if (!ci.github) return;
    const root = process.env.GITHUB_WORKSPACE || process.cwd();
    const locate = specLocator(this.specsDir(), root);
    const knownFile = results.known ? path.resolve(process.cwd(), results.known.file) : undefined;
    const lines = knownFile ? entryLines(knownFile) : [];
    if (results.known && knownFile) results.known.file = path.relative(root, knownFile).split(path.sep).join('/');
    for (const line of annotations(results, locate, (i) => lines[i])) console.log(line);
    if (ci.stepSummary) {
      try {
        fs.appendFileSync(ci.stepSummary, `${markdown}\n`);
      } catch (e) {
        console.log(`conformance: the job summary could not be written to GITHUB_STEP_SUMMARY (${(e as Error).message})`);
      }
    }
  }

  /**
   * The run to compare with: HARNESS_PREVIOUS (`none`: no comparison), else the file HARNESS_RERUN
   * re-runs, else the results.json the last run left in the report folder (read before this run
   * writes its own). A file named that cannot be read is an error of the run.
   */
  private previousRun(): PreviousRun | undefined {
    const history = this.harness()?.history;
    if (!history || history.previous?.toLowerCase() === 'none') return undefined;
    const named = history.previous ?? history.rerun;
    // Unnamed: the last run of the same target and spec folders, never another target's.
    const file = named ? path.resolve(process.cwd(), named) : historyFile(this.options.outputFolder, this.historyKey());
    if (!named && !fs.existsSync(file)) return undefined;
    const read = readPrevious(file, { rerun: history.previous === undefined && history.rerun !== undefined });
    if (!('problem' in read)) return read;
    if (named) this.runErrors.push(`${history.previous ? 'HARNESS_PREVIOUS' : 'HARNESS_RERUN'}: ${read.problem}`);
    return undefined;
  }

  /** The run's known deviations (HARNESS_KNOWN); a file that does not load is an error of the run (the set-up refused it already). */
  private knownDeviations(): KnownDeviations | undefined {
    try {
      const settings = this.harness();
      return settings ? knownDeviationsOf(settings) : undefined;
    } catch (e) {
      const message = e instanceof HarnessError ? e.message : String(e);
      if (!this.runErrors.includes(message)) this.runErrors.push(message);
      return undefined;
    }
  }

  /** HARNESS_KEEP_PLAYWRIGHT_FILES=1; with a bad HARNESS_* setting (the set-up refuses it), not kept. */
  private keepPlaywrightFiles(): boolean {
    return this.harness()?.keepPlaywrightFiles === true;
  }

  /** The run's HARNESS_* settings, or none when one is bad: the set-up refuses it, and the reporter still writes what it can. */
  private harness(): HarnessSettings | undefined {
    try {
      return harnessSettings(process.env);
    } catch (e) {
      if (e instanceof HarnessError) return undefined;
      throw e;
    }
  }

  /** A role the set-up could not reach was not judged: the run says so, role by role (exit status 2). */
  private noteUnreachable(): void {
    for (const side of [TARGET_SIDE, BASELINE_SIDE]) {
      let unreachable: Partial<Record<string, string>> | undefined;
      try {
        unreachable = (side === TARGET_SIDE ? loadTargetMap(process.env) : loadBaselineMap(process.env))?.unreachable;
      } catch {
        continue;
      }
      for (const [role, why] of Object.entries(unreachable ?? {})) {
        const line = `${side.name} role ${role} not reached, so not judged: ${why}`;
        if (!this.runErrors.includes(line)) this.runErrors.push(line);
      }
    }
  }

  /** What makes this run comparable with another (history.ts): its target and its spec folders. */
  private historyKey(): string {
    return historyKey(
      targetMeta(process.env),
      this.specFolders().map((f) => f.dir),
    );
  }

  private specFolders(): readonly SpecFolder[] {
    try {
      if (process.env[SPECS_VARIABLE]?.trim()) return parseSpecFolders(process.env);
    } catch {
      /* the run's set-up stopped it with the variable's error */
    }
    return [{ dir: this.specsDir() }];
  }

  /** The spec files sit in specs/ beside the configuration; the Playwright tests that replay them in tests/. */
  private specsDir(): string {
    const fromConfig = this.config?.rootDir ? path.join(this.config.rootDir, 'specs') : undefined;
    return fromConfig && fs.existsSync(fromConfig) ? fromConfig : path.join(process.cwd(), 'specs');
  }

  private build(result: FullResult): ConformanceResults {
    // Or the folders HARNESS_SPECS names; a bad value was reported by the set-up.
    const folders = this.specFolders();
    const baseline = baselineMeta(process.env);
    const known = this.knownDeviations();
    const ticketUrl = this.harness()?.ticketUrl;
    const previous = this.previousRun();
    return buildResults({
      tests: [...this.tests.values()],
      ...(known ? { known: { ...known, ...(ticketUrl ? { ticketUrl } : {}) } } : {}),
      ...(previous ? { previous } : {}),
      run: {
        title: this.options.title,
        startedAt: result.startTime.toISOString(),
        durationMs: Math.round(result.duration),
        playwrightStatus: result.status,
        target: targetMeta(process.env),
        ...(baseline ? { baseline } : {}),
        spec: specMeta(folders),
        rawSecrets: this.options.rawSecrets,
        failOn: this.options.failOn,
        runErrors: this.runErrors,
      },
    });
  }
}

/** A file as the terminal names it: relative to the working directory when it is below it. */
function shownPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}
