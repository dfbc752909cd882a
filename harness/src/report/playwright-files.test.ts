/**
 * Playwright's own files (error-context.md, traces, its screenshots and videos) are removed as each
 * test ends, through the reporter's onTestEnd with a result as Playwright hands it over; the
 * harness's own attachments stay; HARNESS_KEEP_PLAYWRIGHT_FILES=1 keeps them all.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { TestCase, TestResult } from '@playwright/test/reporter';
import { SettingsError } from '../core';
import { KEEP_PLAYWRIGHT_FILES_VARIABLE, readHarnessSettings } from '../settings/harness';
import { playwrightFileOf, playwrightFilesLine } from './playwright-files';
import ConformanceReporter from './reporter';

const CANARY = 'CANARY-6f1e9d2c4b7a';
let work: string;
let outputDir: string;
let folder: string;
const saved = process.env[KEEP_PLAYWRIGHT_FILES_VARIABLE];

beforeEach(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-files-'));
  outputDir = path.join(work, 'test-results');
  folder = path.join(outputDir, 'browser-site-checkout');
  fs.mkdirSync(folder, { recursive: true });
  delete process.env[KEEP_PLAYWRIGHT_FILES_VARIABLE];
});

afterEach(() => {
  fs.rmSync(work, { recursive: true, force: true });
  if (saved === undefined) delete process.env[KEEP_PLAYWRIGHT_FILES_VARIABLE];
  else process.env[KEEP_PLAYWRIGHT_FILES_VARIABLE] = saved;
});

function testCase(): TestCase {
  return {
    titlePath: () => ['', 'browser', 'browser/checkout.test.ts', 'site', 'checkout'],
    parent: { project: () => ({ name: 'browser', outputDir }) },
    location: { file: path.join(work, 'browser/checkout.test.ts'), line: 1, column: 1 },
    expectedStatus: 'passed',
    annotations: [],
  } as unknown as TestCase;
}

/** A failed browser test as Playwright reports it: its own four files beside the harness's HAR and screenshot. */
function failedResult(): TestResult {
  const file = (name: string, content: string | Buffer) => {
    const p = path.join(folder, name);
    fs.writeFileSync(p, content);
    return p;
  };
  const link = `https://x.test/?token=${CANARY}`;
  return {
    errors: [{ message: 'expect(locator).toBeVisible() failed' }],
    steps: [],
    annotations: [],
    status: 'failed',
    duration: 5,
    retry: 0,
    startTime: new Date(0),
    attachments: [
      { name: 'screenshot', contentType: 'image/png', body: Buffer.from('harness png') },
      { name: 'har', contentType: 'application/json', path: file('flow.har', '{"log":{"entries":[]}}') },
      { name: 'screenshot', contentType: 'image/png', path: file('test-failed-1.png', 'playwright png') },
      { name: 'error-context', contentType: 'text/markdown', path: file('error-context.md', `# Page snapshot\n- link "pay":\n  - /url: ${link}\n`) },
      { name: 'trace', contentType: 'application/zip', path: file('trace.zip', `PK trace ${link}`) },
      { name: 'video', contentType: 'video/webm', path: file('video.webm', 'webm') },
    ],
  } as unknown as TestResult;
}

/** Every file under dir, recursively. */
function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).flatMap((e) => (e.isFile() ? [path.join(e.parentPath, e.name)] : []));
}

test('without the variable: Playwright’s own files are removed and dropped from the result; the HAR and the harness’s screenshot stay', () => {
  const result = failedResult();
  new ConformanceReporter({ outputFolder: path.join(work, 'conformance') }).onTestEnd(testCase(), result);
  expect(filesUnder(outputDir).map((f) => path.basename(f))).toEqual(['flow.har']);
  expect(filesUnder(outputDir).filter((f) => fs.readFileSync(f, 'utf8').includes(CANARY))).toEqual([]);
  expect(result.attachments.map((a) => [a.name, a.path ? path.basename(a.path) : 'body'])).toEqual([
    ['screenshot', 'body'],
    ['har', 'flow.har'],
  ]);
});

test('a test folder left empty goes too; a file outside the outputDir is not deleted, only not reported', () => {
  const outside = path.join(work, 'elsewhere.zip');
  fs.writeFileSync(outside, 'zip');
  const result = {
    ...failedResult(),
    attachments: [{ name: 'trace', contentType: 'application/zip', path: outside }],
  } as unknown as TestResult;
  fs.rmSync(folder, { recursive: true });
  const only = path.join(outputDir, 'raw-site-home');
  fs.mkdirSync(only);
  fs.writeFileSync(path.join(only, 'trace.zip'), 'zip');
  result.attachments.push({ name: 'trace', contentType: 'application/zip', path: path.join(only, 'trace.zip') });
  new ConformanceReporter({ outputFolder: path.join(work, 'conformance') }).onTestEnd(testCase(), result);
  expect(fs.existsSync(only)).toBe(false);
  expect(fs.existsSync(outputDir)).toBe(true);
  expect(fs.existsSync(outside)).toBe(true);
  expect(result.attachments).toEqual([]);
});

test('HARNESS_KEEP_PLAYWRIGHT_FILES=1 keeps every file and attachment as Playwright wrote them', () => {
  process.env[KEEP_PLAYWRIGHT_FILES_VARIABLE] = '1';
  const result = failedResult();
  const before = result.attachments.map((a) => a.name);
  new ConformanceReporter({ outputFolder: path.join(work, 'conformance') }).onTestEnd(testCase(), result);
  expect(
    filesUnder(outputDir)
      .map((f) => path.basename(f))
      .sort(),
  ).toEqual(['error-context.md', 'flow.har', 'test-failed-1.png', 'trace.zip', 'video.webm']);
  expect(result.attachments.map((a) => a.name)).toEqual(before);
});

test('which attachments are Playwright’s own: by name, and for files only (the harness attaches its screenshot as bytes)', () => {
  expect(playwrightFileOf({ name: 'error-context', contentType: 'text/markdown', path: '/o/t/error-context.md' })).toBe('error-context.md');
  expect(playwrightFileOf({ name: 'trace', contentType: 'application/zip', path: '/o/t/trace.zip' })).toBe('trace');
  expect(playwrightFileOf({ name: 'screenshot', contentType: 'image/png', path: '/o/t/test-finished-1.png' })).toBe('screenshot');
  expect(playwrightFileOf({ name: 'video', contentType: 'video/webm', path: '/o/t/video.webm' })).toBe('video');
  expect(playwrightFileOf({ name: 'screenshot', contentType: 'image/png' })).toBeUndefined();
  expect(playwrightFileOf({ name: 'har', contentType: 'application/json', path: '/o/t/flow.har' })).toBeUndefined();
  expect(playwrightFileOf({ name: 'findings', contentType: 'application/json' })).toBeUndefined();
});

test('the run’s one line says what was not kept and how to keep it, or that what was kept is unredacted', () => {
  const tally = new Map([
    ['trace', 2],
    ['error-context.md', 1],
  ] as const);
  expect(playwrightFilesLine(new Map(tally), false, 'reports/test-results')).toBe(
    "conformance: Playwright's own files not kept (1 error-context.md, 2 traces): Playwright writes pages and traffic into them unredacted. HARNESS_KEEP_PLAYWRIGHT_FILES=1 keeps them under reports/test-results, credentials and tokens included.",
  );
  expect(playwrightFilesLine(new Map(tally), true, 'reports/test-results')).toMatch(
    /^conformance: Playwright's own files kept under reports\/test-results .*unredacted/,
  );
  expect(playwrightFilesLine(new Map(), false, 'reports/test-results')).toBeUndefined();
});

test('the variable is 1 or 0; anything else stops the run naming it', () => {
  expect(readHarnessSettings({ HARNESS_KEEP_PLAYWRIGHT_FILES: '1' }).keepPlaywrightFiles).toBe(true);
  expect(readHarnessSettings({ HARNESS_KEEP_PLAYWRIGHT_FILES: '0' }).keepPlaywrightFiles).toBe(false);
  expect(readHarnessSettings({ HARNESS_KEEP_PLAYWRIGHT_FILES: ' ' })).toEqual(readHarnessSettings({}));
  expect(() => readHarnessSettings({ HARNESS_KEEP_PLAYWRIGHT_FILES: 'yes' })).toThrow(SettingsError);
  expect(() => readHarnessSettings({ HARNESS_KEEP_PLAYWRIGHT_FILES: 'yes' })).toThrow(/^HARNESS_KEEP_PLAYWRIGHT_FILES: "yes" must be 1/);
});
