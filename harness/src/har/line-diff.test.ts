import { lineDiff } from './line-diff';

describe('lineDiff', () => {
  it('shows changed lines with context', () => {
    const a = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].join('\n');
    const b = ['a', 'b', 'c', 'X', 'e', 'f', 'g', 'h'].join('\n');
    expect(lineDiff(a, b, 1)).toEqual(['  c', '- d', '+ X', '  e', '...', '  g', '+ h']);
  });
  it('is empty for equal texts', () => expect(lineDiff('a\nb', 'a\nb')).toEqual([]));
});
