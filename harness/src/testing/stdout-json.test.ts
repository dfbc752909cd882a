/**
 * stdout belongs to the reporters: with `--reporter=json` (which replaces the reporters of
 * playwright.config.ts, the conformance reporter's terminal summary included) a run prints its JSON
 * report on stdout and nothing else. The global set-up's lines (the target map, the embedded
 * reference), the harness's logs and the reference's own output go to stderr or nowhere.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { playwrightCli } from './playwright-cli';

jest.setTimeout(180_000);

interface JsonSuite {
  title: string;
  suites?: JsonSuite[];
  specs?: Array<{ title: string; tests: Array<{ projectName: string; status: string }> }>;
}

interface JsonReport {
  suites: JsonSuite[];
  stats: { expected: number; unexpected: number };
  errors: unknown[];
}

/** Each test of the report as `<project> <title>: <status>`. */
function outcomes(suites: readonly JsonSuite[]): string[] {
  return suites.flatMap((s) => [
    ...(s.specs ?? []).flatMap((spec) => spec.tests.map((t) => `${t.projectName} ${spec.title}: ${t.status}`)),
    ...outcomes(s.suites ?? []),
  ]);
}

let work: string;
beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'stdout-json-'));
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

it('a run with --reporter=json prints only its JSON report on stdout; the set-up writes to stderr', async () => {
  const reportDir = path.join(work, 'conformance');
  const run = await playwrightCli(['test', '--project', 'raw', '--grep', 'site/home$|bare/root', '--reporter=json', `--output=${path.join(work, 'results')}`], {
    HARNESS_REPORT_DIR: reportDir,
  });
  let report: JsonReport;
  try {
    report = JSON.parse(run.stdout) as JsonReport;
  } catch (e) {
    throw new Error(
      `stdout is not one JSON document (${(e as Error).message}); it starts:\n${run.stdout.slice(0, 1500)}\n--- stderr:\n${run.stderr.slice(-1500)}`,
    );
  }
  expect(report.errors).toEqual([]);
  expect(outcomes(report.suites).sort()).toEqual(['raw bare/root: expected', 'raw site/home: expected']);
  expect(report.stats).toMatchObject({ expected: 2, unexpected: 0 });
  expect(run.code).toBe(0);
  // What the set-up prints reached stderr, not stdout.
  expect(run.stderr).toContain('Target (embedded reference):');
  expect(run.stdout).not.toContain('Target (embedded reference)');
  // The configured reporters were replaced: the conformance reporter wrote and printed nothing.
  expect(run.stdout).not.toContain('Conformance PASSED');
  expect(fs.existsSync(reportDir)).toBe(false);
});
