/**
 * Reads the --from file and says plainly when it is not what accept works from: a path that does
 * not exist, a file that is not JSON, JSON that is not a conformance report of the version this
 * code reads, or one built from test records of another version. Only the top level is checked here; the tests inside are read defensively later,
 * because a report may carry fields this code does not know (baseline data of differential runs).
 */
import * as fs from 'node:fs';
import { RECORD_VERSION } from '../record';
import { RESULTS_SCHEMA, type ConformanceResults } from '../report/types';
import { AcceptResultsError } from './errors';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function readResults(file: string): ConformanceResults {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder, not a results.json' : `cannot read (${code ?? (e as Error).message})`;
    throw new AcceptResultsError('HARNESS_ERR_ACCEPT_RESULTS_NOT_FOUND', file, reason);
  }
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new AcceptResultsError('HARNESS_ERR_ACCEPT_RESULTS_NOT_JSON', file, `not JSON (${(e as Error).message})`);
  }
  return checkResults(json, file);
}

/** The top level of a results.json: the schema this code reads, a run and a list of tests. */
export function checkResults(json: unknown, file: string): ConformanceResults {
  const notResults = (reason: string) => new AcceptResultsError('HARNESS_ERR_ACCEPT_NOT_RESULTS', file, `not a conformance results.json: ${reason}`);
  if (!isObject(json))
    throw notResults(
      `expected a JSON object with "schema": "${RESULTS_SCHEMA}", got ${Array.isArray(json) ? 'an array' : json === null ? 'null' : typeof json}`,
    );
  if (!('schema' in json)) throw notResults(`it has no "schema" field (expected "${RESULTS_SCHEMA}")`);
  if (json.schema !== RESULTS_SCHEMA)
    throw notResults(`"schema" is ${JSON.stringify(json.schema)}, expected "${RESULTS_SCHEMA}" (write the report again with this version of the harness)`);
  // What accept reads of an expectation (its step, what it is about, what compared it) is the record's, as data.
  if (json.record !== RECORD_VERSION)
    throw notResults(
      `its tests were recorded ${json.record === undefined ? 'by an older harness (no "record" field)' : `as ${JSON.stringify(json.record)}`}, and accept reads records of "${RECORD_VERSION}" (run the suite again with this version of the harness)`,
    );
  if (!isObject(json.run)) throw notResults('it has no "run" object');
  if (!Array.isArray(json.tests)) throw notResults('it has no "tests" list');
  return json as unknown as ConformanceResults;
}
