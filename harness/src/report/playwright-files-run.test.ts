/**
 * Playwright's own files in a real run: a tiny project with this reporter, Playwright's traces and
 * screenshots on, whose one browser test fails with a page open that links a signed address. Its
 * error-context.md (the page's ARIA snapshot) would hold the token whole; without
 * HARNESS_KEEP_PLAYWRIGHT_FILES no file of the run and nothing it prints holds it, and with it
 * Playwright's files are there (which shows the page did reach them).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { playwrightCli, REPORTER, ROOT, type CliRun } from '../testing/playwright-cli';

const CANARY = `CANARY-${Math.random().toString(16).slice(2, 14)}`;

/** The project: its config uses the harness's Chromium as playwright.config.ts does; the page comes from a file, so no code frame quotes it. */
function project(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-own-files-'));
  // Resolved through the link, @playwright/test is the runner's own copy (one instance, as Playwright requires).
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  fs.writeFileSync(path.join(dir, 'page.html'), `<h1>Checkout</h1><a href="https://x.test/pay?token=${CANARY}">pay</a>`);
  const browser = JSON.stringify(path.join(ROOT, 'harness/src/browser/chromium-path.js'));
  const launch = JSON.stringify(path.join(ROOT, 'harness/src/browser/launch.ts'));
  fs.writeFileSync(
    path.join(dir, 'playwright.config.ts'),
    `import { findChromium } from ${browser};
import { chromiumSandbox, sandboxFacts } from ${launch};
const chromium = findChromium();
export default {
  testDir: 'tests',
  outputDir: 'out/test-results',
  reporter: [['list'], [${JSON.stringify(REPORTER)}, { outputFolder: 'out/conformance' }]],
  use: {
    trace: 'on',
    screenshot: 'on',
    launchOptions: { ...(chromium.path ? { executablePath: chromium.path } : {}), chromiumSandbox: chromiumSandbox(sandboxFacts(chromium.path)).on },
  },
};
`,
  );
  fs.mkdirSync(path.join(dir, 'tests'));
  fs.writeFileSync(
    path.join(dir, 'tests', 'checkout.test.ts'),
    `import * as fs from 'node:fs';
import * as path from 'node:path';
import { expect, test } from '@playwright/test';
test('checkout', async ({ page }) => {
  await page.setContent(fs.readFileSync(path.join(__dirname, '..', 'page.html'), 'utf8'));
  await expect(page.getByText('Paid')).toBeVisible({ timeout: 200 });
});
`,
  );
  return dir;
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).flatMap((e) => (e.isFile() ? [path.join(e.parentPath, e.name)] : []));
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

async function run(env: Record<string, string>): Promise<{ dir: string; cli: CliRun; files: string[] }> {
  const dir = project();
  dirs.push(dir);
  const cli = await playwrightCli(['test', '--config', path.join(dir, 'playwright.config.ts')], env);
  return { dir, cli, files: filesUnder(path.join(dir, 'out')) };
}

test('a failing browser test leaves no file and no output with the page’s token; HARNESS_KEEP_PLAYWRIGHT_FILES=1 keeps Playwright’s files', async () => {
  const [removed, kept] = await Promise.all([run({}), run({ HARNESS_KEEP_PLAYWRIGHT_FILES: '1' })]);

  expect([removed.cli.code, kept.cli.code]).toEqual([1, 1]);
  expect(removed.files.filter((f) => fs.readFileSync(f).includes(CANARY))).toEqual([]);
  expect(removed.files.map((f) => path.basename(f)).filter((f) => /^(error-context\.md|trace\.zip|test-(failed|finished)-\d+\.png|.*\.webm)$/.test(f))).toEqual(
    [],
  );
  expect(`${removed.cli.stdout}\n${removed.cli.stderr}`).not.toContain(CANARY);
  expect(removed.cli.stdout).toContain(
    "conformance: Playwright's own files not kept (1 error-context.md, 1 trace, 1 screenshot): Playwright writes pages and traffic into them unredacted. HARNESS_KEEP_PLAYWRIGHT_FILES=1 keeps them",
  );
  expect(removed.cli.stdout).not.toContain('Error Context:');
  expect(fs.existsSync(path.join(removed.dir, 'out', 'conformance', 'results.json'))).toBe(true);

  const context = kept.files.find((f) => path.basename(f) === 'error-context.md');
  expect(context && fs.readFileSync(context, 'utf8')).toContain(CANARY);
  expect(
    kept.files
      .map((f) => path.basename(f))
      .filter((f) => /^(trace\.zip|test-failed-1\.png)$/.test(f))
      .sort(),
  ).toEqual(['test-failed-1.png', 'trace.zip']);
  expect(kept.cli.stdout).toMatch(/conformance: Playwright's own files kept under .*unredacted/);
}, 60_000);
