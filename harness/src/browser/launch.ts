/**
 * Chromium launched from the target map, for the browser flows and the recorder alike: every
 * resolve entry as a host-resolver rule (so the target's names reach the mapped address while SNI,
 * Host and certificate checks keep the name), TARGET_CA trusted for real through an NSS database
 * in a HOME of the harness's own, certificate errors ignored only when TARGET_INSECURE=1, and the
 * proxy of HTTPS_PROXY / HTTP_PROXY / NO_PROXY (none at all otherwise: Chromium would read those
 * variables, or the desktop's settings, on its own and could take another way than the raw replay).
 */
import * as path from 'node:path';
import type { LaunchOptions } from '@playwright/test';
import { HarnessError } from '../core';
import { browserLaunchData, type TargetMap } from '../target-map';
import { BROWSER_ENV, findChromium } from './chromium-path';
import { nssHomeFor } from './nss-home';

/** The machine has no network beyond the targets: background services would only fail. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const DEFAULT_CACHE_DIR = path.resolve(__dirname, '../../../.harness-cache');

/** No Chromium to drive: the message says what was looked at and how to get one. */
export class BrowserMissingError extends HarnessError {
  constructor(message: string) {
    super('HARNESS_ERR_NO_BROWSER', message);
  }
}

/** The one message for a missing browser: what was looked at and the three ways to get one. */
export function missingBrowserMessage(problem: string): string {
  return (
    `${problem}. The browser flows need Chromium: ` +
    `set ${BROWSER_ENV}=/path/to/chromium, ` +
    `or install the system's (Debian: apt-get install -y chromium libnss3-tools; npm run setup does this), ` +
    `or Playwright's own (npx playwright install chromium).`
  );
}

export interface TargetBrowserLaunch {
  options: LaunchOptions;
  /** Playwright's ignoreHTTPSErrors for contexts: true only with TARGET_INSECURE=1. */
  ignoreHTTPSErrors: boolean;
}

export function targetBrowserLaunch(map: TargetMap, cacheDir: string = DEFAULT_CACHE_DIR, env: NodeJS.ProcessEnv = process.env): TargetBrowserLaunch {
  const launch = browserLaunchData(map);
  const found = findChromium(env);
  if (found.path === undefined) throw new BrowserMissingError(missingBrowserMessage(found.problem));
  const args = [...CHROMIUM_ARGS];
  if (launch.hostResolverRules) args.push(`--host-resolver-rules=${launch.hostResolverRules}`);
  const proxy = launch.proxy;
  // Chromium takes no proxy credentials on its command line: with credentials the proxy goes in
  // Playwright's option (one proxy for both schemes), which answers the proxy's 407 challenge.
  if (!proxy) args.push('--no-proxy-server');
  else if (!proxy.credentials) args.push(`--proxy-server=${proxy.server}`, `--proxy-bypass-list=${proxy.bypass.join(';')}`);
  const proxyOption: LaunchOptions['proxy'] = proxy?.credentials
    ? { server: proxy.singleServer, bypass: proxy.bypass.join(','), username: proxy.credentials.username, password: proxy.credentials.password }
    : undefined;
  const browserEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) browserEnv[k] = v;
  if (launch.caPems.length) browserEnv.HOME = nssHomeFor(launch.caPems, cacheDir);
  const options: LaunchOptions = { executablePath: found.path, args, env: browserEnv, chromiumSandbox: false };
  if (proxyOption) options.proxy = proxyOption;
  return { options, ignoreHTTPSErrors: launch.insecure };
}
