import { editDistance, nearest } from './nearest';

test('editDistance counts insertions, deletions and substitutions', () => {
  expect(editDistance('', '')).toBe(0);
  expect(editDistance('abc', '')).toBe(3);
  expect(editDistance('', 'abc')).toBe(3);
  expect(editDistance('HANDEL', 'HANDLE')).toBe(2);
  expect(editDistance('TARGET_ASSET_URL', 'TARGET_ASSETS_URL')).toBe(1);
  expect(editDistance('kitten', 'sitting')).toBe(3);
});

test('nearest is the closest known name within the bound, the first listed among equally close ones', () => {
  expect(nearest('PRODUCT_HANDEL', ['SKU', 'PRODUCT_HANDLE'])).toBe('PRODUCT_HANDLE');
  expect(nearest('AB', ['AC', 'AD'])).toBe('AC');
  expect(nearest('AB', ['AD', 'AC'])).toBe('AD');
  expect(nearest('ABCDEFGH', ['ABCDWXYZ'])).toBeUndefined();
  expect(nearest('ABCD', ['ABCDEFG'], 3)).toBe('ABCDEFG');
  expect(nearest('ABCD', ['ABCDEFG'], 2)).toBeUndefined();
  expect(nearest('X', [])).toBeUndefined();
});
