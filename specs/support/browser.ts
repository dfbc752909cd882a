import * as path from 'node:path';
import { chromium, test as base, type BrowserContext } from '@playwright/test';
import { findChromium } from '../../harness/src/browser/chromium-path';
import { nssHomeFor } from '../../harness/src/browser/nss-home';
import { browserLaunchData } from '../../harness/src/target';
import { target } from './target';

const CACHE_DIR = path.resolve(__dirname, '../../.harness-cache');

/**
 * A Chromium context that reaches the target the way the raw client does: every resolve entry as a
 * host-resolver rule, the target's roots trusted through an NSS database of the harness's own,
 * certificate errors ignored only when the user set TARGET_INSECURE=1.
 */
export const test = base.extend<{ targetContext: BrowserContext }>({
  targetContext: async ({}, use) => {
    const launch = browserLaunchData(target().map);
    const found = findChromium();
    if (found.path === undefined) throw new Error(`${found.problem}: set CHROMIUM_PATH or run npm run setup`);
    const args = ['--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
    if (launch.hostResolverRules) args.push(`--host-resolver-rules=${launch.hostResolverRules}`);
    const env = launch.caPems.length ? { ...process.env, HOME: nssHomeFor(launch.caPems, CACHE_DIR) } : process.env;
    const browser = await chromium.launch({ executablePath: found.path, args, env: env as Record<string, string>, chromiumSandbox: false });
    const context = await browser.newContext({ ignoreHTTPSErrors: launch.insecure });
    await use(context);
    await browser.close();
  },
});
