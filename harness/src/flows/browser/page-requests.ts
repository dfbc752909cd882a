/**
 * What a browser requests while it loads a page: the raw replay's `network` kind of reference
 * (an address a script builds, such as a tracking beacon). The run's set-up loads each page a
 * `network` rule reads once, in Chromium launched from the target map (its resolver rules, CA and
 * extra headers, as the browser flows), and hands the addresses to the workers with the other
 * source pages. No Chromium, a page that does not load: the reason, never a silent empty list.
 */
import { chromium } from '@playwright/test';
import { targetContextOptions } from '../../browser/context-options';
import { interceptRequests } from '../../browser/request-gate';
import { closeToInput } from '../../browser/input-gate';
import { targetBrowserLaunch } from '../../browser/launch';
import type { Candidate } from '../../discover/candidates';
import type { TargetMap } from '../../target-map';
import { NetworkLog } from './network-log';
import type { FlowTimeouts } from './types';

export type PageRequests = { url: string; requested: Candidate[] } | { url: string; problem: string };

/** Every page once, in one Chromium: the addresses each requested (the page itself left out), in order. */
export async function pageRequests(
  map: TargetMap,
  urls: readonly string[],
  timeouts: Pick<FlowTimeouts, 'navigationMs' | 'settleMs'>,
): Promise<PageRequests[]> {
  if (urls.length === 0) return [];
  let browser;
  try {
    browser = await chromium.launch(targetBrowserLaunch(map).options);
    await interceptRequests(browser, map);
  } catch (e) {
    return urls.map((url) => ({ url, problem: `no browser to load it: ${(e as Error).message.split('\n')[0]}` }));
  }
  try {
    const out: PageRequests[] = [];
    for (const url of urls) {
      const context = await browser.newContext(targetContextOptions(map));
      try {
        const page = await context.newPage();
        // What the page requests on its own: no pointer of Chromium's may trigger a script (input-gate.ts).
        await closeToInput(context, page);
        const log = new NetworkLog(page, { bodyCapBytes: map.limits.bodyCapBytes });
        const response = await page.goto(url, { waitUntil: 'load', timeout: timeouts.navigationMs });
        if (!response) {
          out.push({ url, problem: 'the browser got no answer' });
          continue;
        }
        await log.waitForQuiet(timeouts.settleMs);
        const requested = log
          .requested()
          .filter((u) => u !== url && /^https?:/.test(u))
          .map((u) => ({ via: 'network' as const, url: new URL(u) }));
        out.push({ url, requested });
      } catch (e) {
        out.push({ url, problem: `the browser could not load it: ${(e as Error).message.split('\n')[0]}` });
      } finally {
        await context.close().catch(() => undefined);
      }
    }
    return out;
  } finally {
    await browser.close().catch(() => undefined);
  }
}
