// Which test files start a server, a process or a browser, found by what they call. The quick
// configuration leaves them out; the sequencer runs them first when Jest has no timings yet.
'use strict';
const fs = require('node:fs');

/** What a test file calls when it starts a server, a process or a browser. */
const STARTS =
  /\b(runChecks|runLeakCheck|startReference|useReference|startEmbeddedReference|startProxiedReference|spawnReference|launchReference|startMisbehaving|startMutatingProxy|startConnectProxy|startHostileTarget|startTestEdge|playwrightCli|runPlaywright|launchReportBrowser|chromium\.launch|chromium\.launchServer|createServer|createSecureServer|spawn|spawnSync|execFile|execFileSync)\s*\(/;

/** @param {string} file */
function startsSomething(file) {
  return STARTS.test(fs.readFileSync(file, 'utf8'));
}

module.exports = { STARTS, startsSomething };
