import { wrapLine } from './wrap';

test('wraps at word boundaries, indents what follows, and loses nothing', () => {
  const text = 'x site: header x-frame-options is "(absent)" on h1 and h2; h3 at 127.0.0.1:41444 answers "SAMEORIGIN"';
  const lines = wrapLine(text, '    ', 40);
  expect(lines.every((l) => l.length <= 40)).toBe(true);
  expect(lines.slice(1).every((l) => l.startsWith('    '))).toBe(true);
  expect(lines.map((l, i) => (i ? l.slice(4) : l)).join(' ')).toBe(text);
});

test('a word longer than the width is broken, not cut', () => {
  const token = 'a'.repeat(95);
  const lines = wrapLine(`got ${token} end`, '  ', 30);
  expect(lines.every((l) => l.length <= 30)).toBe(true);
  expect(
    lines
      .map((l, i) => (i ? l.slice(2) : l))
      .join('')
      .replace(/ /g, ''),
  ).toBe(`got${token}end`);
});

test('a short line is one line', () => {
  expect(wrapLine('short', '  ')).toEqual(['short']);
  expect(wrapLine('', '  ')).toEqual(['']);
});
