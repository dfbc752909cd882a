import { fieldKey, fieldLines, fieldValue, isField, linesOfEntries, withoutField, type FieldLines } from './headers';

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

test('isField compares names case-insensitively, and only whole names', () => {
  expect(isField('Alt-Svc', 'alt-svc')).toBe(true);
  expect(isField('alt-svc', 'ALT-SVC')).toBe(true);
  expect(isField('alt-svc-x', 'alt-svc')).toBe(false);
});

test('withoutField leaves out every line of the field, whatever its case, and keeps the rest in order', () => {
  const mixed: Array<[string, string]> = [
    ['Set-Cookie', 'a=1'],
    ['date', 'x'],
    ['set-cookie', 'b=2'],
    ['vary', 'Cookie'],
  ];
  expect(withoutField(mixed, 'set-cookie')).toEqual([
    ['date', 'x'],
    ['vary', 'Cookie'],
  ]);
});

test('{ name, value } entries become lines, repeats and order kept, and are looked up as lines', () => {
  const entries = [
    { name: 'Location', value: '/a' },
    { name: 'location', value: '/b' },
  ];
  expect(linesOfEntries(entries)).toEqual([
    ['Location', '/a'],
    ['location', '/b'],
  ]);
  expect(fieldLines(linesOfEntries(entries), 'LOCATION')).toEqual(['/a', '/b']);
});

test("fieldKey names the map's key for a field whatever its case, undefined when none does", () => {
  const expectHeaders = { 'Content-Type': 'text/css', vary: 'Accept-Encoding' };
  expect(fieldKey(expectHeaders, 'content-type')).toBe('Content-Type');
  expect(fieldKey(expectHeaders, 'Vary')).toBe('vary');
  expect(fieldKey(expectHeaders, 'etag')).toBeUndefined();
});
