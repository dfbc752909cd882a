import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SettingsError } from '../core';
import { buildResults } from './build';
import { failingInput, passingInput } from './fixtures';
import { rerunOf } from './rerun';

let dir: string;
beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rerun-'))));
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const write = (doc: unknown) => {
  fs.writeFileSync(path.join(dir, 'results.json'), JSON.stringify(doc));
  return 'results.json';
};
/** What Playwright matches `grep` against: the title path of the test joined by spaces. */
const grepTitle = (...parts: string[]) => ` raw tests/replay.test.ts ${parts.join(' ')}`;

test('the failing tests of a results.json, and only those, as the grep Playwright runs', () => {
  const rerun = rerunOf({ HARNESS_RERUN: write(buildResults(failingInput())) }, dir)!;
  expect(rerun.titles).toEqual(['site site/home']);
  expect(rerun.grep.test(grepTitle('site', 'site/home'))).toBe(true);
  expect(rerun.grep.test(grepTitle('site', 'site/static'))).toBe(false);
  // An id that only starts like a failing one is another test.
  expect(rerun.grep.test(grepTitle('site', 'site/home-h3'))).toBe(false);
  expect(rerunOf({}, dir)).toBeUndefined();
});

test('a run in which nothing failed, or a file that is not a results.json, stops the run naming the variable', () => {
  expect(() => rerunOf({ HARNESS_RERUN: write(buildResults(passingInput())) }, dir)).toThrow(
    new SettingsError('HARNESS_RERUN', 'results.json', 'names a run in which nothing failed: there is nothing to re-run'),
  );
  expect(() => rerunOf({ HARNESS_RERUN: 'missing.json' }, dir)).toThrow(
    /^HARNESS_RERUN: "missing\.json" names no results\.json to re-run: .*missing\.json: no such file$/,
  );
});

test("an inconclusive role's tests are run again, read from the run's inconclusive roles, not from test ids", () => {
  const doc = buildResults(passingInput());
  doc.run.inconclusive = [
    { role: 'site', kind: 'auth', seen: 2, total: 2, message: 'inconclusive: 2 of 2 were refused with 401', key: 't-site-inconclusive', grouped: 0 },
  ];
  const rerun = rerunOf({ HARNESS_RERUN: write(doc) }, dir)!;
  expect(rerun.titles).toEqual(['site family over h1 site/home: page, headers and cookies', 'site site/home', 'site site/static']);
  expect(rerun.grep.test(grepTitle('bare', 'bare/browser/to-www'))).toBe(false);
  // A test named like an inconclusive one says nothing by its name: the run named no inconclusive role.
  const named = buildResults(passingInput());
  named.tests.push({ ...named.tests[0], key: 't-site-inconclusive', id: 'site/inconclusive', project: '', titlePath: [] });
  expect(() => rerunOf({ HARNESS_RERUN: write(named) }, dir)).toThrow(/nothing to re-run/);
});
