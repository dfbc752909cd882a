/**
 * `npm run test:quick`: the unit tests that start no server, no browser and no process: a test
 * file that does (found by what it calls, below) runs in `npm test` only. Everything else is the
 * full configuration.
 */
const fs = require('node:fs');
const path = require('node:path');
const base = require('./jest.config.js');

/** What a test file calls when it starts a server, a process or a browser. */
const STARTS =
  /\b(runChecks|runLeakCheck|startReference|startNodesReference|useReference|startEmbeddedReference|sharedReference|startProxiedReference|spawnReference|launchReference|startMisbehaving|startMutatingProxy|startConnectProxy|startHostileTarget|startTestEdge|playwrightCli|runPlaywright|launchReportBrowser|chromium\.launch|chromium\.launchServer|createServer|createSecureServer|spawn|spawnSync|execFile|execFileSync)\s*\(/;

function testFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    if (d.name === 'node_modules' || d.name.startsWith('.')) return [];
    const p = path.join(dir, d.name);
    return d.isDirectory() ? testFiles(p) : d.name.endsWith('.test.ts') ? [p] : [];
  });
}

const roots = base.roots.map((r) => r.replace('<rootDir>', __dirname));
const starting = roots.flatMap(testFiles).filter((f) => STARTS.test(fs.readFileSync(f, 'utf8')));

// It starts no server: not even the references the full run shares.
const { globalSetup: _setup, globalTeardown: _teardown, ...rest } = base;

module.exports = {
  ...rest,
  testPathIgnorePatterns: ['/node_modules/', ...starting.map((f) => `^${f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)],
};
