/**
 * A report made from a hostile target (markup in header values and names, a `javascript:`
 * Location, `</script>` in a cookie, markup in titles, clauses, messages and run errors, and in an
 * h3 leg's endpoint, Chromium command and twin's header values) opened
 * in Chromium from disk: with every link and button clicked, nothing executes, no dialog opens
 * and the page requests nothing. Run with and without the page's CSP, so escaping alone is proven.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser } from '@playwright/test';
import { buildResults } from './build';
import { HOSTILE, hostileInput } from './hostile-fixtures';
import { renderHtml } from './html';
import { launchReportBrowser, openReport } from './report-browser';

let browser: Browser;
let dir: string;

beforeAll(async () => {
  browser = await launchReportBrowser();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-xss-'));
});

afterAll(async () => {
  await browser?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe.each([
  ['with its Content-Security-Policy', true],
  ['without a Content-Security-Policy (escaping alone)', false],
])('a report of a hostile target %s', (_name, csp) => {
  test('executes nothing, opens no dialog and requests nothing, with every link and button clicked', async () => {
    const file = path.join(dir, `index-${csp ? 'csp' : 'plain'}.html`);
    fs.writeFileSync(file, renderHtml(buildResults(hostileInput()), { csp }));
    const report = await openReport(browser, file);
    const { page } = report;
    try {
      // Everything visible: every details element open, every filter passing.
      await page.evaluate(() => document.querySelectorAll('details').forEach((d) => ((d as HTMLDetailsElement).open = true)));
      const clickable = page.locator('a, button, summary, input, select');
      const n = await clickable.count();
      expect(n).toBeGreaterThan(10);
      for (let i = 0; i < n; i++) {
        const el = clickable.nth(i);
        if (await el.isVisible()) await el.click({ timeout: 2000, force: true, noWaitAfter: true }).catch(() => el.dispatchEvent('click'));
        else await el.dispatchEvent('click');
      }
      // The filters run their code over every hostile row too.
      await page.selectOption('select[name=role]', { index: 1 });
      await page.fill('input[name=check]', HOSTILE.script);
      await page.click('button[type=reset]');
      await page.waitForTimeout(200);
      expect(page.url()).toMatch(/^file:/);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
      expect(report.dialogs).toEqual([]);
      expect(report.requests).toEqual([]);
      // The hostile values are shown, as text.
      const text = await page.locator('body').innerText();
      expect(text).toContain(HOSTILE.script);
      expect(text).toContain(HOSTILE.location);
      // The h3 leg too: its endpoint and command, as text.
      expect(text).toContain(`QUIC forced to 127.0.0.1:443${HOSTILE.script}`);
      // The command's launch is a shell function of the page (in a closed section), its request part the step's.
      expect(text).toContain(`chromium_h3 '${HOSTILE.img}'`);
      expect(await page.locator('body').textContent()).toContain(`chromium_h3() { chromium ${HOSTILE.script} "$@"; }`);
      expect(await page.locator('img').count()).toBe(1); // the screenshot only, never the injected <img>
      expect(await page.locator('script').count()).toBe(1);
    } finally {
      await report.close();
    }
  });
});
