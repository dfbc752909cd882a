import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { AcceptResultsError } from './errors';
import { results } from './fixtures';
import { readResults } from './read-results';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accept-read-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const file = (name: string, text: string) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, text);
  return p;
};

function failure(p: string): AcceptResultsError {
  try {
    readResults(p);
  } catch (e) {
    if (e instanceof AcceptResultsError) return e;
    throw e;
  }
  throw new Error('no error');
}

test('a results.json of this schema is read, with fields this version does not know', () => {
  const doc = { ...results([]), baseline: { anything: true } };
  expect(readResults(file('ok.json', JSON.stringify(doc))).run.title).toBe('Fixture run');
});

test.each([
  ['missing.json', undefined, 'HARNESS_ERR_ACCEPT_RESULTS_NOT_FOUND', /missing\.json: no such file$/],
  ['empty.json', '', 'HARNESS_ERR_ACCEPT_RESULTS_NOT_JSON', /empty\.json: not JSON \(/],
  ['list.json', '[]', 'HARNESS_ERR_ACCEPT_NOT_RESULTS', /list\.json: not a conformance results\.json: expected a JSON object .* got an array$/],
  [
    'har.json',
    '{"log":{}}',
    'HARNESS_ERR_ACCEPT_NOT_RESULTS',
    /har\.json: not a conformance results\.json: it has no "schema" field \(expected "harness-conformance-results\/5"\)$/,
  ],
  [
    'v1.json',
    '{"schema":"harness-conformance-results/1"}',
    'HARNESS_ERR_ACCEPT_NOT_RESULTS',
    /v1\.json: .*"schema" is "harness-conformance-results\/1", expected "harness-conformance-results\/5"/,
  ],
  [
    'older.json',
    '{"schema":"harness-conformance-results/5","run":{},"tests":[]}',
    'HARNESS_ERR_ACCEPT_NOT_RESULTS',
    /older\.json: .*its tests were recorded by an older harness \(no "record" field\), and accept reads records of "harness-record\/3" \(run the suite again/,
  ],
  [
    'other-record.json',
    '{"schema":"harness-conformance-results/5","record":"harness-record/0","run":{},"tests":[]}',
    'HARNESS_ERR_ACCEPT_NOT_RESULTS',
    /other-record\.json: .*its tests were recorded as "harness-record\/0", and accept reads/,
  ],
  [
    'notests.json',
    '{"schema":"harness-conformance-results/5","record":"harness-record/3","run":{}}',
    'HARNESS_ERR_ACCEPT_NOT_RESULTS',
    /notests\.json: .*it has no "tests" list$/,
  ],
])('%s: %s', (name, text, code, message) => {
  const p = text === undefined ? path.join(dir, name) : file(name, text);
  const e = failure(p);
  expect(e.code).toBe(code);
  expect(e.message).toMatch(message);
  expect(e.message.startsWith(p)).toBe(true);
});

test('a folder is not a results.json', () => {
  expect(failure(dir).message).toBe(`${dir}: is a folder, not a results.json`);
});
