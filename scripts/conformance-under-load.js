#!/usr/bin/env node
/*
 * The whole conformance run, again and again, beside processes that keep every core busy: a flow
 * that depends on timing (a wait tied to a fixed delay, a race with the page's own script) fails
 * here where an idle machine hides it. Prints each run's outcome and the failing tests, then the
 * tally; exits 1 when any run did not pass.
 *
 *   node scripts/conformance-under-load.js [--runs 20] [--hogs <cores>] [-- <playwright args>]
 *
 * Each run is `npx playwright test` against the embedded reference (the README's main job without
 * its set-up), its report in reports/under-load/<n>/.
 */
'use strict';
const { spawn, spawnSync } = require('node:child_process');
const os = require('node:os');
const path = require('node:path');
const fs = require('node:fs');

const ROOT = path.resolve(__dirname, '..');

function parse(argv) {
  const out = { runs: 20, hogs: os.cpus().length, extra: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') {
      out.extra = argv.slice(i + 1);
      break;
    }
    const value = () => {
      const v = Number(argv[++i]);
      if (!Number.isInteger(v) || v < 0) {
        console.error(`conformance-under-load: ${a} needs a whole number, got ${JSON.stringify(argv[i])}`);
        process.exit(2);
      }
      return v;
    };
    if (a === '--runs') out.runs = value();
    else if (a === '--hogs') out.hogs = value();
    else {
      console.error(`conformance-under-load: unknown option ${a} (known: --runs N, --hogs N, -- <playwright args>)`);
      process.exit(2);
    }
  }
  return out;
}

/** A process that keeps one core busy until it is killed. */
function hog() {
  return spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' });
}

function failingTests(dir) {
  try {
    const results = JSON.parse(fs.readFileSync(path.join(dir, 'results.json'), 'utf8'));
    return results.tests.filter((t) => t.status === 'failed' || t.status === 'timedOut').map((t) => t.id);
  } catch {
    return ['(no results.json)'];
  }
}

function main() {
  const { runs, hogs, extra } = parse(process.argv.slice(2));
  const busy = Array.from({ length: hogs }, hog);
  const stop = () => busy.forEach((h) => h.kill('SIGKILL'));
  process.on('exit', stop);
  process.on('SIGINT', () => process.exit(130));
  const outcomes = [];
  const cli = path.join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js');
  for (let n = 1; n <= runs; n++) {
    const dir = path.join(ROOT, 'reports', 'under-load', String(n));
    const started = Date.now();
    const run = spawnSync(process.execPath, [cli, 'test', ...extra], {
      cwd: ROOT,
      env: { ...process.env, HARNESS_REPORT_DIR: dir, HARNESS_PREVIOUS: 'none', FORCE_COLOR: '0' },
      stdio: ['ignore', 'ignore', 'ignore'],
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const failed = run.status === 0 ? [] : failingTests(dir);
    const load = os.loadavg()[0].toFixed(1);
    outcomes.push({ n, status: run.status, seconds, failed });
    console.log(`run ${n}/${runs}: exit ${run.status} in ${seconds} s (load ${load})${failed.length ? `; failing: ${failed.join(', ')}` : ''}`);
  }
  stop();
  const passed = outcomes.filter((o) => o.status === 0).length;
  const times = outcomes.map((o) => Number(o.seconds)).sort((a, b) => a - b);
  console.log(
    `${passed} of ${runs} runs passed beside ${hogs} busy processes on ${os.cpus().length} cores; run time ${times[0]}-${times[times.length - 1]} s (median ${times[Math.floor(times.length / 2)]} s)`,
  );
  process.exitCode = passed === runs ? 0 : 1;
}

main();
