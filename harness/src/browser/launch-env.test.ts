import { chromium } from '@playwright/test';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadTargetMap } from '../target-map';
import { findChromium } from './chromium-path';
import { chromiumSandbox, sandboxFacts, targetBrowserLaunch } from './launch';

/*
 * Chromium gets the environment it needs to run and nothing of the run's secrets: not
 * TARGET_HEADERS or BASELINE_HEADERS, not the proxy variables (the proxy and its credentials go by
 * switch and Playwright's option), not a CI token. Its sandbox stays on wherever the platform allows it.
 */
const CANARY = 'env-canary-7c1d';
const ENV: Record<string, string> = {
  PATH: '/usr/local/bin:/usr/bin:/bin',
  HOME: '/home/runner',
  LANG: 'C.UTF-8',
  LC_ALL: 'C.UTF-8',
  TZ: 'UTC',
  TMPDIR: '/tmp',
  TARGET_URL: 'https://www.lessons.test:8443',
  TARGET_HEADERS: JSON.stringify({ '*': { Authorization: `Bearer ${CANARY}-th` } }),
  BASELINE_HEADERS: JSON.stringify({ '*': { 'X-Bypass': `${CANARY}-bh` } }),
  HTTPS_PROXY: `http://user:${CANARY}-proxy@proxy.corp:3128`,
  https_proxy: `http://user:${CANARY}-proxy@proxy.corp:3128`,
  GITHUB_TOKEN: `${CANARY}-gh`,
  CI_JOB_TOKEN: `${CANARY}-ci`,
  NPM_TOKEN: `${CANARY}-npm`,
  AWS_SECRET_ACCESS_KEY: `${CANARY}-aws`,
  SOME_APP_PASSWORD: `${CANARY}-app`,
};
const map = loadTargetMap({ TARGET_URL: 'https://www.lessons.test:8443', TARGET_RESOLVE: 'www.lessons.test:8443:127.0.0.1' });

test('the launch environment holds what Chromium needs to run, and no secret of the run', () => {
  const env = targetBrowserLaunch(map, '/tmp/unused', { ...ENV, CHROMIUM_PATH: process.execPath }).options.env ?? {};
  expect(env).toEqual({ PATH: ENV.PATH, HOME: ENV.HOME, LANG: ENV.LANG, LC_ALL: ENV.LC_ALL, TZ: ENV.TZ, TMPDIR: ENV.TMPDIR });
  expect(JSON.stringify(env)).not.toContain(CANARY);
});

test('the browser process itself sees none of them', async () => {
  const found = findChromium();
  expect(found.path).toBeDefined();
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'launch-env-'));
  const env = { ...process.env, ...ENV, PATH: process.env.PATH ?? ENV.PATH, HOME: process.env.HOME ?? os.homedir() };
  const server = await chromium.launchServer(targetBrowserLaunch(map, cache, env).options);
  try {
    const environ = fs.readFileSync(`/proc/${server.process().pid}/environ`, 'latin1');
    expect(environ).toContain('PATH=');
    expect(environ).not.toContain(CANARY);
    expect(environ).not.toMatch(/(^|\0)(TARGET_|BASELINE_|HTTPS?_PROXY=|https?_proxy=|GITHUB_TOKEN=)/);
  } finally {
    await server.close();
    fs.rmSync(cache, { recursive: true, force: true });
  }
});

describe('chromiumSandbox', () => {
  const linux = { platform: 'linux' as const, uid: 1000, unprivilegedUserns: true, setuidHelper: false };
  test.each<[string, Parameters<typeof chromiumSandbox>[0], boolean, RegExp]>([
    ['a user on Linux with user namespaces', linux, true, /^on/],
    ['a user on Linux with a setuid sandbox helper', { ...linux, unprivilegedUserns: false, setuidHelper: true }, true, /^on/],
    ['root on Linux', { ...linux, uid: 0 }, false, /^off: running as root/],
    ['a user on Linux without either', { ...linux, unprivilegedUserns: false }, false, /^off: .*user namespaces/],
    ['macOS', { platform: 'darwin', uid: 501, unprivilegedUserns: false, setuidHelper: false }, true, /^on/],
    ['Windows', { platform: 'win32', uid: -1, unprivilegedUserns: false, setuidHelper: false }, true, /^on/],
  ])('%s', (_name, facts, on, why) => {
    const decision = chromiumSandbox(facts);
    expect(decision.on).toBe(on);
    expect(decision.why).toMatch(why);
  });

  test('the launch follows the decision for this machine', () => {
    const launch = targetBrowserLaunch(map, '/tmp/unused', { ...ENV, CHROMIUM_PATH: process.execPath });
    expect(launch.options.chromiumSandbox).toBe(chromiumSandbox(sandboxFacts(process.execPath)).on);
  });
});
