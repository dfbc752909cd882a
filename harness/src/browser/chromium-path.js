// Plain CommonJS so the set-up script can use it before anything is installed or compiled.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

/** Environment variable that names the browser executable; it wins over everything else. */
const BROWSER_ENV = 'CHROMIUM_PATH';
/**
 * System browsers, in the order they are preferred. Chromium's headless shell comes first: every
 * flow runs headless, and the shell (Chromium's own headless build, the one Playwright drives
 * headless when it downloads its browsers) loads the same pages for about a third of the full
 * browser's CPU, without the full browser's own requests (its favicon fetches).
 */
const SYSTEM_CANDIDATES = [
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/snap/bin/chromium',
  '/usr/bin/google-chrome',
];

/** Whether an executable is a Chromium headless shell (Debian's chromium-headless-shell, Playwright's headless_shell or chrome-headless-shell). */
function isHeadlessShell(file) {
  return /(^|[-_])headless[-_]shell$/.test(path.basename(file));
}

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * Where the Chromium to drive is: the environment variable, then a system Chromium (the first of
 * `candidates` there is), then Playwright's own download. Returns { path, source } or { path: undefined, problem }.
 */
function findChromium(env = process.env, candidates = SYSTEM_CANDIDATES) {
  const named = env[BROWSER_ENV];
  if (named) {
    return isExecutable(named) ? { path: named, source: BROWSER_ENV } : { path: undefined, problem: `${BROWSER_ENV}="${named}" is not an executable file` };
  }
  const system = candidates.find(isExecutable);
  if (system) return { path: system, source: 'system' };
  try {
    const own = require(require.resolve('playwright-core', { paths: [path.resolve(__dirname, '../../..')] })).chromium.executablePath();
    if (own && isExecutable(own)) return { path: own, source: 'playwright' };
  } catch {
    // playwright-core not installed yet, or no download of its own.
  }
  return { path: undefined, problem: 'no Chromium found' };
}

module.exports = { findChromium, isHeadlessShell, BROWSER_ENV, SYSTEM_CANDIDATES };
