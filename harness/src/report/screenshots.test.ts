/**
 * The screenshots' generator, kept as a test: a passing and a failing report rendered, opened in
 * Chromium from disk and photographed (reports/conformance-screenshots/*.png, for a person to
 * look at); the report renders, and the failing finding is on the first screen.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser } from '@playwright/test';
import { buildResults } from './build';
import { collected, failingInput, flowRecord, passingInput, replayRecord } from './fixtures';
import { renderHtml } from './html';
import { launchReportBrowser } from './report-browser';
import { ROOT } from '../testing/playwright-cli';
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
  expect(screen.firstFailureAboveFold).toMatch(/FAIL\s+\[1\]\s+site: header x-frame-options is "SAMEORIGIN" on h1 and h2/);
  expect(screen.firstFailureAboveFold).toContain('SAMEORIGIN, SAMEORIGIN');
  expect(screen.requests).toEqual([]);
  // The failure's link lands below the sticky filter bar; no table makes the page scroll sideways.
  expect(screen.targetBelowBar).toBeGreaterThanOrEqual(0);
  expect(screen.overflow).toBe(0);
});

/**
 * A long failing report, as a whole run's is: the failure's link lands below the sticky filter bar
 * (never under it), and a browser flow whose resources have long unbroken addresses does not push the
 * page wider than its window (its table wraps or scrolls inside the test).
 */
test('a long report: anchors land below the sticky bar, and no wide table scrolls the page sideways', async () => {
  const input = failingInput();
  const long = `https://media.lessons.test:8443/-/media/${'Project/Lessons/icons/'.repeat(12)}search.svg?rev=${'43b14fb918c28f96ab445eb0bf3f4b49'.repeat(4)}`;
  const flow = {
    ...flowRecord('site/browser/home', 'fail'),
    role: 'site',
    findings: [
      {
        id: `site/browser/home ${long} content-type`,
        verdict: 'fail',
        level: 'must',
        expected: 'image/svg+xml',
        actual: long,
        source: 'capture',
        protocol: 'browser',
      },
    ],
  };
  input.tests.push(collected(['site', 'site/browser/home'], flow, { status: 'failed', project: 'browser', file: 'tests/browser/site-home.test.ts' }));
  for (let i = 0; i < 60; i++) input.tests.push(collected(['site', `site/static/x${i}`], replayRecord(`site/static/x${i}`)));
  const file = path.join(OUT, 'long.html');
  fs.writeFileSync(file, renderHtml(buildResults(input)));
  const screen = await screenshotReport(browser, file, path.join(OUT, 'long'));
  expect(screen.targetBelowBar).toBeGreaterThanOrEqual(0);
  expect(screen.overflow).toBe(0);
});
