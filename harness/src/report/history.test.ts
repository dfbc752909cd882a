import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildResults, type BuildInput } from './build';
import { failingInput, passingInput, runMeta } from './fixtures';
import { summaryMarkdown } from './github';
import { historyKey, readPrevious, type PreviousRun } from './history';
import { renderHtml } from './html';
import { terminalSummary } from './terminal';
import type { ConformanceResults } from './types';

let dir: string;
beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'history-'))));
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A run as its reporter wrote it, read back as the next run reads it. */
function saved(results: ConformanceResults, name = 'results.json'): PreviousRun {
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(results));
  const read = readPrevious(file);
  if ('problem' in read) throw new Error(read.problem);
  return read;
}
const at = (input: BuildInput, startedAt: string, previous?: PreviousRun): BuildInput => ({
  ...input,
  run: runMeta({ ...input.run, startedAt }),
  ...(previous ? { previous } : {}),
});
const XFO = 'site/home header x-frame-options';

test('a failure first seen, then still failing with the date it was first seen, then fixed', () => {
  const first = buildResults(at(failingInput(), '2026-01-01T08:00:00.000Z', saved(buildResults(passingInput()))));
  expect(first.history).toMatchObject({ fixed: [], still: [], notRun: 0 });
  expect(first.history!.new.map((i) => [i.id, i.firstSeen])).toEqual([[XFO, '2026-01-01T08:00:00.000Z']]);

  const second = buildResults(at(failingInput(), '2026-01-03T08:00:00.000Z', saved(first)));
  expect(second.history!.new).toEqual([]);
  expect(second.history!.still.map((i) => [i.id, i.firstSeen])).toEqual([[XFO, '2026-01-01T08:00:00.000Z']]);
  expect(second.tests.flatMap((t) => t.expectations).find((e) => e.id === XFO)?.firstSeen).toBe('2026-01-01T08:00:00.000Z');
  expect(terminalSummary(second, 'x')).toContain(
    `Since the previous run (2026-01-01): 0 new, 0 fixed, 1 still failing\n  = ${XFO}: still failing (first seen 2026-01-01)`,
  );

  const third = buildResults(at(passingInput(), '2026-01-05T08:00:00.000Z', saved(second)));
  expect(third.history!.fixed.map((i) => [i.id, i.firstSeen])).toEqual([[XFO, '2026-01-01T08:00:00.000Z']]);
  expect(terminalSummary(third, 'x')).toContain(`  - ${XFO}: fixed (first seen 2026-01-01)`);
  expect(renderHtml(third)).toMatch(/since the previous run, .*results\.json \(2026-01-03\): <b>0 new<\/b>, 1 fixed, 0 still failing/);
  expect(summaryMarkdown(third, 'x')).toContain(`| fixed | ${XFO} | 2026-01-01 |`);
});

test('a failure of a test this run did not run is neither fixed nor still failing', () => {
  const before = buildResults(failingInput());
  const input = passingInput();
  input.tests = input.tests.filter((t) => t.titlePath.at(-1) !== 'site/home');
  const after = buildResults(at(input, '2026-01-02T00:00:00.000Z', saved(before)));
  expect(after.history).toMatchObject({ fixed: [], still: [], new: [], notRun: 1 });
});

test('a file that is not a results.json of this harness is named with the reason', () => {
  fs.writeFileSync(path.join(dir, 'x.json'), '{"schema":"other"}');
  expect(readPrevious(path.join(dir, 'x.json'))).toEqual({ problem: expect.stringMatching(/x\.json: not a conformance results\.json/) });
  expect(readPrevious(path.join(dir, 'none.json'))).toEqual({ problem: expect.stringMatching(/none\.json: no such file$/) });
});

describe('historyKey: a run is compared only with runs of the same target and spec folders', () => {
  const reference = (port: number) => ({
    origin: 'reference' as const,
    roles: { site: [`https://www.lessons.test:${port}`], assets: [`https://media.lessons.test:${port}`] },
  });
  const user = (host: string) => ({ origin: 'user' as const, roles: { site: [`https://${host}`] } });
  test('the embedded reference on other free ports is the same target', () => {
    expect(historyKey(reference(40001), ['/r/specs'])).toBe(historyKey(reference(51234), ['/r/specs']));
  });
  test('another target, another kind of target, other spec folders: another key', () => {
    const keys = [
      historyKey(reference(40001), ['/r/specs']),
      historyKey(user('staging.example'), ['/r/specs']),
      historyKey(user('www.example'), ['/r/specs']),
      historyKey(user('www.example'), ['/r/specs', '/r/derived']),
      historyKey(null, ['/r/specs']),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });
  test('a user target on another port is another target', () => {
    expect(historyKey(user('staging.example:8443'), ['/r/specs'])).not.toBe(historyKey(user('staging.example:9443'), ['/r/specs']));
  });
});
