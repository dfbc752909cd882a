/**
 * The conventions a lint rule keeps (eslint.config.mjs, docs/architecture.md "Conventions"): each
 * rule flags the hand-written form it forbids, where it is forbidden, and nothing where it is not.
 * `npm run lint` holds the whole tree to them; this shows each rule can fail.
 */
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';

const ROOT = path.resolve(__dirname, '../..');

interface Flag {
  line: number;
  message: string;
}

function lint(snippets: Array<{ filePath: string; code: string }>): Promise<Flag[][]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(path.join(__dirname, 'conventions.lint.mjs'), { workerData: { cwd: ROOT, snippets } });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => code === 0 || reject(new Error(`the lint worker exited with ${code}`)));
  });
}

const file = (rel: string) => path.join(ROOT, rel);

const THROWS = 'export function f(x: number): number {\n  if (x < 0) throw new Error(`negative: ${x}`);\n  return x;\n}\n';
const CALLS_ERROR = 'export const e = (m: string) => Error(m);\n';
const TYPE_ERROR = 'export function f(): never {\n  throw new TypeError("no");\n}\n';
const LOOKS_UP = "export const alt = (lines: Array<[string, string]>) => lines.filter(([n]) => n === 'alt-svc').map(([, v]) => v);\n";
const LOOKS_UP_LOWER = "export const has = (lines: Array<[string, string]>) => lines.some(([name]) => name.toLowerCase() !== 'content-encoding');\n";
const THROUGH_CORE = "import { fieldLines } from '../core';\nexport const alt = (lines: Array<[string, string]>) => fieldLines(lines, 'alt-svc');\n";
const OTHER_TUPLES = "export const links = (xs: Array<[string, string]>) => xs.filter(([via]) => via === 'stylesheet');\n";
const ENTRIES = "export const loc = (hs: Array<{ name: string; value: string }>) => hs.find((h) => h.name.toLowerCase() === 'location')?.value;\n";
const KEYS = 'export const key = (h: Record<string, string>, name: string) => Object.keys(h).find((k) => k.toLowerCase() === name);\n';
const ATTACHMENTS = "export const findings = (xs: Array<{ name: string }>) => xs.find((x) => x.name === 'findings');\n";
const MODULE_LET = 'let count = 0;\nexport function next(): number {\n  return ++count;\n}\n';
const LOCAL_LET = 'export function sum(xs: number[]): number {\n  let total = 0;\n  for (const x of xs) total += x;\n  return total;\n}\n';

const WRITES_VERDICTS = [
  "export const met = (ok: boolean) => ({ id: 'x', verdict: ok ? 'pass' : 'fail' });",
  "export const broke = { id: 'y', verdict: 'error' as const };",
  "export function mark(f: { verdict: string }): void {\n  f.verdict = 'known';\n}",
  "import { verdictFor } from '../core';",
  "export const miss = (level: 'must' | 'should') => verdictFor(false, level, 'user');",
].join('\n');
const THROUGH_BUILDER =
  "import { judged, unjudged, type Finding } from '../core';\n" +
  "export const met = (ok: boolean) => judged(ok, { id: 'x', expected: 'a', actual: 'b', source: 'rfc' }, 'user');\n" +
  "export const broke = unjudged('error', { id: 'y', expected: 'a', actual: 'b', source: 'rfc' });\n" +
  "export const failing = (fs: Finding[]) => fs.filter((f) => f.verdict === 'fail' || f.verdict === 'error');\n" +
  "export const other = { status: 'fail', kind: 'error' };\n";

const READS_IDS = [
  'export const label = (e: { id: string; step: string }) => (e.id.startsWith(`${e.step} `) ? e.id.slice(e.step.length + 1) : e.id);',
  "export const role = (t: { title: string }) => t.title.split('/')[0];",
  'export const isSite = (t: { id: string }) => /^site\\//.test(t.id);',
  "export const stepName = (e: { step: string }) => e.step.replace(/^.*\\//, '');",
].join('\n');
const READS_FIELDS =
  "import { aspectText, type Aspect } from '../core';\n" +
  'export const label = (e: { aspect?: Aspect; label: string }) => (e.aspect ? aspectText(e.aspect) : e.label);\n' +
  'export const same = (e: { id: string }, id: string) => e.id === id;\n' +
  "export const words = (s: string) => s.split(' ');\n";

const WRITES_RECORDS = [
  "import { RECORD_VERSION, type ReplayRecord } from '../record';",
  "export const rec: ReplayRecord = { version: RECORD_VERSION, id: 'x', role: 'site', kind: 'exchange', target: 'user', legs: [], parity: [] };",
  "export const step = (id: string) => ({ id, protocol: 'h1' as const, findings: [] });",
].join('\n');
const THROUGH_RECORD_BUILDER =
  "import { newReplayRecord, newStepRecord } from '../record';\n" +
  "export const rec = newReplayRecord({ id: 'x', role: 'site', kind: 'exchange', target: 'user' });\n" +
  "export const step = (id: string) => newStepRecord(id, 'h1');\n" +
  'export const group = { findings: [], ok: true }.ok;\n';

/** A file of exactly `n` lines (each a declaration), ending in a newline as every file here does. */
const linesOf = (n: number, prefix = 'export const x') => Array.from({ length: n }, (_, i) => `${prefix}${i} = ${i};\n`).join('');

let flags: Flag[][];
beforeAll(async () => {
  flags = await lint([
    { filePath: file('harness/src/replay/example.ts'), code: THROWS },
    { filePath: file('harness/src/replay/example.ts'), code: CALLS_ERROR },
    { filePath: file('harness/src/target-map/example.ts'), code: TYPE_ERROR },
    { filePath: file('harness/src/replay/example.test.ts'), code: THROWS },
    { filePath: file('harness/src/testing/example.ts'), code: THROWS },
    { filePath: file('harness/src/replay/example.ts'), code: LOOKS_UP },
    { filePath: file('harness/src/har/example.ts'), code: LOOKS_UP_LOWER },
    { filePath: file('harness/src/replay/example.ts'), code: THROUGH_CORE },
    { filePath: file('harness/src/discover/example.ts'), code: OTHER_TUPLES },
    { filePath: file('harness/src/report/example.ts'), code: MODULE_LET },
    { filePath: file('harness/src/report/example.ts'), code: LOCAL_LET },
    { filePath: file('harness/src/replay/example.ts'), code: MODULE_LET },
    { filePath: file('harness/src/flows/example.ts'), code: ENTRIES },
    { filePath: file('harness/src/accept/example.ts'), code: KEYS },
    { filePath: file('harness/src/report/example.ts'), code: ATTACHMENTS },
    { filePath: file('harness/src/replay/example.ts'), code: WRITES_VERDICTS },
    { filePath: file('harness/src/report/example.ts'), code: WRITES_VERDICTS },
    { filePath: file('harness/src/core/example.ts'), code: WRITES_VERDICTS.replace("'../core'", "'./level'") },
    { filePath: file('harness/src/report/fixtures.ts'), code: WRITES_VERDICTS },
    { filePath: file('harness/src/replay/example.ts'), code: THROUGH_BUILDER },
    { filePath: file('harness/src/report/html/example.ts'), code: READS_IDS },
    { filePath: file('harness/src/replay/example.ts'), code: READS_IDS },
    { filePath: file('harness/src/report/fixtures.ts'), code: READS_IDS },
    { filePath: file('harness/src/report/example.ts'), code: READS_FIELDS },
    { filePath: file('harness/src/flows/example.ts'), code: WRITES_RECORDS },
    { filePath: file('harness/src/report/example.ts'), code: WRITES_RECORDS },
    { filePath: file('tests/support/example.ts'), code: WRITES_RECORDS },
    { filePath: file('harness/src/record/example.ts'), code: WRITES_RECORDS.replace("'../record'", "'./index'") },
    { filePath: file('harness/src/report/fixtures.ts'), code: WRITES_RECORDS },
    { filePath: file('harness/src/flows/example.ts'), code: THROUGH_RECORD_BUILDER },
    { filePath: file('harness/src/replay/example.ts'), code: linesOf(401) },
    { filePath: file('harness/src/replay/example.test.ts'), code: linesOf(401) },
    { filePath: file('scripts/content/example.js'), code: linesOf(401, 'module.exports.x') },
    { filePath: file('harness/src/replay/example.ts'), code: linesOf(400) },
  ]);
}, 120_000);

const only = (i: number) => flags[i].map((f) => `${f.line}: ${f.message.split(':')[0]}`);

test('a built-in error in harness/src is flagged, called or constructed; tests and test support may throw one', () => {
  expect(only(0)).toEqual(['2: Every error the harness raises carries a stable code']);
  expect(only(1)).toEqual(['1: Every error the harness raises carries a stable code']);
  expect(only(2)).toEqual(['2: Every error the harness raises carries a stable code']);
  expect(flags[3]).toEqual([]);
  expect(flags[4]).toEqual([]);
});

test('a header field looked up by hand over [name, value] lines is flagged; through core, or over other pairs, it is not', () => {
  expect(flags[5].map((f) => f.line)).toEqual([1]);
  expect(flags[5][0].message).toMatch(/only through core\/headers\.ts/);
  expect(flags[6].map((f) => f.line)).toEqual([1]);
  expect(flags[7]).toEqual([]);
  expect(flags[8]).toEqual([]);
});

test('the same over { name, value } entries, or a case-insensitive search of a map of fields, is flagged; an exact name of another list is not', () => {
  expect(flags[12].map((f) => f.line)).toEqual([1]);
  expect(flags[13].map((f) => f.line)).toEqual([1]);
  expect(flags[14]).toEqual([]);
});

test('module state in report/ is flagged; a local let, or module state elsewhere, is not', () => {
  expect(only(9)).toEqual(['1: No module state in report/']);
  expect(flags[10]).toEqual([]);
  expect(flags[11]).toEqual([]);
});

test('a verdict written outside core (a literal, one of two literals, one cast, one assigned, or verdictFor) is flagged; core, test data and the builder are not', () => {
  const verdicts = (i: number) => flags[i].filter((f) => f.message.startsWith('A verdict is made only by the one finding builder')).map((f) => f.line);
  // Line 1: both literals of the conditional; 2: the cast literal; 4: the assignment; 6: the import (imported and local name); 7: the call.
  expect(verdicts(15)).toEqual([1, 1, 2, 4, 6, 6, 7]);
  expect(flags[15].length).toBe(7);
  expect(verdicts(16)).toEqual([1, 1, 2, 4, 6, 6, 7]);
  expect(flags[17]).toEqual([]);
  expect(flags[18]).toEqual([]);
  expect(flags[19]).toEqual([]);
});

test('an id, a step id or a title taken apart in report/ is flagged (a prefix, a slice, a split, a replace, a regular expression); elsewhere, in test data, or typed fields, it is not', () => {
  const ids = (i: number) => flags[i].filter((f) => f.message.startsWith('The report reads typed fields')).map((f) => f.line);
  // Line 1: startsWith and slice; 2: split; 3: the regular expression's test; 4: replace.
  expect(ids(20)).toEqual([1, 1, 2, 3, 4]);
  expect(flags[20].length).toBe(5);
  expect(flags[21]).toEqual([]);
  expect(flags[22]).toEqual([]);
  expect(flags[23]).toEqual([]);
});

test('a record or a step record written as a literal outside record/ is flagged (in the product and the Playwright glue); record/, test data and the builder are not', () => {
  const records = (i: number) => flags[i].filter((f) => f.message.startsWith('A record or a step record is made only by record/new.ts')).map((f) => f.line);
  // Line 2: the record's version; 3: the step literal.
  for (const i of [24, 25, 26]) {
    expect(records(i)).toEqual([2, 3]);
    expect(flags[i].length).toBe(2);
  }
  expect(flags[27]).toEqual([]);
  expect(flags[28]).toEqual([]);
  expect(flags[29]).toEqual([]);
});

test('a file over 400 lines is flagged, product, test or generator alike; one of 400 is not', () => {
  for (const i of [30, 31, 32]) expect(flags[i].map((f) => f.message)).toEqual(['File has too many lines (401). Maximum allowed is 400.']);
  expect(flags[33]).toEqual([]);
});
