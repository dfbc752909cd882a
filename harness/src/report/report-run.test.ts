/**
 * The reporter end to end, as a user runs it: Playwright over part of the suite against the
 * reference behind a proxy, unmodified (passing) and broken (x-frame-options sent once on the
 * home page); then the same suite in two shards with the blob reporter, merged with
 * `npx playwright merge-reports --reporter <this reporter>`.
 *
 * "Identical in content" (what the shard test compares): results.json without what two runs of
 * the same suite against the same target legitimately see differently: run.startedAt,
 * run.durationMs, tests[].durationMs, and the observations themselves (each response, and each
 * finding's actual value, expected value and message: dates, tokens, the compressed size of a page
 * with a token in it, and checks whose expectation is computed from the response, such as
 * content-length), plus screenshots (pixels). Everything else must be equal: the tests, their
 * Playwright status and errors, every expectation and finding with its anchor, verdict, protocol,
 * provenance, clause and shape, the requests and reproduction commands, counts per role, the
 * target map, the spec version and the protocol mix. A blob merged from the unsharded run itself
 * must be identical to that run's report but for the run's start and duration.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { SharedReference } from '../testing/reference-per-kind';
import type { TestPki } from '../target-map/test-pki';
import type { MutatingProxy } from '../testing/mutating-proxy';
import { startProxiedReference, stopProxiedReference } from '../testing/proxied-reference';
import { playwrightCli, REPORTER, ROOT, type CliRun } from '../testing/playwright-cli';
import { causes } from './causes';
import type { ConformanceResults } from './types';
import { WHOLE_RUN_MS } from '../testing/budgets';

const NAMES = ['www.lessons.test', 'lessons.test', 'media.lessons.test', 'maintenance.lessons.test'];
const ROLES = { TARGET_URL: NAMES[0], TARGET_BARE_URL: NAMES[1], TARGET_ASSETS_URL: NAMES[2], TARGET_MAINTENANCE_URL: NAMES[3] };
/** A small slice of the suite: raw replay of the site's home and static files and of the bare host, and one browser flow. */
const SELECTION = ['tests/replay.test.ts', 'tests/browser/bare-to-www.test.ts', '--grep', 'site/home|site/static|bare/'];

let reference: SharedReference;
let pki: TestPki;
let proxy: MutatingProxy;
let work: string;

beforeAll(async () => {
  ({ reference, pki, proxy } = await startProxiedReference(NAMES, 'Report Proxy Root'));
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'report-run-'));
}, WHOLE_RUN_MS);

afterAll(async () => {
  await stopProxiedReference({ reference, pki, proxy });
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

const breakHome = () =>
  proxy.setMutation((e) => {
    if (e.host === NAMES[0] && e.path === '/') {
      e.lines = e.lines.filter(([n]) => n !== 'x-frame-options');
      e.lines.push(['x-frame-options', 'SAMEORIGIN']);
    }
  });

function env(extra: Record<string, string> = {}): Record<string, string> {
  return { ...proxy.targetEnv(ROLES, pki.caFile), ...extra };
}
const envOf = env;

interface Report {
  results: ConformanceResults;
  html: string;
  junit: string;
}

function read(dir: string): Report {
  return {
    results: JSON.parse(fs.readFileSync(path.join(dir, 'results.json'), 'utf8')) as ConformanceResults,
    html: fs.readFileSync(path.join(dir, 'index.html'), 'utf8'),
    junit: fs.readFileSync(path.join(dir, 'junit.xml'), 'utf8'),
  };
}

const failingIds = (r: ConformanceResults) =>
  r.tests.flatMap((t) => t.expectations.filter((e) => e.verdict === 'fail' || e.verdict === 'error').map((e) => e.id)).sort();

/** The three files tell the same story: the same counts and the same failing expectations. */
function expectAgreement({ results, html, junit }: Report): void {
  const expectations = results.tests.flatMap((t) => t.expectations);
  expect((junit.match(/<testcase /g) ?? []).length).toBe(expectations.length);
  expect((junit.match(/<failure /g) ?? []).length).toBe(results.totals.fail);
  expect((junit.match(/<error /g) ?? []).length).toBe(results.totals.error);
  expect((junit.match(/<skipped /g) ?? []).length).toBe(results.totals.skip + results.totals['n/a']);
  const junitFailing = [...junit.matchAll(/<testcase name="([^"]*)"[^>]*>\s*<(?:failure|error) /g)]
    .map((m) =>
      m[1]
        .replace(/&amp;/g, '&')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"'),
    )
    .sort();
  expect(junitFailing).toEqual(failingIds(results));
  const end = html.indexOf('<section class="warnings">');
  const list = html.slice(html.indexOf('<section class="failures">'), end >= 0 ? end : html.indexOf('<section class="tests">'));
  // One row per cause; every failing expectation linked from its cause's row.
  expect((list.match(/<li /g) ?? []).length).toBe(causes(results, (v) => v === 'fail' || v === 'error').length);
  for (const t of results.tests) for (const e of t.expectations) if (e.verdict === 'fail' || e.verdict === 'error') expect(list).toContain(`href="#${e.key}"`);
  for (const r of results.roles) expect(html).toContain(`<a href="#role-${r.role}">${r.role}</a></td><td class="n">${r.tests}</td>`);
}

test(
  'against the reference the three files agree and say passed; the exit status is 0',
  async () => {
    proxy.setMutation(undefined);
    const out = path.join(work, 'reference');
    const run = await playwrightCli(['test', ...SELECTION, `--reporter=${REPORTER}`], env({ HARNESS_REPORT_DIR: out, HARNESS_REPORT_TITLE: 'Reference run' }));
    expect(`${run.code}\n${run.stdout.slice(-3000)}`).toMatch(/^0\n/);
    const report = read(out);
    expect(report.results.run).toMatchObject({ status: 'passed', title: 'Reference run', exitCode: 0 });
    expect(report.results.run.inconclusive).toBeUndefined();
    expect(report.results.totals.pass).toBeGreaterThan(50);
    expect(failingIds(report.results)).toEqual([]);
    expect(report.results.tests.some((t) => t.kind === 'browser-flow' && t.browser?.screenshot && t.browser.redirects.length > 0)).toBe(true);
    expectAgreement(report);
    // The terminal summary: one screen, with the report's path.
    expect(run.stdout).toMatch(/Conformance PASSED: Reference run \(fails on fail and worse\)\n {2}role +tests +pass +error +fail( +\S+)*\n/);
    // stdout belongs to the reporters: the set-up's target map goes to stderr.
    expect(run.stdout).not.toContain('target (');
    expect(run.stdout).toContain(`Report: ${path.join(out, 'index.html')}`);
  },
  WHOLE_RUN_MS,
);

/**
 * The broken target's run, once for the two tests that read it: this reporter's files and a blob at
 * once. The merge job has the run's variables but no set-up: a {section} the set-up read from the
 * home page is given as TARGET_SECTION there, so the run gets it the same way.
 */
let broken: Promise<{ run: CliRun; dir: string; blob: string }> | undefined;
function brokenRun(): Promise<{ run: CliRun; dir: string; blob: string }> {
  broken ??= (async () => {
    breakHome();
    const dir = path.join(work, 'direct');
    const blob = path.join(work, 'blob-all');
    const run = await playwrightCli(
      ['test', ...SELECTION, `--reporter=blob,${REPORTER}`],
      env({
        TARGET_SECTION: 'static',
        HARNESS_REPORT_DIR: dir,
        PLAYWRIGHT_BLOB_OUTPUT_DIR: blob,
        // As in GitHub Actions: annotations on stdout, the job summary appended to the step's file.
        GITHUB_ACTIONS: 'true',
        GITHUB_STEP_SUMMARY: path.join(work, 'step-summary.md'),
      }),
    );
    return { run, dir, blob };
  })();
  return broken;
}

test(
  'against a broken target the three files agree on the failing expectation; the exit status is 1',
  async () => {
    const { run, dir: out } = await brokenRun();
    // The run's output beside its code: a run error (exit 2) says which.
    expect(`${run.code}\n${run.stdout.slice(-3000)}`).toMatch(/^1\n/);
    const report = read(out);
    expect(report.results.run.status).toBe('failed');
    // The raw replay and the browser, which lands on the same page after the bare host's redirect.
    expect(failingIds(report.results)).toEqual(['bare/browser/redirect-to-www {base_url}/ x-frame-options', 'site/home header x-frame-options']);
    const e = report.results.tests.find((t) => t.id === 'site/home')!.expectations.find((x) => x.verdict === 'fail')!;
    expect(e.findings.map((f) => [f.protocol, f.expected, f.actual])).toEqual([
      ['h1', 'the list SAMEORIGIN, SAMEORIGIN (2 members, in one field line or several)', 'SAMEORIGIN (1 member)'],
      ['h2', 'the list SAMEORIGIN, SAMEORIGIN (2 members, in one field line or several)', 'SAMEORIGIN (1 member)'],
    ]);
    // The reproduction command goes to the proxy's address with its CA.
    const step = report.results.tests.find((t) => t.id === 'site/home')!.legs![0].steps[0];
    expect(step.reproduce).toContain(`--resolve ${env().TARGET_RESOLVE.split(',')[0]}`);
    expect(step.reproduce).toContain(`--cacert ${pki.caFile}`);
    expectAgreement(report);
    // One cause: the home page's own expectation and the browser's view of the same answer.
    expect(run.stdout).toContain(
      'Failing (2, from 1 cause):\n  x [1] site: header x-frame-options is "SAMEORIGIN" on h1, h2 and browser\n      expected "the list SAMEORIGIN, SAMEORIGIN (2 members, in one field line or several)", in 2 tests (site/home,\n        bare/browser/redirect-to-www)',
    );
    expect(report.results.run.exitCode).toBe(1);
    expect(run.stdout).toContain('Exit status 1: conformance failures');
    // GitHub's annotation at the spec line of the failing expectation, and the job summary.
    const line = fs
      .readFileSync(path.join(ROOT, 'specs', 'site.json'), 'utf8')
      .split('\n')
      .findIndex((l) => l.trim() === '"x-frame-options": {');
    expect(run.stdout).toContain(
      `::error file=specs/site.json,line=${line + 1},title=site%3A header x-frame-options::site: header x-frame-options is "SAMEORIGIN" on h1, h2 and browser. Expected "the list SAMEORIGIN, SAMEORIGIN`,
    );
    const summary = fs.readFileSync(path.join(work, 'step-summary.md'), 'utf8');
    expect(summary).toMatch(/^## Conformance FAILED: Conformance report\n\nExit status 1: conformance failures\./);
    expect(summary).toBe(`${fs.readFileSync(path.join(out, 'summary.md'), 'utf8')}\n`);
  },
  WHOLE_RUN_MS,
);

test(
  'a configuration the set-up refuses: exit status 2, the error in results.json and the summary',
  async () => {
    const out = path.join(work, 'refused');
    const run = await playwrightCli(['test', 'tests/replay.test.ts', '--grep', 'site/home$', `--reporter=${REPORTER}`], {
      TARGET_URL: 'www.lessons.test',
      HARNESS_REPORT_DIR: out,
    });
    expect(`${run.code}\n${run.stdout.slice(-1500)}`).toMatch(/^2\n/);
    const results = read(out).results;
    expect(results.run).toMatchObject({ status: 'failed', exitCode: 2 });
    expect(results.run.runErrors.join('\n')).toContain('TARGET_URL: "www.lessons.test" is not an absolute URL with a scheme');
    expect(run.stdout).toContain('Exit status 2: a configuration or harness error');
  },
  WHOLE_RUN_MS,
);

/** results.json without what legitimately differs between two runs (see the file comment). */
function content(r: ConformanceResults): unknown {
  const DATE = /\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2}[ -][A-Z][a-z]{2}[ -]\d{4} \d{2}:\d{2}:\d{2} GMT\b/g;
  const OBSERVED = new Set(['startedAt', 'durationMs', 'totalMs', 'screenshot', 'response', 'actual', 'expected', 'message', 'noise']);
  return JSON.parse(JSON.stringify(r), (key, value: unknown) => {
    if (OBSERVED.has(key)) return undefined;
    return typeof value === 'string' ? value.replace(DATE, '<date>') : value;
  }) as unknown;
}

test(
  'two shards merged with merge-reports give the same results as one run (and a merged blob the same as the direct report)',
  async () => {
    const env = (extra: Record<string, string> = {}) => envOf({ TARGET_SECTION: 'static', ...extra });
    // One unsharded run, writing a blob and this reporter's files at once.
    const { run: one, dir: direct, blob: blobAll } = await brokenRun();
    expect(`${one.code}\n${one.stdout.slice(-3000)}`).toMatch(/^1\n/);
    // The same run, merged from its blob: identical but for the run's start and duration.
    const mergedOne = path.join(work, 'merged-one');
    const m1 = await playwrightCli(['merge-reports', '--reporter', REPORTER, blobAll], env({ HARNESS_REPORT_DIR: mergedOne }));
    expect(m1.code).toBe(1);
    const strip = (r: ConformanceResults) => ({ ...r, run: { ...r.run, startedAt: '', durationMs: 0 } });
    expect(strip(read(mergedOne).results)).toEqual(strip(read(direct).results));

    // Two shards, each on its "machine" with its own blob folder, collected into one folder as CI artifacts are.
    const blobs = path.join(work, 'blobs');
    fs.mkdirSync(blobs);
    for (const shard of ['1/2', '2/2']) {
      const dir = path.join(work, `blob-${shard.replace('/', 'of')}`);
      const run = await playwrightCli(['test', ...SELECTION, `--shard=${shard}`, '--reporter=blob'], env({ PLAYWRIGHT_BLOB_OUTPUT_DIR: dir }));
      expect(run.code === 0 || run.code === 1).toBe(true);
      for (const f of fs.readdirSync(dir)) fs.copyFileSync(path.join(dir, f), path.join(blobs, f));
    }
    expect(fs.readdirSync(blobs)).toHaveLength(2);
    const merged = path.join(work, 'merged');
    const m2 = await playwrightCli(['merge-reports', '--reporter', REPORTER, blobs], env({ HARNESS_REPORT_DIR: merged }));
    expect(m2.code).toBe(1);
    const a = read(direct);
    const b = read(merged);
    expect(content(b.results)).toEqual(content(a.results));
    expectAgreement(b);
    expect(m2.stdout).toContain('Conformance FAILED');
  },
  WHOLE_RUN_MS,
);

test(
  'known deviations through a run: the listed failure is known and the run passes its threshold, an expired entry fails it (exit 1), an entry whose expectation passed is no longer seen',
  async () => {
    breakHome();
    const out = path.join(work, 'known');
    const knownFile = path.join(work, 'known-deviations.json');
    const ticket = 'https://tickets.example/OPS-412';
    fs.writeFileSync(
      knownFile,
      JSON.stringify({
        deviations: [
          { id: 'site/home header x-frame-options', actual: 'SAMEORIGIN (1 member)', reason: 'the CDN folds repeated lines', ticket, expires: '2999-12-31' },
          { id: 'site/home header content-type', reason: 'fixed since', ticket, expires: '2999-12-31' },
          { id: 'site/home header vary', reason: 'long ago', ticket, expires: '2001-01-01' },
        ],
      }),
    );
    const run = await playwrightCli(
      ['test', 'tests/replay.test.ts', '--grep', 'site/home$', `--reporter=${REPORTER}`],
      env({ HARNESS_KNOWN: knownFile, HARNESS_REPORT_DIR: out, TARGET_SECTION: 'static' }),
    );
    expect(`${run.code}\n${run.stdout.slice(-2500)}`).toMatch(/^1\n/);
    const { results, junit } = read(out);
    const xfo = results.tests.find((t) => t.id === 'site/home')!.expectations.find((e) => e.id === 'site/home header x-frame-options')!;
    expect(xfo.verdict).toBe('known');
    expect(xfo.findings.every((f) => f.known?.was === 'fail' && f.known.ticket === ticket)).toBe(true);
    expect(results.tests.find((t) => t.id === 'site/home')!.status).toBe('passed');
    expect(results.known!.entries.map((e) => e.status)).toEqual(['matched', 'unseen', 'expired']);
    expect(results.run).toMatchObject({ status: 'failed', exitCode: 1 });
    expect(run.stdout).toContain('E known deviation "site/home header vary": expired on 2001-01-01');
    expect(run.stdout).toContain('? known deviation "site/home header content-type": no longer seen: remove it');
    // Long lines wrap (never cut): read as one.
    expect(run.stdout.replace(/\n {6}/g, ' ')).toContain(
      '~ site/home header x-frame-options: 2 findings in site/home: the CDN folds repeated lines (https://tickets.example/OPS-412, expires 2999-12-31)',
    );
    expect(junit).toContain('<failure message="expired on 2001-01-01" type="known/expired">');
  },
  WHOLE_RUN_MS,
);

test(
  're-running what failed: only the failing tests of a results.json run, each reported still failing, then fixed; a run in which nothing failed is nothing to re-run (exit 2)',
  async () => {
    const { dir } = await brokenRun();
    const previous = path.join(dir, 'results.json');
    breakHome();
    const again = path.join(work, 'rerun-broken');
    const still = await playwrightCli(
      ['test', `--reporter=${REPORTER}`],
      env({ TARGET_SECTION: 'static', HARNESS_RERUN: previous, HARNESS_REPORT_DIR: again }),
    );
    expect(`${still.code}\n${still.stdout.slice(-2500)}`).toMatch(/^1\n/);
    const first = read(again).results;
    expect(first.tests.map((t) => t.id).sort()).toEqual(['bare/browser/redirect-to-www', 'site/home']);
    expect(first.history).toMatchObject({ rerun: true, new: [], fixed: [] });
    expect(first.history!.still.map((i) => i.id).sort()).toEqual([
      'bare/browser/redirect-to-www {base_url}/ x-frame-options',
      'site/home header x-frame-options',
    ]);
    expect(still.stdout).toMatch(/Re-run of the failing tests of .*results\.json \(\d{4}-\d{2}-\d{2}\): 0 new, 0 fixed, 2 still failing/);

    proxy.setMutation(undefined);
    const fixed = path.join(work, 'rerun-fixed');
    const ok = await playwrightCli(['test', `--reporter=${REPORTER}`], env({ TARGET_SECTION: 'static', HARNESS_RERUN: previous, HARNESS_REPORT_DIR: fixed }));
    expect(`${ok.code}\n${ok.stdout.slice(-2500)}`).toMatch(/^0\n/);
    expect(
      read(fixed)
        .results.history!.fixed.map((i) => i.id)
        .sort(),
    ).toEqual(['bare/browser/redirect-to-www {base_url}/ x-frame-options', 'site/home header x-frame-options']);
    expect(ok.stdout).toContain('  - site/home header x-frame-options: fixed (first seen ');

    const nothing = await playwrightCli(
      ['test', `--reporter=${REPORTER}`],
      env({ HARNESS_RERUN: path.join(fixed, 'results.json'), HARNESS_REPORT_DIR: path.join(work, 'rerun-nothing') }),
    );
    expect(nothing.code).toBe(2);
    expect(nothing.stderr + nothing.stdout).toContain('names a run in which nothing failed: there is nothing to re-run');
  },
  WHOLE_RUN_MS,
);
