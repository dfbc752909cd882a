#!/usr/bin/env node
// Idempotent set-up shared by the README's two commands: dependencies, then the system tools the
// suite drives (Chromium, NSS tools, curl, openssl) and the reference's HTTP/3 edge (Caddy, optional).
// Runs before node_modules exists, so: no deps.
// Everything it prints (and what npm ci and apt-get print) goes to stderr: stdout belongs to the
// Playwright reporters of the run that follows (`npm run conformance -- --reporter=json`).
'use strict';
const { execFileSync, spawnSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { findChromium, BROWSER_ENV } = require('../harness/src/browser/chromium-path');

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

/** Why a missing Caddy is no stop: what the reference and the suite do without it. */
const WITHOUT_CADDY = 'the reference runs without HTTP/3 (Caddy is its HTTP/3 edge) and the suite skips its HTTP/3 legs, saying why';

/**
 * Debian packages for what is missing, installed when this user may; otherwise the exact command.
 * Caddy (the reference's HTTP/3 edge) is optional: without it the set-up says what to run and goes on.
 */
function ensureSystemTools() {
  const missing = [];
  const browser = wantBrowser ? findChromium() : { path: 'not needed' };
  if (wantBrowser) {
    if (browser.path === undefined && process.env[BROWSER_ENV]) fail(`${browser.problem}. Fix ${BROWSER_ENV} or unset it.`);
    if (browser.path === undefined || !runs(browser.path)) missing.push('chromium');
    if (!has('certutil')) missing.push('libnss3-tools');
  }
  if (!has('curl')) missing.push('curl');
  if (!has('openssl')) missing.push('openssl');
  const optional = [];
  if (!(process.env.REFERENCE_CADDY && fs.existsSync(process.env.REFERENCE_CADDY)) && !has('caddy')) optional.push('caddy');
  if (missing.length === 0 && optional.length === 0) return;

  const all = [...missing, ...optional];
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = !isRoot && has('sudo') && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
  if (!has('apt-get') || (!isRoot && !sudo)) {
    if (missing.length > 0) {
      fail(
        `missing: ${all.join(', ')}.\nInstall them, e.g. on Debian/Ubuntu:\n  sudo sh -c '${aptInstall(all)}'\n` +
          (optional.length > 0 ? `(caddy is optional: without it ${WITHOUT_CADDY})\n` : '') +
          `or point ${BROWSER_ENV} at a Chromium/Chrome executable.`,
      );
    }
    console.error(
      `set-up: caddy is not installed: ${WITHOUT_CADDY}.\nTo serve HTTP/3, install it, e.g. on Debian/Ubuntu:\n  sudo sh -c '${aptInstall(optional)}'`,
    );
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
    // Caddy may be what failed: the others alone, then go on without it.
    if (missing.length > 0) {
      console.error(`set-up: installing ${missing.join(', ')} without caddy...`);
      try {
        install(missing);
      } catch {
        fail(`installing ${missing.join(', ')} failed. Run: sudo sh -c '${aptInstall(missing)}'`);
      }
    }
    if (!has('caddy')) console.error(`set-up: installing caddy failed: ${WITHOUT_CADDY}. To serve HTTP/3, run: sudo sh -c '${aptInstall(optional)}'`);
  }
  if (wantBrowser && findChromium().path === undefined) fail('Chromium is still not found after installing it.');
}

checkNode();
ensureDependencies();
ensureSystemTools();
