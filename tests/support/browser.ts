import * as fs from 'node:fs';
import { chromium, test as base, type Browser, type BrowserContext, type TestInfo } from '@playwright/test';
import { addExtraHeaders, basicCredentials, extraHeaderNames, hideExtraHeaders } from '../../harness/src/browser/extra-headers';
import { targetBrowserLaunch } from '../../harness/src/browser/launch';
import { flowEnvironment, type FlowEnvironment } from '../../harness/src/flows/browser/environment';
import { mergeSupplement } from '../../harness/src/flows/browser/har-output';
import { runFlow, type BrowserFlow, type SupplementEntry } from '../../harness/src/flows/browser/session';
import { assertFindings } from './assert';
import { target } from './target';

import { SPECS_DIR } from './paths';

let environment: FlowEnvironment | undefined;
/** The flows' shared expectations (specs/<role>.json), read once per worker. */
export function flowEnv(): FlowEnvironment {
  environment ??= flowEnvironment(target().map, SPECS_DIR);
  return environment;
}

/**
 * `targetBrowser`: one Chromium per worker, launched from the target map (host-resolver rules,
 * TARGET_CA trusted through an NSS database of the harness's own; a missing browser is one message
 * saying how to get one). `targetContext`: a fresh context per test, recording the test's HAR,
 * certificate errors ignored only when TARGET_INSECURE=1.
 */
export const test = base.extend<{ targetContext: BrowserContext }, { targetBrowser: Browser }>({
  targetBrowser: [
    async ({}, use) => {
      const launch = targetBrowserLaunch(target().map);
      const browser = await chromium.launch(launch.options);
      await use(browser);
      await browser.close();
    },
    { scope: 'worker' },
  ],
  targetContext: async ({ targetBrowser }, use, testInfo) => {
    const credentials = basicCredentials(target().map);
    const context = await targetBrowser.newContext({
      ignoreHTTPSErrors: target().map.insecure,
      recordHar: { path: harPath(testInfo), content: 'embed' },
      ...(credentials ? { httpCredentials: { ...credentials, send: 'unauthorized' as const } } : {}),
    });
    await addExtraHeaders(context, target().map);
    await use(context);
    await closeContext(context);
  },
});

const harPath = (testInfo: TestInfo) => testInfo.outputPath('flow.har');

/** Closing writes the HAR; a target that keeps requests hanging must not hold the test past its budget. */
function closeContext(context: BrowserContext): Promise<unknown> {
  return Promise.race([context.close().catch(() => undefined), new Promise((r) => setTimeout(r, 10000))]);
}

/** Closes the context (writing its HAR), adds what the recorder left out, attaches it as `har`. */
async function attachHar(context: BrowserContext, testInfo: TestInfo, supplement: SupplementEntry[]): Promise<void> {
  await closeContext(context);
  const file = harPath(testInfo);
  if (!fs.existsSync(file)) return;
  const hidden = extraHeaderNames(target().map);
  if (supplement.length || hidden.size) {
    const har: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    const merged = supplement.length > 0 && mergeSupplement(har, supplement);
    if (hideExtraHeaders(har, hidden) || merged) fs.writeFileSync(file, JSON.stringify(har));
  }
  await testInfo.attach('har', { path: file, contentType: 'application/json' });
}

/**
 * One Playwright test per browser flow, titled by its id under its role (as the raw replay titles
 * exchanges): attaches `findings` (FlowRecord JSON), a screenshot of the final page and the HAR,
 * and fails with one assertion listing every failing finding.
 */
export function browserFlowTest(flow: BrowserFlow): void {
  test.describe(flow.role, () => {
    test(flow.id, { annotation: [{ type: 'flow', description: flow.title }] }, async ({ targetContext }, testInfo) => {
      const { record, page, harSupplement } = await runFlow(flow, targetContext, flowEnv());
      await testInfo.attach('findings', { body: JSON.stringify(record, null, 2), contentType: 'application/json' });
      test.skip(record.skipped !== undefined, record.skipped);
      const shot = await page.screenshot({ fullPage: true, timeout: 5000 }).catch(() => undefined);
      if (shot) await testInfo.attach('screenshot', { body: shot, contentType: 'image/png' });
      await attachHar(targetContext, testInfo, harSupplement);
      assertFindings(flow.id, record.findings);
    });
  });
}
