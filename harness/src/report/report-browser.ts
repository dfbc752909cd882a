/**
 * Test support: Chromium on a report file from disk (the harness's launch pattern: the system's
 * Chromium from chromium-path.js, its sandbox where the platform allows it, the minimal
 * environment, no background networking), recording every request
 * other than the page itself and every dialog, so tests can assert that nothing executes or
 * reaches the network.
 */
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { findChromium } from '../browser/chromium-path';
import { browserEnvironment, chromiumSandbox, sandboxFacts } from '../browser/launch';

export interface OpenedReport {
  page: Page;
  /** URLs the page requested besides itself (data: URLs excluded: they never leave the page). */
  requests: string[];
  dialogs: string[];
  close(): Promise<void>;
}

export async function launchReportBrowser(): Promise<Browser> {
  const found = findChromium();
  return chromium.launch({
    ...(found.path ? { executablePath: found.path } : {}),
    chromiumSandbox: chromiumSandbox(sandboxFacts(found.path)).on,
    env: browserEnvironment(process.env),
    args: ['--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
}

export async function openReport(browser: Browser, file: string, viewport = { width: 1280, height: 800 }): Promise<OpenedReport> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const self = pathToFileURL(file).href;
  const requests: string[] = [];
  const dialogs: string[] = [];
  page.on('request', (r) => {
    const url = r.url();
    if (url.split('#')[0] !== self && !url.startsWith('data:')) requests.push(url);
  });
  page.on('dialog', (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss().catch(() => undefined);
  });
  page.on('popup', (p) => {
    requests.push(`popup ${p.url()}`);
  });
  await page.goto(self, { waitUntil: 'load' });
  return { page, requests, dialogs, close: () => context.close() };
}
