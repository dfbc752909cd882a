import { parseInsecureFlag, parseSection } from './settings';

const S = { variable: 'TARGET_SECTION' };
const I = { variable: 'TARGET_INSECURE' };

describe('parseSection', () => {
  it.each(['static', 'cours-2024', 'a.b', 'é'])('accepts %s', (v) => {
    expect(parseSection(v, S)).toBe(v);
  });

  it.each([
    ['', 'is empty'],
    ['a/b', 'must be one path segment'],
    ['a\\b', 'must be one path segment'],
    ['a?b', 'must be one path segment'],
    ['a#b', 'must be one path segment'],
    ['..', 'must not contain ".."'],
    ['a..b', 'must not contain ".."'],
    ['a b', 'must not contain whitespace'],
    ['a\tb', 'must not contain whitespace'],
    ['a\u0000b', 'must not contain whitespace or control characters'],
  ])('rejects %j', (v, reason) => {
    expect(() => parseSection(v, S)).toThrow(`TARGET_SECTION: ${JSON.stringify(v)} ${reason}`);
  });
});

describe('parseInsecureFlag', () => {
  it.each([
    ['1', true],
    ['true', true],
    ['TRUE', true],
    ['0', false],
    ['false', false],
  ])('reads %s as %s', (v, expected) => {
    expect(parseInsecureFlag(v, I)).toBe(expected);
  });

  it.each(['', 'yes', 'off', '2', ' 1'])('rejects %j', (v) => {
    expect(() => parseInsecureFlag(v, I)).toThrow(`TARGET_INSECURE: ${JSON.stringify(v)} must be 1 or true`);
  });
});
