import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { targetEnvOf } from '../embedded/start-reference';
import { sharedReference, type SharedReference } from './reference-per-kind';
import { playwrightCli, type CliRun } from './playwright-cli';
import type { ConformanceResults } from '../report/types';
import { WHOLE_RUN_MS } from './budgets';

/*
 * A differential run as a user starts it: `BASELINE=reference npx playwright test` against the
 * reference's second deployment as the target. The set-up starts the baseline's own reference and
 * prints both maps; the report carries the differences with both values (results.json, HTML,
 * JUnit) and the bodies it found different; HARNESS_FAIL_ON=diff turns them into a failed run; a
 * bad baseline variable stops the run before any request.
 */
let alt: SharedReference;
let env: Record<string, string>;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'differential-run-'));
const GREP = 'site/(home|lesson-plan/invalid|method-not-allowed)$|shop/product$';
let run: CliRun;
let results: ConformanceResults;

beforeAll(async () => {
  alt = await sharedReference('alt');
  env = targetEnvOf(alt.ready);
  delete env.HARNESS_TARGET_KIND;
  delete env.TARGET_SECTION;
  run = await playwrightCli(['test', 'tests/replay.test.ts', '--project', 'raw', '--grep', GREP], {
    ...env,
    BASELINE: 'reference',
    BASELINE_MAX_RPS: 'unlimited',
    HARNESS_REPORT_DIR: path.join(work, 'default'),
  });
  results = JSON.parse(fs.readFileSync(path.join(work, 'default', 'results.json'), 'utf8')) as ConformanceResults;
}, WHOLE_RUN_MS);

afterAll(async () => {
  await alt?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

const expectation = (id: string) => results.tests.flatMap((t) => t.expectations).find((e) => e.id === id);

test('the run compares with its own embedded reference, shows both maps, and passes: differences are not failures by default', () => {
  expect(`${run.code}\n${run.stdout.slice(-2000)}`).toMatch(/^0\n/);
  expect(run.stderr).toMatch(/Target:\ntarget \(user\):/);
  expect(run.stderr).toMatch(/Baseline \(embedded reference\):\nbaseline \(reference\):/);
  expect(results.run.baseline).toMatchObject({ side: 'baseline', origin: 'reference' });
  expect(results.run.target?.roles.site?.[0]).not.toBe(results.run.baseline?.roles.site?.[0]);
  expect(run.stdout).toMatch(/candidate https:\/\/www\.lessons\.test:\d+ against baseline https:\/\/www\.lessons\.test:\d+ \(embedded reference\)/);
  expect(run.stdout).toMatch(
    /Differences from the baseline https:\/\/www\.lessons\.test:\d+ \(embedded reference\), not failing the run \(\d+, from \d+ causes; HARNESS_FAIL_ON=diff fails them\):\n {2}~ /,
  );
});

test("each difference with both values; a spec finding of the candidate with the baseline's; an unsafe exchange not sent there", () => {
  const vary = expectation('site/home diff header vary')!;
  expect(vary.verdict).toBe('diff');
  expect(vary.findings.map((f) => [f.protocol, f.baseline, f.actual])).toEqual([
    ['h1', 'Accept-Encoding', '(absent)'],
    ['h2', 'Accept-Encoding', '(absent)'],
  ]);
  expect(expectation('site/home diff header x-trace-id')?.findings[0].actual).toBe('(a new value on every request: traceparent)');
  expect(expectation('site/home cookie ASP.NET_SessionId')).toMatchObject({ verdict: 'info' });
  expect(expectation('site/home cookie ASP.NET_SessionId')?.findings[0].baseline).toBe('set on 2 Set-Cookie lines');
  const unsafe = results.tests.find((t) => t.id === 'site/method-not-allowed')!;
  expect(unsafe.baseline?.skipped).toMatch(/^not sent to the baseline: POST is not a safe method/);
  expect(expectation('site/method-not-allowed diff')?.verdict).toBe('skip');
});

test('a body difference: its line diff, both bodies saved beside the report, linked from the page', () => {
  const body = expectation('site/lesson-plan/invalid diff body')!.findings[0];
  expect(body.detail).toMatch(/^--- baseline\n\+\+\+ candidate\n@@ -1,1 \+1,1 @@\n-\{"error":\{"code":"invalid_guids"/);
  const files = Object.values(results.bodies ?? {}).map((b) => b.file);
  expect(files).toContain(`bodies/${body.bodies?.baseline}.txt`);
  expect(files).toContain(`bodies/${body.bodies?.candidate}.txt`);
  expect(fs.readFileSync(path.join(work, 'default', `bodies/${body.bodies?.baseline}.txt`), 'utf8')).toMatch(/^\{"error":\{"code":"invalid_guids"/);
  const html = fs.readFileSync(path.join(work, 'default', 'index.html'), 'utf8');
  expect(html).toContain(`<a href="bodies/${body.bodies?.candidate}.txt">candidate</a>`);
  expect(html).toContain('<h3>Against the baseline</h3>');
  const junit = fs.readFileSync(path.join(work, 'default', 'junit.xml'), 'utf8');
  expect(junit).toContain('[h1] diff: baseline &quot;Accept-Encoding&quot;, candidate &quot;(absent)&quot;');
});

test(
  'HARNESS_FAIL_ON=diff: the same differences fail the run',
  async () => {
    const strict = await playwrightCli(['test', 'tests/replay.test.ts', '--project', 'raw', '--grep', 'site/home$'], {
      ...env,
      BASELINE: 'reference',
      BASELINE_MAX_RPS: 'unlimited',
      HARNESS_FAIL_ON: 'diff',
      HARNESS_REPORT_DIR: path.join(work, 'strict'),
    });
    expect(strict.code).toBe(1);
    expect(strict.stdout).toMatch(/! \[\d+\] site: header vary is "\(absent\)" \(the baseline: "Accept-Encoding"\) on h1 and h2/);
    expect(JSON.parse(fs.readFileSync(path.join(work, 'strict', 'results.json'), 'utf8')).run).toMatchObject({ status: 'failed', failOn: 'diff' });
  },
  WHOLE_RUN_MS,
);

test(
  'a bad baseline variable stops the run before any test, naming it',
  async () => {
    const bad = await playwrightCli(['test', 'tests/replay.test.ts', '--project', 'raw', '--grep', 'site/home$'], {
      ...env,
      BASELINE: 'production',
      HARNESS_REPORT_DIR: path.join(work, 'bad'),
    });
    // A configuration the set-up refuses: the run could not judge anything (exit status 2).
    expect(bad.code).toBe(2);
    expect(`${bad.stdout}${bad.stderr}`).toContain('BASELINE: "production" must be "reference"');
  },
  WHOLE_RUN_MS,
);
