/**
 * The rule "no product function over 80 lines without a comment that says why", held in `npm test`:
 * the product code has none without one, and the finder sees a planted one (and only where the rule
 * says so: one line shorter, or with a comment above, is not a breach).
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { MAX_LINES, longFunctions, productLongFunctions } = require('./long-functions') as {
  MAX_LINES: number;
  longFunctions: (file: string, text: string) => Array<{ where: string; name: string; lines: number; commented: boolean }>;
  productLongFunctions: () => Array<{ where: string; name: string; lines: number; commented: boolean }>;
};

/** A function whose body spans `lines` lines, its `{` and `}` included, after `above` (a line or nothing). */
const planted = (lines: number, above = '') =>
  `import { x } from './x';\n\n${above}export function long(): number {\n${'  x();\n'.repeat(lines - 3)}  return 1;\n}\n`;

test('every product function over the limit says why in a comment above it', () => {
  const found = productLongFunctions();
  expect(found.length).toBeGreaterThan(0);
  expect(found.filter((f) => !f.commented).map((f) => `${f.where} ${f.name} (${f.lines} lines)`)).toEqual([]);
});

test('a function one line over the limit is found; with a comment above it, it is found as commented; at the limit, not at all', () => {
  expect(longFunctions('harness/src/example.ts', planted(MAX_LINES + 1))).toEqual([
    { where: 'harness/src/example.ts:3', name: 'long', lines: MAX_LINES + 1, commented: false },
  ]);
  expect(longFunctions('harness/src/example.ts', planted(MAX_LINES + 1, '// Why it is long.\n'))).toEqual([
    { where: 'harness/src/example.ts:4', name: 'long', lines: MAX_LINES + 1, commented: true },
  ]);
  expect(longFunctions('harness/src/example.ts', planted(MAX_LINES))).toEqual([]);
});
