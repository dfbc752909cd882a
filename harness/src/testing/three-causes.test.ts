/**
 * One deviation, one cause: a new user's proxy in front of the reference changes three things
 * (three-changes.ts). The whole suite, with the specs derived from the reference's recordings
 * beside the hand-written ones, reports exactly three causes, each naming the side that differs.
 * That run is made in process (suite-collected.ts: the tests Playwright lists, each its own case,
 * collected as the reporter collects them); the run that applies the drafted known deviations is
 * a `playwright test` run, the reporter's own results and terminal included.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { failsRun } from '../core';
import { causeHeadline, causes } from '../report/causes';
import type { ConformanceResults } from '../report/types';
import { buildResults } from '../report/build';
import { runMeta } from '../report/fixtures';
import { renderHtml } from '../report/html';
import { specMeta, targetMeta } from '../report/meta';
import { terminalSummary } from '../report/terminal';
import { parseSpecFolders } from '../settings/spec-folders';
import { WHOLE_RUN_MS, withTestBudgets } from './budgets';
import { listedTests, suiteCollected, testName } from './suite-collected';
import { main as accept } from '../accept/cli';
import { loadKnown } from '../known';
import { playwrightCli, REPORTER, ROOT } from './playwright-cli';
import { writeDerivedSpecs } from './reference-recordings';
import { startThreeChanges, stopThreeChanges, type ThreeChanges } from './three-changes';

let target: ThreeChanges;
let work: string;
/** The first run's results.json and its spec folders, which the second test drafts from and runs again with. */
let firstRun: { results: string; specs: string } | undefined;

beforeAll(async () => {
  target = await startThreeChanges();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'three-causes-'));
}, WHOLE_RUN_MS);

afterAll(async () => {
  await stopThreeChanges(target);
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

test(
  'three changes, three causes: with the hand-written specs, and with derived specs beside them',
  async () => {
    const derived = path.join(work, 'derived');
    writeDerivedSpecs(derived);
    const env = { ...target.env(), HARNESS_SPECS: `${path.join(ROOT, 'specs')},${derived}` };
    // The whole suite in process (its first run fails some fifty tests, each a new Playwright worker): exactly the tests Playwright lists.
    const tests = await suiteCollected(withTestBudgets(env));
    expect(tests.map(testName).sort()).toEqual(await listedTests(env));
    const results = buildResults({
      tests,
      run: runMeta({ target: targetMeta(env), spec: specMeta(parseSpecFolders(env)), playwrightStatus: 'failed' }),
    });
    const out = path.join(work, 'report');
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, 'results.json'), JSON.stringify(results));
    firstRun = { results: path.join(out, 'results.json'), specs: env.HARNESS_SPECS };
    expect(results.run.status).toBe('failed');
    const failing = (r: ConformanceResults) =>
      causes(r, (v) => failsRun(v, r.run.failOn))
        .map(causeHeadline)
        .sort();
    // Each names the side that differs; where the HTTP/3 port leads to the unmodified reference, h3 is the side that answers otherwise.
    const h3 = target.direct ? / h3 at 127\.0\.0\.1:\d+ answers / : /^[^;]*$/;
    const expected = [
      expect.stringMatching(/^assets: header cache-control is "no-store" on h1 and h2/),
      expect.stringMatching(/^site: header x-frame-options is "\(absent\)" on h1, h2 and browser/),
      expect.stringMatching(/^site: status is "200" on h1 and h2/),
    ];
    const all = failing(results);
    expect(all).toEqual(expected);
    if (target.direct) for (const line of all) expect(line).toMatch(h3);
    // The hand-written specs alone: the same three.
    const handWritten = { ...results, tests: results.tests.filter((t) => !t.id.startsWith('derived:')) };
    expect(failing(handWritten)).toEqual(all);
    // The page of a run with derived specs beside the hand-written ones, failing in ninety places, stays small.
    const page = Buffer.byteLength(renderHtml(results));
    console.log(`index.html: ${page} bytes, ${results.tests.length} tests, ${results.totals.fail} failing expectations`);
    expect(page).toBeLessThanOrEqual(2 * 1024 * 1024);
    // The terminal leads with them, each line whole.
    const summary = terminalSummary(results, 'index.html');
    expect(summary).toMatch(/Failing \(\d+, from 3 causes\):/);
    expect(summary).not.toMatch(/\.\.\.$/m);
  },
  WHOLE_RUN_MS,
);

test(
  'accept --known drafts one entry per cause, three; the next run passes with them, three known deviations',
  async () => {
    expect(firstRun).toBeDefined();
    const knownFile = path.join(work, 'known-deviations.json');
    const out: string[] = [];
    const saved = process.env.HARNESS_KNOWN;
    process.env.HARNESS_KNOWN = knownFile;
    try {
      const code = accept(['--known', '--from', firstRun!.results, '--ticket', 'OPS-412', '--expires', '2999-12-31', '--reason', 'the proxy', '--write'], {
        out: (t) => out.push(t),
        err: (t) => out.push(t),
      });
      expect(`${code}\n${out.join('\n')}`).toMatch(/^0\n/);
    } finally {
      if (saved === undefined) delete process.env.HARNESS_KNOWN;
      else process.env.HARNESS_KNOWN = saved;
    }
    const entries = loadKnown(knownFile, { explicit: true }).entries;
    expect(entries).toHaveLength(3);
    expect(out.filter((l) => l.startsWith('cause ['))).toHaveLength(3);
    // The raw project is enough to meet every entry: each cause failed over h1 and h2 too.
    const report = path.join(work, 'known-report');
    const again = await playwrightCli(['test', '--project', 'raw', `--reporter=${REPORTER}`], {
      ...target.env(),
      HARNESS_SPECS: firstRun!.specs,
      HARNESS_KNOWN: knownFile,
      HARNESS_REPORT_DIR: report,
      PW_WORKERS: '2',
    });
    expect(`${again.code}\n${again.stdout.slice(-2000)}`).toMatch(/^0\n/);
    const results = JSON.parse(fs.readFileSync(path.join(report, 'results.json'), 'utf8')) as ConformanceResults;
    expect(results.known?.entries.map((e) => e.status)).toEqual(['matched', 'matched', 'matched']);
    expect(again.stdout).toMatch(/Known deviations, not failing the run \(\d+ expectations, from 3 entries of /);
  },
  WHOLE_RUN_MS,
);
