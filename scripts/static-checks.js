#!/usr/bin/env node
// `npm test`'s static checks: the type check, ESLint and Prettier at once. Each is one process and
// mostly one core, so on a 2-core machine the three together take about as long as the longest two
// in a row. Each one's output is kept and printed whole when it ends, in a fixed order, so the log
// reads as if they had run one after another; the exit status is 1 when any failed, naming which.
// `npm run typecheck` and `npm run lint` run the same commands one at a time.
'use strict';
const { spawn } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const bin = (pkg, file) => path.join(path.dirname(require.resolve(`${pkg}/package.json`, { paths: [root] })), file);

/** The checks, in the order their output is printed. */
const CHECKS = [
  { name: 'typecheck', command: 'tsc --noEmit -p .', args: [bin('typescript', 'bin/tsc'), '--noEmit', '-p', '.'] },
  { name: 'lint (ESLint)', command: 'eslint .', args: [bin('eslint', 'bin/eslint.js'), '.'] },
  { name: 'lint (Prettier)', command: 'prettier --check .', args: [bin('prettier', 'bin/prettier.cjs'), '--check', '.'] },
];

function run(check) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, check.args, { cwd: root, env: { ...process.env, FORCE_COLOR: '0' } });
    const out = [];
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => out.push(c));
    child.once('error', (e) => resolve({ check, code: null, output: `could not start: ${e.message}\n`, ms: Date.now() - started }));
    child.once('close', (code, signal) =>
      resolve({ check, code: signal ? `signal ${signal}` : code, output: Buffer.concat(out).toString(), ms: Date.now() - started }),
    );
  });
}

/**
 * Runs `checks` at once; prints each one's output in order as it ends; resolves to the names of those that failed.
 * @param {Array<{ name: string, command: string, args: string[] }>} checks
 * @param {(text: string) => unknown} [write]
 */
async function runChecks(checks, write = (s) => process.stdout.write(s)) {
  const pending = checks.map(run);
  const failed = [];
  for (const p of pending) {
    const r = await p;
    write(`\n> ${r.check.name}: ${r.check.command} (${(r.ms / 1000).toFixed(1)} s)\n${r.output}`);
    if (r.code !== 0) failed.push(`${r.check.name} (exit ${r.code})`);
  }
  if (failed.length) write(`\nstatic checks failed: ${failed.join(', ')}\n`);
  return failed;
}

module.exports = { CHECKS, runChecks };

if (require.main === module)
  runChecks(CHECKS).then(
    (failed) => process.exit(failed.length ? 1 : 0),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
