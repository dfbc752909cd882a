import * as fs from 'node:fs';
import { chromium, test as base, type Browser, type BrowserContext, type TestInfo } from '@playwright/test';
import { targetContextOptions } from '../../harness/src/browser/context-options';
import { hideExtraHeaders } from '../../harness/src/browser/extra-headers';
import { interceptRequests } from '../../harness/src/browser/request-gate';
import { targetBrowserLaunch } from '../../harness/src/browser/launch';
import { quicLaunch } from '../../harness/src/browser/quic';
import type { QuicEndpoint } from '../../harness/src/target-map/browser';
import { http3FlowSkipped, http3Premise } from '../../harness/src/cases/http3-flow';
import { flowEnvironment, type FlowEnvironment } from '../../harness/src/flows/browser/environment';
import { capHarBodies, mergeSupplement } from '../../harness/src/flows/browser/har-output';
import { HarRecorder } from '../../harness/src/flows/browser/har-recorder';
import type { SupplementEntry } from '../../harness/src/flows/browser/har-supplement';
import { runBrowserFlowCase } from '../../harness/src/cases/browser-flow';
import { roleAnnotation } from '../../harness/src/record';
import type { BrowserFlow } from '../../harness/src/flows/browser/session';
import type { BrowserH3Flow } from '../../harness/src/flows/browser/flows';
import { assertFindings, knownToday } from './assert';
import { attachRecord, shown, workerRedactor } from './attach';
import { target } from './target';

import { specFolders } from './paths';

let environment: FlowEnvironment | undefined;
/** The flows' shared expectations (the run's spec folders, HARNESS_SPECS), read once per worker. */
export function flowEnv(): FlowEnvironment {
  environment ??= flowEnvironment(target().map, specFolders());
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
      await interceptRequests(browser, target().map);
      await use(browser);
      await browser.close();
    },
    { scope: 'worker' },
  ],
  targetContext: async ({ targetBrowser }, use) => {
    const context = await flowContext(targetBrowser);
    await use(context);
    await closeContext(context);
  },
});

/** The HAR recorder of each flow context (the harness's own: Playwright's would read every body whole). */
const recorders = new WeakMap<BrowserContext, HarRecorder>();

/** A context of a flow test: its HAR recorded, the target's context options (Basic credentials for their one origin, certificate errors ignored only with TARGET_INSECURE=1, no downloads). */
async function flowContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext(targetContextOptions(target().map));
  recorders.set(context, new HarRecorder(context, target().map.limits.bodyCapBytes));
  return context;
}

/** The HTTP/3 endpoints every role advertises (Alt-Svc of an answer over h1), or why there is no HTTP/3 browser. */
type Http3Setup = { endpoints: QuicEndpoint[]; browser?: Browser; off?: string };

/**
 * `h3Browser`: one Chromium per worker with QUIC forced to the endpoints the roles advertise, or
 * the reason there is none (TARGET_H3=0, an embedded reference without its edge, no role advertising h3).
 */
const h3Test = base.extend<{ h3Context: BrowserContext | undefined }, { h3Setup: Http3Setup }>({
  h3Setup: [
    async ({}, use) => {
      const map = target().map;
      const { endpoints, off } = await http3Premise(map, target().agents.h1);
      const browser = off ? undefined : await chromium.launch(quicLaunch(targetBrowserLaunch(map), endpoints).options);
      if (browser) await interceptRequests(browser, map);
      await use({ endpoints, ...(browser ? { browser } : {}), ...(off ? { off } : {}) });
      await browser?.close();
    },
    { scope: 'worker' },
  ],
  h3Context: async ({ h3Setup }, use) => {
    const context = h3Setup.browser ? await flowContext(h3Setup.browser) : undefined;
    await use(context);
    if (context) await closeContext(context);
  },
});

const harPath = (testInfo: TestInfo) => testInfo.outputPath('flow.har');

/** Closing writes the HAR; a target that keeps requests hanging must not hold the test past its budget (the run's settle budget). */
function closeContext(context: BrowserContext): Promise<unknown> {
  return Promise.race([context.close().catch(() => undefined), new Promise((r) => setTimeout(r, flowEnv().timeouts.settleMs))]);
}

/** The context's HAR (bodies within the cap), with what its events left out, the extra headers hidden and every secret redacted, attached as `har`; then the context closes. */
async function attachHar(context: BrowserContext, testInfo: TestInfo, supplement: SupplementEntry[]): Promise<void> {
  // Its bodies go with the context: the HAR is read first (a request still hanging is not in it).
  const har = await Promise.race([recorders.get(context)?.har(), new Promise<undefined>((r) => setTimeout(r, flowEnv().timeouts.settleMs))]);
  await closeContext(context);
  if (!har) return;
  mergeSupplement(har, supplement);
  hideExtraHeaders(har, target().map);
  capHarBodies(har, target().map.limits.bodyCapBytes);
  const file = harPath(testInfo);
  // Its cookies, credential headers and signed addresses learned and replaced, the run's own credentials too.
  fs.writeFileSync(file, workerRedactor().learn(har).scrub(JSON.stringify(har)));
  await testInfo.attach('har', { path: file, contentType: 'application/json' });
}

/**
 * One Playwright test per browser flow, titled by its id under its role (as the raw replay titles
 * exchanges): attaches `findings` (a BrowserFlowRecord), a screenshot of the final page and the HAR,
 * and fails with one assertion listing every failing finding.
 */
export function browserFlowTest(flow: BrowserFlow): void {
  test.describe(flow.role, () => {
    test(flow.id, { annotation: [{ type: 'flow', description: flow.title }, roleAnnotation(flow.role)] }, async ({ targetContext }, testInfo) => {
      await runFlowTest(flow, targetContext, testInfo);
    });
  });
}

/** The same, for a flow over HTTP/3: made from the advertised endpoints, in a Chromium with QUIC forced to them; skipped, with the reason, where there are none. */
export function http3FlowTest(make: BrowserH3Flow): void {
  const named = make([]);
  h3Test.describe(named.role, () => {
    h3Test(named.id, { annotation: [{ type: 'flow', description: named.title }, roleAnnotation(named.role)] }, async ({ h3Setup, h3Context }, testInfo) => {
      if (!h3Context && h3Setup.off !== undefined) await attachRecord(testInfo, http3FlowSkipped(make, target().map, h3Setup.off));
      h3Test.skip(h3Context === undefined, shown(h3Setup.off));
      if (h3Context) await runFlowTest(make(h3Setup.endpoints), h3Context, testInfo);
    });
  });
}

async function runFlowTest(flow: BrowserFlow, context: BrowserContext, testInfo: TestInfo): Promise<void> {
  const { record, page, harSupplement } = await runBrowserFlowCase(flow, context, flowEnv(), knownToday());
  // The cookies Chromium stored are secrets the record may not name as such (the flow's own findings quote them).
  workerRedactor().learn({ cookies: await context.cookies().catch(() => []) });
  await attachRecord(testInfo, record);
  test.skip(record.skipped !== undefined, shown(record.skipped));
  const shot = await page.screenshot({ fullPage: true, timeout: flowEnv().timeouts.responseMs }).catch(() => undefined);
  if (shot) await testInfo.attach('screenshot', { body: shot, contentType: 'image/png' });
  await attachHar(context, testInfo, harSupplement);
  assertFindings(flow.id, record.findings);
}
