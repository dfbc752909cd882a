#!/usr/bin/env node
// Idempotent set-up shared by the README's two commands: dependencies, then the system tools the
// suite drives (Chromium, NSS tools, curl, openssl), and optional ones: Chromium's headless shell
// (the lighter browser for the flows) and the reference's HTTP/3 edge (Caddy).
// Runs before node_modules exists, so: no deps.
// Everything it prints (and what npm ci and apt-get print) goes to stderr: stdout belongs to the
// Playwright reporters of the run that follows (`npm run conformance -- --reporter=json`).
'use strict';
const { execFileSync, spawnSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { findChromium, isHeadlessShell, BROWSER_ENV } = require('../harness/src/browser/chromium-path');

const root = path.resolve(__dirname, '..');
const stampFile = path.join(root, 'node_modules', '.setup-lock-sha256');
const wantBrowser = !process.argv.includes('--no-browser');

function fail(message) {
  console.error(`\nset-up: ${message}`);
  process.exit(1);
}

function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) fail(`Node ${process.versions.node} is too old: install Node 20.19 or newer.`);
}

function ensureDependencies() {
  const lock = fs.readFileSync(path.join(root, 'package-lock.json'));
  const digest = createHash('sha256').update(lock).digest('hex');
  const current = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8').trim() : '';
  if (current === digest) return;
  console.error('set-up: installing dependencies (npm ci)...');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: ['inherit', 2, 'inherit'] });
  if (r.status !== 0) fail('npm ci failed (see above).');
  fs.writeFileSync(stampFile, `${digest}\n`);
}

function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function runs(executable) {
  return spawnSync(executable, ['--version'], { stdio: 'ignore', timeout: 20000 }).status === 0;
}

/** The apt-get command line that installs `packages`. */
function aptInstall(packages) {
  return `apt-get update && apt-get install -y --no-install-recommends ${packages.join(' ')}`;
}

/** The optional packages, each with what the suite does without it: their absence is said, not a stop. */
const WITHOUT = {
  caddy: 'the reference runs without HTTP/3 (Caddy is its HTTP/3 edge) and the suite skips its HTTP/3 legs, saying why',
  'chromium-headless-shell': 'the browser flows run in the full Chromium, which loads the same pages for about three times the CPU',
};
const without = (packages) => packages.map((p) => `${p} is not installed: ${WITHOUT[p]}`).join('.\n');

/**
 * Debian packages for what is missing, installed when this user may; otherwise the exact command.
 * Caddy (the reference's HTTP/3 edge) and Chromium's headless shell (the lighter browser for the
 * flows, all headless) are optional: without them the set-up says what to run and goes on.
 */
function ensureSystemTools() {
  const missing = [];
  const optional = [];
  const browser = wantBrowser ? findChromium() : { path: 'not needed' };
  if (wantBrowser) {
    if (browser.path === undefined && process.env[BROWSER_ENV]) fail(`${browser.problem}. Fix ${BROWSER_ENV} or unset it.`);
    if (browser.path === undefined || !runs(browser.path)) missing.push('chromium');
    if (!has('certutil')) missing.push('libnss3-tools');
    // A browser the user named, or Playwright's own download, is theirs to choose; a system one gets the shell beside it.
    if (!process.env[BROWSER_ENV] && (browser.path === undefined || (browser.source === 'system' && !isHeadlessShell(browser.path))))
      optional.push('chromium-headless-shell');
  }
  if (!has('curl')) missing.push('curl');
  if (!has('openssl')) missing.push('openssl');
  if (!(process.env.REFERENCE_CADDY && fs.existsSync(process.env.REFERENCE_CADDY)) && !has('caddy')) optional.push('caddy');
  if (missing.length === 0 && optional.length === 0) return;

  const all = [...missing, ...optional];
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = !isRoot && has('sudo') && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
  if (!has('apt-get') || (!isRoot && !sudo)) {
    if (missing.length > 0) {
      fail(
        `missing: ${all.join(', ')}.\nInstall them, e.g. on Debian/Ubuntu:\n  sudo sh -c '${aptInstall(all)}'\n` +
          (optional.length > 0 ? `(${optional.join(' and ')} optional: ${optional.map((p) => `without ${p} ${WITHOUT[p]}`).join('; ')})\n` : '') +
          `or point ${BROWSER_ENV} at a Chromium/Chrome executable.`,
      );
    }
    console.error(`set-up: ${without(optional)}.\nTo install, e.g. on Debian/Ubuntu:\n  sudo sh -c '${aptInstall(optional)}'`);
    return;
  }
  const install = (packages) => {
    const cmd = sudo ? ['sudo', '-n', 'sh', '-c', aptInstall(packages)] : ['sh', '-c', aptInstall(packages)];
    execFileSync(cmd[0], cmd.slice(1), { stdio: ['inherit', 2, 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  };
  console.error(`set-up: installing ${all.join(', ')} with apt-get...`);
  try {
    install(all);
  } catch {
    if (optional.length === 0) fail(`installing ${missing.join(', ')} failed. Run: sudo sh -c '${aptInstall(missing)}'`);
    // An optional package may be what failed: the required ones alone, then each optional one by itself.
    if (missing.length > 0) {
      console.error(`set-up: installing ${missing.join(', ')} without ${optional.join(', ')}...`);
      try {
        install(missing);
      } catch {
        fail(`installing ${missing.join(', ')} failed. Run: sudo sh -c '${aptInstall(missing)}'`);
      }
    }
    for (const p of optional) {
      try {
        install([p]);
      } catch {
        console.error(`set-up: installing ${p} failed: ${WITHOUT[p]}. To install it, run: sudo sh -c '${aptInstall([p])}'`);
      }
    }
  }
  if (wantBrowser && findChromium().path === undefined) fail('Chromium is still not found after installing it.');
}

checkNode();
ensureDependencies();
ensureSystemTools();
