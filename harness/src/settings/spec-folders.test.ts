import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SettingsError } from '../core';
import { DEFAULT_SPECS_DIR, parseSpecFolders } from './spec-folders';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spec-folders-'));
for (const d of ['specs', 'derived', 'a/derived']) fs.mkdirSync(path.join(root, d), { recursive: true });
fs.writeFileSync(path.join(root, 'file.json'), '{}');
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const parse = (value: string | undefined) => parseSpecFolders(value === undefined ? {} : { HARNESS_SPECS: value }, root);
const errorOf = (value: string) => {
  try {
    parse(value);
  } catch (e) {
    return e as SettingsError;
  }
  throw new Error(`HARNESS_SPECS=${value} was accepted`);
};

test("unset or blank: the repository's specs/, ids as written", () => {
  expect(parse(undefined)).toEqual([{ dir: DEFAULT_SPECS_DIR }]);
  expect(parse('  ')).toEqual([{ dir: DEFAULT_SPECS_DIR }]);
  expect(fs.existsSync(path.join(DEFAULT_SPECS_DIR, 'site.json'))).toBe(true);
});

test('one folder, relative to the working directory or absolute: no prefix', () => {
  expect(parse('derived')).toEqual([{ dir: path.join(root, 'derived') }]);
  expect(parse(path.join(root, 'a/derived/'))).toEqual([{ dir: path.join(root, 'a/derived') }]);
});

test('several folders, comma-separated: each labelled by its name, in the order given', () => {
  expect(parse('specs, derived')).toEqual([
    { dir: path.join(root, 'specs'), label: 'specs' },
    { dir: path.join(root, 'derived'), label: 'derived' },
  ]);
});

test.each([
  ['specs,,derived', /^HARNESS_SPECS: "specs,,derived" names an empty folder/],
  ['specs,', /names an empty folder/],
  ['missing', /names .*\/missing, which does not exist$/],
  ['file.json', /names .*\/file\.json, which is not a folder$/],
  ['specs,./specs', /names .*\/specs twice$/],
  ['derived,a/derived', /names two folders called "derived" \(.*\/derived and .*\/a\/derived\): their ids would both be prefixed "derived:"; rename one$/],
])('HARNESS_SPECS=%s stops the run, naming the variable, the value and why', (value, message) => {
  const e = errorOf(value);
  expect(e).toBeInstanceOf(SettingsError);
  expect(e.code).toBe('HARNESS_ERR_SETTINGS');
  expect(e.message).toMatch(message);
});
