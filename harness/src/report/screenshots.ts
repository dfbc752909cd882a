/**
 * The report as a user first sees it: Chromium opens index.html from disk at 1280x800, and the
 * screenshot of the first screen (and of the first failure's exchange, when there is one) is
 * written beside it. Returns what the screen showed, for tests to assert on.
 */
import type { Browser } from '@playwright/test';
import { openReport } from './report-browser';

export const VIEWPORT = { width: 1280, height: 800 };

export interface ReportScreen {
  title: string;
  roles: number;
  /** Text of the first item of the failures list, when it is on the first screen. */
  firstFailureAboveFold?: string;
  failureItems: number;
  requests: string[];
  dialogs: string[];
  files: string[];
  /** After following the first failure's link: how far below the sticky filter bar the target's top is (negative: hidden under it). */
  targetBelowBar?: number;
  /** How much wider than the window the page is, after opening every test (0: nothing overflows). */
  overflow: number;
}

export async function screenshotReport(browser: Browser, htmlFile: string, outPrefix: string): Promise<ReportScreen> {
  const report = await openReport(browser, htmlFile, VIEWPORT);
  const { page } = report;
  try {
    const files = [`${outPrefix}-top.png`];
    await page.screenshot({ path: files[0] });
    const title = (await page.locator('h1').textContent()) ?? '';
    const roles = await page.locator('table.summary tbody tr').count();
    const items = page.locator('.failures li');
    const failureItems = await items.count();
    let firstFailureAboveFold: string | undefined;
    let targetBelowBar: number | undefined;
    if (failureItems > 0) {
      const box = await items.first().boundingBox();
      if (box && box.y >= 0 && box.y + box.height <= VIEWPORT.height && (await items.first().isVisible()))
        firstFailureAboveFold = (await items.first().innerText()).trim();
      // Follow the first failure's link, as a reader would, and capture what it shows.
      await items.first().locator('a').first().click();
      await page.waitForTimeout(200);
      const belowBar = () =>
        page.evaluate(() => {
          const bar = document.querySelector('.filters')?.getBoundingClientRect();
          const target = document.querySelector(':target')?.getBoundingClientRect();
          return bar && target ? Math.round(target.top - bar.bottom) : undefined;
        });
      // An expectation's anchor, then a test's (scrolled to the top of the window: where the bar is).
      const expectation = await belowBar();
      const first = await page.evaluate(() => document.querySelector('article.test[id]')?.id);
      await page.evaluate((id) => (location.hash = id ?? ''), first);
      await page.waitForTimeout(200);
      const article = await belowBar();
      targetBelowBar = expectation === undefined || article === undefined ? (expectation ?? article) : Math.min(expectation, article);
      files.push(`${outPrefix}-failure.png`);
      await page.screenshot({ path: files[1] });
    } else {
      const first = page.locator('article.test > details > summary').first();
      await first.click();
      files.push(`${outPrefix}-first-test.png`);
      await first.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: files[1] });
    }
    // Every test opened: no table may push the page wider than its window.
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => ((d as HTMLDetailsElement).open = true)));
    const overflow = await page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth));
    return {
      title,
      roles,
      overflow,
      ...(targetBelowBar !== undefined ? { targetBelowBar } : {}),
      ...(firstFailureAboveFold !== undefined ? { firstFailureAboveFold } : {}),
      failureItems,
      requests: report.requests,
      dialogs: report.dialogs,
      files,
    };
  } finally {
    await report.close();
  }
}
