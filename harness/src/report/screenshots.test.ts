/**
 * The screenshots' generator, kept as a test: a passing and a failing report rendered, opened in
 * Chromium from disk and photographed (reports/conformance-screenshots/*.png, for a person to
 * look at); the report renders, and the failing finding is on the first screen.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser } from '@playwright/test';
import { buildResults } from './build';
import { failingInput, passingInput } from './fixtures';
import { renderHtml } from './html';
import { launchReportBrowser } from './report-browser';
import { ROOT } from '../testing/run-playwright';
import { screenshotReport } from './screenshots';

const OUT = path.join(ROOT, 'reports', 'conformance-screenshots');
let browser: Browser;

beforeAll(async () => {
  browser = await launchReportBrowser();
  fs.mkdirSync(OUT, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
});

test('a passing report renders: title, a row per role, no failures, nothing requested', async () => {
  const file = path.join(OUT, 'passing.html');
  fs.writeFileSync(file, renderHtml(buildResults(passingInput())));
  const screen = await screenshotReport(browser, file, path.join(OUT, 'passing'));
  expect(screen).toMatchObject({ title: 'Fixture run', roles: 4, failureItems: 0, requests: [], dialogs: [] });
  for (const f of screen.files) expect(fs.statSync(f).size).toBeGreaterThan(10000);
});

test('a failing report shows the failing finding above the fold', async () => {
  const file = path.join(OUT, 'failing.html');
  fs.writeFileSync(file, renderHtml(buildResults(failingInput())));
  const screen = await screenshotReport(browser, file, path.join(OUT, 'failing'));
  expect(screen.failureItems).toBe(1);
  expect(screen.firstFailureAboveFold).toMatch(/FAIL\s+site: header x-frame-options is "SAMEORIGIN" on h1 and h2/);
  expect(screen.firstFailureAboveFold).toContain('SAMEORIGIN, SAMEORIGIN');
  expect(screen.requests).toEqual([]);
});
