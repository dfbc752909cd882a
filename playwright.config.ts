import { defineConfig } from '@playwright/test';
import { findChromium } from './harness/src/browser/chromium-path';
import { rerunOf } from './harness/src/report/rerun';
import { chromiumSandbox, sandboxFacts } from './harness/src/browser/launch';

const chromium = findChromium();

/**
 * HARNESS_RERUN=<results.json>: only the tests that failed there. A file that names none stops the
 * run as a configuration error: one line, exit status 2 (DEBUG=1: with its stack).
 */
function rerunGrep(): RegExp | undefined {
  try {
    return rerunOf(process.env)?.grep;
  } catch (e) {
    if (process.env.DEBUG || !(e instanceof Error) || !('code' in e)) {
      process.once('exit', () => (process.exitCode = 2));
      throw e;
    }
    console.error(`${e.name}: ${e.message}`);
    process.exit(2);
  }
}
const rerun = rerunGrep();

export default defineConfig({
  testDir: 'tests',
  outputDir: 'reports/test-results',
  globalSetup: './tests/global-setup.ts',
  forbidOnly: !!process.env.CI,
  ...(rerun ? { grep: rerun } : {}),
  reporter: [
    // No Playwright HTML report by default: it copies every attachment and HAR into a file for
    // sharing. The attachments are redacted as they are made (README, "Security"), so
    // `--reporter=list,html,./harness/src/report/reporter.ts` still shows no secret value.
    ['list'],
    ['./harness/src/report/reporter.ts', { outputFolder: 'reports/conformance' }],
  ],
  timeout: 60_000,
  // Playwright's default is half the cores (one worker on a 2-core machine); the browser flows gain from two.
  // PW_WORKERS: a number of workers (`1`) or a share of the cores (`50%`).
  workers: /^\d+$/.test(process.env.PW_WORKERS ?? '') ? Number(process.env.PW_WORKERS) : (process.env.PW_WORKERS ?? '100%'),
  projects: [
    {
      name: 'raw',
      testIgnore: ['browser/**'],
    },
    {
      name: 'browser',
      testMatch: 'browser/**/*.test.ts',
      // Each browser flow is independent (its own context): run them across workers, one Chromium per worker.
      fullyParallel: true,
      use: {
        browserName: 'chromium',
        launchOptions: {
          ...(chromium.path ? { executablePath: chromium.path } : {}),
          // The machine has no network beyond the targets: background services would only fail.
          args: ['--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
          // Where the platform allows it (harness/src/browser/launch.ts: not as root on Linux).
          chromiumSandbox: chromiumSandbox(sandboxFacts(chromium.path)).on,
        },
      },
    },
  ],
});
