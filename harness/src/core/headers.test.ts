import { fieldLines, fieldValue, type FieldLines } from './headers';

const lines: FieldLines = [
  ['content-type', 'text/html'],
  ['vary', 'Accept-Encoding'],
  ['Set-Cookie', 'a=1; Path=/'],
  ['VARY', 'Cookie'],
  ['set-cookie', 'b=2; Path=/'],
  ['x-empty', ''],
];

test.each([
  // name as asked, the lines in order, the combined value
  ['vary', ['Accept-Encoding', 'Cookie'], 'Accept-Encoding, Cookie'],
  ['Vary', ['Accept-Encoding', 'Cookie'], 'Accept-Encoding, Cookie'],
  ['CONTENT-TYPE', ['text/html'], 'text/html'],
  ['set-cookie', ['a=1; Path=/', 'b=2; Path=/'], 'a=1; Path=/, b=2; Path=/'],
  ['x-empty', [''], ''],
  ['location', [], undefined],
] as const)('%s: lines %j, combined %j', (name, expected, combined) => {
  expect(fieldLines(lines, name)).toEqual(expected);
  expect(fieldValue(lines, name)).toBe(combined);
});

test('no lines, no field', () => {
  expect(fieldLines([], 'date')).toEqual([]);
  expect(fieldValue([], 'date')).toBeUndefined();
});

test('mutable lines (Array<[string, string]>) are accepted as they are', () => {
  const mutable: Array<[string, string]> = [['etag', '"a"']];
  expect(fieldValue(mutable, 'ETag')).toBe('"a"');
});
