import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { HarnessError } from '../core';
import { KnownDeviationsError } from './errors';
import { DEFAULT_KNOWN_FILE, isCalendarDate, loadKnown } from './load';
import { KNOWN_SCHEMA, KNOWN_SCHEMA_FILE } from './schema';

let dir: string;
beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'known-'))));
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const write = (text: string) => {
  const file = path.join(dir, 'known.json');
  fs.writeFileSync(file, text);
  return file;
};
const entry = { id: 'site/home header x-frame-options', reason: 'the CDN folds the two lines', ticket: 'https://tickets.example/OPS-1', expires: '2030-01-31' };

const problemsOf = (f: () => unknown): string[] => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(KnownDeviationsError);
    expect(e).toBeInstanceOf(HarnessError);
    expect((e as KnownDeviationsError).code).toBe('HARNESS_ERR_KNOWN');
    return [...(e as KnownDeviationsError).problems];
  }
  throw new Error('no error thrown');
};

test("the repository's file is valid and empty, and names its schema; the schema file is up to date", () => {
  expect(loadKnown(DEFAULT_KNOWN_FILE)).toEqual({ file: DEFAULT_KNOWN_FILE, present: true, entries: [] });
  expect(JSON.parse(fs.readFileSync(DEFAULT_KNOWN_FILE, 'utf8')).$schema).toBe('./known-deviations.schema.json');
  expect(fs.readFileSync(KNOWN_SCHEMA_FILE, 'utf8')).toBe(`${JSON.stringify(KNOWN_SCHEMA, null, 2)}\n`);
});

test('a missing default file or an empty file means no known deviations; a missing file HARNESS_KNOWN names is an error', () => {
  expect(loadKnown(path.join(dir, 'absent.json')).entries).toEqual([]);
  expect(loadKnown(write('  \n')).entries).toEqual([]);
  expect(problemsOf(() => loadKnown(path.join(dir, 'absent.json'), { explicit: true }))).toEqual(['no such file (HARNESS_KNOWN names it)']);
});

test('entries are read with their position', () => {
  const file = write(JSON.stringify({ deviations: [entry, { ...entry, id: 'shop/**', actual: 'nginx' }] }));
  expect(loadKnown(file).entries).toEqual([
    { index: 0, ...entry },
    { index: 1, ...entry, id: 'shop/**', actual: 'nginx' },
  ]);
});

test('every problem is listed at once, each naming its entry', () => {
  const file = write(
    JSON.stringify({
      deviations: [
        entry,
        { id: 'site/home header vary', reason: 'x', expires: '2030-01-01' },
        { ...entry, id: 'bare/home', ticket: 'fix it later', expires: '31/01/2030' },
        { ...entry, id: 'shop/home', owner: 'me' },
      ],
    }),
  );
  expect(problemsOf(() => loadKnown(file))).toEqual([
    `entry 2 ("site/home header vary"): must have required property 'ticket'`,
    'entry 3 ("bare/home"): ticket must be a ticket id (OPS-412, #412) or an http:// or https:// URL',
    'entry 3 ("bare/home"): expires must be a date written YYYY-MM-DD',
    'entry 4 ("shop/home"): has the unknown field "owner" (known: id, actual, reason, ticket, expires)',
  ]);
  expect(() => loadKnown(file)).toThrow(/known\.json: 4 problems\n {2}entry 2/);
});

test('a date that does not exist, JSON that does not parse, and a file without its list are refused', () => {
  expect(problemsOf(() => loadKnown(write(JSON.stringify({ deviations: [{ ...entry, expires: '2030-02-30' }] }))))).toEqual([
    'entry 1 ("site/home header x-frame-options"): expires "2030-02-30" is not a calendar date',
  ]);
  expect(problemsOf(() => loadKnown(write('{"deviations": [')))[0]).toMatch(/^not JSON/);
  expect(problemsOf(() => loadKnown(write('[]')))).toEqual(['must be object']);
  expect(problemsOf(() => loadKnown(write('{"entries": []}')))).toEqual([
    "must have required property 'deviations'",
    'has the unknown field "entries" (expected {"deviations": [...]})',
  ]);
});

test('calendar dates', () => {
  expect(isCalendarDate('2028-02-29')).toBe(true);
  expect(isCalendarDate('2027-02-29')).toBe(false);
  expect(isCalendarDate('2027-1-01')).toBe(false);
});
