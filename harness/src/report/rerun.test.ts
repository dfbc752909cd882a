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
