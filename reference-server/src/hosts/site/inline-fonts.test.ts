import { fromStylesheet, inlineFontFaces, splitFontFaces } from './inline-fonts';

const CSS = `/* theme */\n@font-face {\n  font-family: "Icons";\n  src: url("../fonts/icons.woff2") format("woff2"), url('../fonts/icons.woff') format("woff");\n}\nbody { margin: 0 }\n`;

test('splitFontFaces takes the @font-face rules out of a stylesheet and leaves the rest', () => {
  const { fontFaces, rest } = splitFontFaces(CSS);
  expect(fontFaces).toHaveLength(1);
  expect(fontFaces[0]).toMatch(/^@font-face \{[\s\S]*\}$/);
  expect(rest).toBe('/* theme */\nbody { margin: 0 }\n');
  expect(splitFontFaces('a { b: c }')).toEqual({ fontFaces: [], rest: 'a { b: c }' });
});

test("fromStylesheet writes relative url()s from the page's point of view; absolute ones stay", () => {
  expect(fromStylesheet('src: url("../fonts/a.woff2"), url(\'../fonts/a.woff\'), url(/x/b.woff), url(https://cdn.test/c.woff)', '/{{SECTION}}/css')).toBe(
    'src: url("/{{SECTION}}/fonts/a.woff2"), url(\'/{{SECTION}}/fonts/a.woff\'), url(/x/b.woff), url(https://cdn.test/c.woff)',
  );
});

test('inlineFontFaces puts the rules in a <style> at the end of the head and drops the font preload', () => {
  const page =
    '<html><head>\n    <link rel="preload" href="/s/fonts/icons.woff2" as="font" type="font/woff2" crossorigin="anonymous" />\n    <link href="/s/css/main.css" rel="stylesheet" />\n</head><body></body></html>';
  const out = inlineFontFaces(page, ['@font-face {\n  src: url("/s/fonts/icons.woff2");\n}']);
  expect(out).not.toContain('rel="preload"');
  expect(out).toContain('<link href="/s/css/main.css" rel="stylesheet" />');
  expect(out).toMatch(/<style>\n {8}@font-face \{\n {10}src: url\("\/s\/fonts\/icons\.woff2"\);\n {8}\}\n {4}<\/style>\n<\/head>/);
  expect(inlineFontFaces(page, [])).toBe(page);
});
