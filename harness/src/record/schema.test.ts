import * as fs from 'node:fs';
import { flowRecord, replayRecord } from '../report/fixtures';
import { h3Record } from '../report/h3-fixtures';
import { checkedRecord, recordProblems, RecordSchemaError } from './check';
import { generateRecordSchema, SCHEMA_FILE } from './schema-gen';
import { RECORD_VERSION } from './version';

test('record.schema.json is what the record types generate (npm run record:schema rewrites it)', () => {
  expect(fs.readFileSync(SCHEMA_FILE, 'utf8')).toBe(generateRecordSchema());
});

test('the schema names the record version', () => {
  const schema = JSON.parse(fs.readFileSync(SCHEMA_FILE, 'utf8')) as { $id: string };
  expect(schema.$id).toBe(RECORD_VERSION);
});

describe('recordProblems', () => {
  test('an exchange with its h1, h2 and h3 legs, and a browser flow, fit', () => {
    const h3 = h3Record('site/home');
    expect(recordProblems(replayRecord('site/home'))).toEqual([]);
    expect(recordProblems(h3)).toEqual([]);
    expect(recordProblems(h3Record('site/static', { noAnswer: 'net::ERR_QUIC_PROTOCOL_ERROR' }))).toEqual([]);
    expect(recordProblems(flowRecord('bare/browser/to-www', 'fail'))).toEqual([]);
  });

  test('names what does not fit, in the terms of the kind the record says it is', () => {
    expect(recordProblems({ ...replayRecord('site/home'), version: 'harness-record/0' })).toEqual(['/version must be equal to constant']);
    const { parity: _, ...noParity } = replayRecord('site/home');
    expect(recordProblems(noParity)).toEqual(["/ must have required property 'parity'"]);
    expect(recordProblems({ ...flowRecord('bare/browser/to-www'), protocol: 'browser' })).toEqual(['/ must NOT have additional properties (protocol)']);
    const h3 = h3Record('site/home') as unknown as { legs: Array<{ steps: Array<{ h3: { command: unknown } }> }> };
    h3.legs[2].steps[0].h3.command = 'chromium --headless';
    expect(recordProblems(h3)).toEqual(['/legs/2/steps/0/h3/command must be object']);
    expect(recordProblems({ ...replayRecord('site/home'), kind: 'page' }).length).toBeGreaterThan(0);
  });
});

test('checkedRecord returns a record that fits and throws a RecordSchemaError naming one that does not', () => {
  const good = replayRecord('site/home');
  expect(checkedRecord(good)).toBe(good);
  expect(() => checkedRecord({ ...good, legs: [{ protocol: 'h1' }] })).toThrow(RecordSchemaError);
  expect(() => checkedRecord({ ...good, legs: [{ protocol: 'h1' }] })).toThrow(
    "the record of site/home does not fit its schema: /legs/0 must have required property 'steps'",
  );
});
