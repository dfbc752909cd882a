// Plain CommonJS so the set-up script can use it before anything is installed or compiled.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

/** Environment variable that names the browser executable; it wins over everything else. */
const BROWSER_ENV = 'CHROMIUM_PATH';
const SYSTEM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/snap/bin/chromium', '/usr/bin/google-chrome'];

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * Where the Chromium to drive is: the environment variable, then a system Chromium, then
 * Playwright's own download. Returns { path, source } or { path: undefined, problem }.
 */
function findChromium(env = process.env) {
  const named = env[BROWSER_ENV];
  if (named) {
    return isExecutable(named) ? { path: named, source: BROWSER_ENV } : { path: undefined, problem: `${BROWSER_ENV}="${named}" is not an executable file` };
  }
  const system = SYSTEM_CANDIDATES.find(isExecutable);
  if (system) return { path: system, source: 'system' };
  try {
    const own = require(require.resolve('playwright-core', { paths: [path.resolve(__dirname, '../../..')] })).chromium.executablePath();
    if (own && isExecutable(own)) return { path: own, source: 'playwright' };
  } catch {
    // playwright-core not installed yet, or no download of its own.
  }
  return { path: undefined, problem: 'no Chromium found' };
}

module.exports = { findChromium, BROWSER_ENV };
