/**
 * `npm run record [-- --out har/reference] [--flow <id>]`: drives every browser flow against the
 * current target (TARGET_* variables; none set: the reference, started as a process) with
 * Playwright's recordHar, and writes one HAR per flow (`<out>/<flow>.har`), validated with
 * har-validator and ready for `npm run har2spec`. Prints one line per flow with its findings.
 * Exit 1 when a HAR is invalid or a flow could not run; failing findings are reported, not fatal
 * (a recording of a deviating target is still a recording).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium } from '@playwright/test';
import { targetContextOptions } from '../../browser/context-options';
import { interceptRequests } from '../../browser/request-gate';
import { targetBrowserLaunch } from '../../browser/launch';
import { startEmbeddedReference, targetEnvOf, type EmbeddedReference } from '../../embedded/start-reference';
import { formatProblem } from '../../har/errors';
import { loadTargetMap, referenceRequested } from '../../target-map';
import { flowEnvironment } from './environment';
import { failingFindings, failureLines } from '../../core';
import { RecordUsageError, UnknownFlowError } from './errors';
import { BROWSER_FLOWS } from './flows';
import { mergeSupplement, prepareRecordedHar } from './har-output';
import { runFlow } from './run-flow';
import { runRedactor, type RunRedactor } from '../../har/redact';

const ROOT = path.resolve(__dirname, '../../../..');

export interface RecordArgs {
  out: string;
  flows: string[];
}

export function parseRecordArgs(argv: string[]): RecordArgs {
  const args: RecordArgs = { out: path.join('har', 'reference'), flows: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const eq = a.indexOf('=');
      if (eq >= 0) return a.slice(eq + 1);
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new RecordUsageError(`${a} needs a value`);
      return v;
    };
    if (a === '--') continue;
    if (a === '--out' || a.startsWith('--out=')) args.out = value();
    else if (a === '--flow' || a.startsWith('--flow=')) args.flows.push(value());
    else throw new RecordUsageError(`unknown argument ${a} (usage: npm run record -- [--out <dir>] [--flow <id>]...)`);
  }
  return args;
}

/** The text of a recorded HAR as it is written, its addresses rewritten in place first. */
function redactedText(har: { log: { entries: unknown[] } }, redactor: RunRedactor): string {
  // Cookies, credential headers and signed addresses of the target written as their shape and
  // length (har2spec reads the shape back), the run's own credentials too.
  redactor.learn(har);
  // Addresses first, their secrets percent-encoded, so that each stays a URI.
  for (const e of har.log.entries as Array<{ request: { url: string }; response: { redirectURL?: string } }>) {
    e.request.url = redactor.scrubAddress(e.request.url);
    if (e.response.redirectURL) e.response.redirectURL = redactor.scrubAddress(e.response.redirectURL);
  }
  return redactor.scrub(JSON.stringify(har, null, 1));
}

export async function record(args: RecordArgs, log: (line: string) => void = console.log): Promise<number> {
  const flows = args.flows.length ? BROWSER_FLOWS.filter((f) => args.flows.includes(f.id)) : [...BROWSER_FLOWS];
  const unknown = args.flows.filter((id) => !BROWSER_FLOWS.some((f) => f.id === id));
  if (unknown.length)
    throw new UnknownFlowError(
      unknown,
      BROWSER_FLOWS.map((f) => f.id),
    );
  let reference: EmbeddedReference | undefined;
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (referenceRequested(env)) {
    reference = await startEmbeddedReference();
    Object.assign(env, targetEnvOf(reference.ready));
  }
  let status = 0;
  try {
    const map = loadTargetMap(env);
    const flowEnv = flowEnvironment(map, path.join(ROOT, 'specs'), env);
    const { failOn } = flowEnv;
    const launch = targetBrowserLaunch(map);
    const redactor = runRedactor(env, { raw: false });
    const browser = await chromium.launch(launch.options);
    await interceptRequests(browser, map);
    const out = path.resolve(args.out);
    fs.mkdirSync(out, { recursive: true });
    try {
      for (const flow of flows) {
        const file = path.join(out, `${flow.har}.har`);
        const raw = `${file}.tmp`;
        const context = await browser.newContext({ ...targetContextOptions(map), recordHar: { path: raw, content: 'embed' } });
        const { record: rec, harSupplement } = await runFlow(flow, context, flowEnv);
        await context.close();
        if (rec.skipped) {
          fs.rmSync(raw, { force: true });
          log(`${flow.id}: skipped (${rec.skipped})`);
          continue;
        }
        const recorded: unknown = JSON.parse(fs.readFileSync(raw, 'utf8'));
        mergeSupplement(recorded, harSupplement);
        const { har, problems } = prepareRecordedHar(recorded, path.relative(process.cwd(), file));
        fs.rmSync(raw, { force: true });
        if (problems.length) {
          status = 1;
          log(`${flow.id}: INVALID HAR, not written:\n${problems.map((p) => `  ${formatProblem(p)}`).join('\n')}`);
          continue;
        }
        const text = redactedText(har, redactor);
        // What is written is what must be valid: a redaction must never leave an address that is no URI.
        const written = prepareRecordedHar(JSON.parse(text), path.relative(process.cwd(), file));
        if (written.problems.length) {
          status = 1;
          log(`${flow.id}: INVALID HAR after redaction, not written:\n${written.problems.map((p) => `  ${formatProblem(p)}`).join('\n')}`);
          continue;
        }
        fs.writeFileSync(file, `${text}\n`);
        const bad = failingFindings(rec.findings, failOn);
        if (bad.some((f) => f.verdict === 'error')) status = 1;
        log(
          `${flow.id}: ${path.relative(process.cwd(), file)} (${har.log.entries.length} entries, ${fs.statSync(file).size} bytes, valid); ${rec.findings.length} findings, ${bad.length} failing`,
        );
        for (const line of failureLines(bad, failOn)) log(`  ${redactor.scrub(line)}`);
      }
    } finally {
      await browser.close();
    }
  } finally {
    await reference?.stop();
  }
  return status;
}

if (require.main === module) {
  let args: RecordArgs;
  try {
    args = parseRecordArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`record: ${(e as Error).message}`);
    process.exit(2);
  }
  record(args).then(
    (code) => {
      process.exitCode = code;
    },
    (err: Error) => {
      console.error(`record: ${err.message}`);
      process.exitCode = 1;
    },
  );
}
