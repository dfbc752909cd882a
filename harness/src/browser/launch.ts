/**
 * Chromium launched from the target map, for the browser flows and the recorder alike: every
 * resolve entry as a host-resolver rule (so the target's names reach the mapped address while SNI,
 * Host and certificate checks keep the name), then the address gate's refusals (`confinement.ts`),
 * TARGET_CA trusted for real through an NSS database
 * in a HOME of the harness's own, certificate errors ignored only when TARGET_INSECURE=1, and the
 * proxy of HTTPS_PROXY / HTTP_PROXY / NO_PROXY (none at all otherwise: Chromium would read those
 * variables, or the desktop's settings, on its own and could take another way than the raw replay).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { LaunchOptions } from '@playwright/test';
import { HARNESS_CACHE_DIR, HarnessError } from '../core';
import { browserLaunchData } from '../target-map/browser';
import type { TargetMap } from '../target-map/target-map';
import { BROWSER_ENV, findChromium } from './chromium-path';
import { confinementRules, WEBRTC_NO_UDP } from './confinement';
import { nssHomeFor } from './nss-home';

/** The machine has no network beyond the targets: background services would only fail. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // A page's WebRTC would send UDP to any address an ICE server names, beneath the address gate (`confinement.ts`).
  WEBRTC_NO_UDP,
];

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

/**
 * What Chromium inherits of the environment: what it needs to run (the Debian wrapper script needs
 * PATH; locale, time zone, temporary and runtime folders, a display where there is one), and on
 * Windows and macOS the variables their system libraries read. Nothing else: the run's variables
 * hold credentials (TARGET_HEADERS, BASELINE_HEADERS, a proxy password, a CI token), and a browser
 * driven through hostile pages is no place for them. The proxy reaches Chromium by switch.
 */
const BROWSER_ENV_NAMES =
  /^(PATH|HOME|USER|LOGNAME|LANG|LANGUAGE|LC_[A-Z]+|TZ|TMPDIR|TMP|TEMP|XDG_(RUNTIME|CONFIG|CACHE|DATA)_(DIR|HOME)|DISPLAY|WAYLAND_DISPLAY|XAUTHORITY|FONTCONFIG_(PATH|FILE)|LD_LIBRARY_PATH|CHROME_DEVEL_SANDBOX|SYSTEMROOT|WINDIR|COMSPEC|PATHEXT|USERPROFILE|LOCALAPPDATA|APPDATA|PROGRAMDATA|PROGRAMFILES|PROGRAMFILES\(X86\))$/i;

export function browserEnvironment(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && BROWSER_ENV_NAMES.test(k)) out[k] = v;
  return out;
}

/** What decides whether Chromium's sandbox can run here. */
export interface SandboxFacts {
  platform: NodeJS.Platform;
  /** -1 where there are no user ids (Windows). */
  uid: number;
  /** Linux: an unprivileged process may create user namespaces (the sandbox's way in). */
  unprivilegedUserns: boolean;
  /** Linux: Chromium's setuid helper (`chrome-sandbox`, root-owned, setuid) beside the executable. */
  setuidHelper: boolean;
}

function readFlag(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** The facts of this machine, for `executable` (the setuid helper sits beside it). */
export function sandboxFacts(executable?: string): SandboxFacts {
  const maxNamespaces = readFlag('/proc/sys/user/max_user_namespaces');
  const unprivilegedUserns =
    readFlag('/proc/sys/kernel/unprivileged_userns_clone') !== '0' &&
    readFlag('/proc/sys/kernel/apparmor_restrict_unprivileged_userns') !== '1' &&
    maxNamespaces !== '0' &&
    maxNamespaces !== undefined;
  let setuidHelper = false;
  const real = (p: string) => {
    try {
      return fs.realpathSync(p);
    } catch {
      return p;
    }
  };
  for (const dir of executable ? [path.dirname(executable), path.dirname(real(executable)), '/usr/lib/chromium'] : []) {
    try {
      const st = fs.statSync(path.join(dir, 'chrome-sandbox'));
      if (st.uid === 0 && (st.mode & 0o4000) !== 0) setuidHelper = true;
    } catch {
      /* no helper there */
    }
  }
  return { platform: process.platform, uid: process.getuid?.() ?? -1, unprivilegedUserns, setuidHelper };
}

/**
 * Whether Chromium runs with its sandbox, and why. Everywhere it can: macOS and Windows always; on
 * Linux it needs user namespaces or the setuid helper, and Chromium refuses it to root (as in many
 * CI containers), which is then the one case it runs without, said in the run header.
 */
export function chromiumSandbox(facts: SandboxFacts = sandboxFacts()): { on: boolean; why: string } {
  if (facts.platform !== 'linux') return { on: true, why: 'on' };
  if (facts.uid === 0) return { on: false, why: 'off: running as root, where Chromium refuses its sandbox (run the harness as another user to have it)' };
  if (facts.unprivilegedUserns) return { on: true, why: 'on (user namespaces)' };
  if (facts.setuidHelper) return { on: true, why: 'on (setuid helper)' };
  return { on: false, why: 'off: this kernel allows no unprivileged user namespaces and no setuid chrome-sandbox helper is installed' };
}

export interface TargetBrowserLaunch {
  options: LaunchOptions;
  /** Playwright's ignoreHTTPSErrors for contexts: true only with TARGET_INSECURE=1. */
  ignoreHTTPSErrors: boolean;
}

export function targetBrowserLaunch(map: TargetMap, cacheDir: string = HARNESS_CACHE_DIR, env: NodeJS.ProcessEnv = process.env): TargetBrowserLaunch {
  const launch = browserLaunchData(map);
  const found = findChromium(env);
  if (found.path === undefined) throw new BrowserMissingError(missingBrowserMessage(found.problem));
  const args = [...CHROMIUM_ARGS];
  // The map's rules, then the gate's refusals for what Chromium connects to beneath the request gate (`confinement.ts`).
  args.push(`--host-resolver-rules=${[launch.hostResolverRules, ...confinementRules(map)].filter(Boolean).join(', ')}`);
  const proxy = launch.proxy;
  // Chromium takes no proxy credentials on its command line: with credentials the proxy goes in
  // Playwright's option (one proxy for both schemes), which answers the proxy's 407 challenge.
  if (!proxy) args.push('--no-proxy-server');
  else if (!proxy.credentials) args.push(`--proxy-server=${proxy.server}`, `--proxy-bypass-list=${proxy.bypass.join(';')}`);
  const proxyOption: LaunchOptions['proxy'] = proxy?.credentials
    ? { server: proxy.singleServer, bypass: proxy.bypass.join(','), username: proxy.credentials.username, password: proxy.credentials.password }
    : undefined;
  const browserEnv = browserEnvironment(env);
  if (launch.caPems.length) browserEnv.HOME = nssHomeFor(launch.caPems, cacheDir);
  const options: LaunchOptions = { executablePath: found.path, args, env: browserEnv, chromiumSandbox: chromiumSandbox(sandboxFacts(found.path)).on };
  if (proxyOption) options.proxy = proxyOption;
  return { options, ignoreHTTPSErrors: launch.insecure };
}
