/**
 * A spec error is said once, where it is, with the fix: a status that is not one, a misspelt key
 * (the key it resembles, and no second error for the key it hides), a file that does not parse
 * (and nothing the other files say about exchanges it would have held).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CHECKS } from '../checks';
import { loadSpecs, SpecLoadError } from './load';

const ROOT = path.resolve(__dirname, '../../..');
let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spec-errors-'));
  for (const f of ['site.json', 'assets.json', 'shop.json']) fs.copyFileSync(path.join(ROOT, 'specs', f), path.join(dir, f));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const problems = (): string[] => {
  try {
    loadSpecs(dir, CHECKS);
  } catch (e) {
    if (e instanceof SpecLoadError) return e.violations.map((v) => `${path.basename(v.file)}#${v.pointer}: ${v.reason}`);
    throw e;
  }
  return [];
};
const edit = (file: string, change: (doc: { exchanges: Array<Record<string, unknown>> }) => void) => {
  const doc = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  change(doc);
  fs.writeFileSync(path.join(dir, file), JSON.stringify(doc));
};

test('a status that is not one is refused before any request, with the forms a status takes', () => {
  edit('site.json', (d) => ((d.exchanges[0].expect as { status: unknown }).status = '20O'));
  expect(problems()).toEqual([
    'site.json#/exchanges/0/expect/status: status "20O" is not an HTTP status: a number from 100 to 599, or a matcher ({"oneOf": [301, 302]}, {"range": {"min": 200, "max": 299}})',
  ]);
});

test('a misspelt key: one error, naming the key it resembles', () => {
  edit('site.json', (d) => {
    d.exchanges[1].expcet = d.exchanges[1].expect;
    delete d.exchanges[1].expect;
  });
  expect(problems()).toEqual(['site.json#/exchanges/1/expcet: unknown property "expcet"; did you mean "expect"?']);
});

test('a file that does not parse: its one error, nothing about what it would have held', () => {
  const text = fs.readFileSync(path.join(dir, 'site.json'), 'utf8');
  fs.writeFileSync(path.join(dir, 'site.json'), text.replace('"exchanges": [', '"exchanges": [,'));
  const found = problems();
  expect(found).toHaveLength(1);
  expect(found[0]).toMatch(/^site\.json#: invalid JSON at line \d+, column \d+/);
});
