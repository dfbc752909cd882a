import { mergeRecordedNoise, NO_NOISE, noiseText, readRecordedNoise, type RecordedNoise } from './noise-record';

const learned: RecordedNoise = { status: true, fields: ['x-cache', 'x-trace-id'], presence: ['x-cache'], cookies: { sid: ['value', 'expiry'] }, body: true };

test('the words of a view, a field whose presence changed marked so', () => {
  expect(noiseText(learned)).toEqual(['status', 'header x-cache (present or not)', 'header x-trace-id', 'cookie sid value, expiry', 'body']);
  expect(noiseText(NO_NOISE)).toEqual([]);
});

test('read back as written; words (a record before version 2), a hand-edited shape or nothing read as no noise', () => {
  expect(readRecordedNoise(JSON.parse(JSON.stringify(learned)))).toEqual(learned);
  expect(readRecordedNoise(['header x-trace-id'])).toBeUndefined();
  expect(readRecordedNoise({ status: 'yes', fields: [], body: false })).toBeUndefined();
  expect(readRecordedNoise({ status: false, fields: [1], body: false })).toBeUndefined();
  expect(readRecordedNoise(undefined)).toBeUndefined();
  // Parts a reader cannot read are left out, not guessed: a cookie whose aspects are not strings.
  expect(readRecordedNoise({ status: false, fields: [], body: false, cookies: { a: 'value', b: ['value'] } })).toEqual({
    ...NO_NOISE,
    cookies: { b: ['value'] },
  });
});

test('two legs merged: what differed over either', () => {
  const other: RecordedNoise = { status: false, fields: ['x-request-id'], presence: [], cookies: { sid: ['value', 'path'], other: ['value'] }, body: false };
  expect(mergeRecordedNoise(learned, other)).toEqual({
    status: true,
    fields: ['x-cache', 'x-request-id', 'x-trace-id'],
    presence: ['x-cache'],
    cookies: { sid: ['expiry', 'path', 'value'], other: ['value'] },
    body: true,
  });
});
