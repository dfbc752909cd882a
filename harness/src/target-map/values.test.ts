import { configErrorOf } from '../testing/config-error-of';
import { checkValueNames, parseValue, readEnvValues } from './values';

const src = (variable: string) => ({ variable });
const value = (name: string, v: string) => parseValue(name, v, src(`TARGET_VALUE_${name}`));

test('a value typed the way a person would is written in its one form', () => {
  expect(value('REDIRECTOR_DIRECTORY', '/learn/')).toBe('learn');
  expect(value('REDIRECTOR_DIRECTORY', 'learn/')).toBe('learn');
  expect(value('REDIRECTOR_DIRECTORY', 'learn')).toBe('learn');
  expect(value('PRODUCT_HANDLE', '/products/linen-apron')).toBe('linen-apron');
  expect(value('PRODUCT_HANDLE', 'linen-apron/')).toBe('linen-apron');
  expect(value('BEACON_PATH', 't.gif')).toBe('/t.gif');
  expect(value('BEACON_PATH', '/px/t.gif')).toBe('/px/t.gif');
  // A value the bundled specs do not name is taken as written.
  expect(value('CUSTOM', 'a/b')).toBe('a/b');
  expect(readEnvValues({ TARGET_VALUE_REDIRECTOR_DIRECTORY: '/learn/' }).REDIRECTOR_DIRECTORY).toEqual({
    value: 'learn',
    from: 'TARGET_VALUE_REDIRECTOR_DIRECTORY',
  });
});

test.each([
  [
    'REDIRECTOR_DIRECTORY',
    'learn/more',
    'TARGET_VALUE_REDIRECTOR_DIRECTORY: "learn/more" is not one path segment; give the directory name alone, e.g. blog (the page is /<directory>/)',
  ],
  [
    'REDIRECTOR_DIRECTORY',
    'https://go.example.org/learn/',
    'TARGET_VALUE_REDIRECTOR_DIRECTORY: "https://go.example.org/learn/" is a URL; give the directory name alone',
  ],
  [
    'PRODUCT_HANDLE',
    '/collections/linen-apron',
    'TARGET_VALUE_PRODUCT_HANDLE: "/collections/linen-apron" is not one path segment; give the handle alone, e.g. linen-apron',
  ],
  [
    'PRODUCT_HANDLE',
    '"linen-apron"',
    'TARGET_VALUE_PRODUCT_HANDLE: "\\"linen-apron\\"" is written in quotes, which would become part of the value: give it without them',
  ],
  ['BEACON_PATH', '/t.gif?a=1', 'TARGET_VALUE_BEACON_PATH: "/t.gif?a=1" must not contain whitespace, control characters, "?" or "#"; give a path, e.g. /t.gif'],
])('%s=%s is refused, naming the variable and the form expected', (name, v, message) => {
  expect(configErrorOf(() => value(name, v)).message).toContain(message);
});

test('a value no spec or flow names stops the run, with the nearest name', () => {
  const named = new Set(['PRODUCT_HANDLE', 'REDIRECTOR_DIRECTORY', 'BEACON_PATH']);
  expect(() => checkValueNames(readEnvValues({ TARGET_VALUE_PRODUCT_HANDLE: 'mug' }), named)).not.toThrow();
  expect(configErrorOf(() => checkValueNames(readEnvValues({ TARGET_VALUE_PRODUCT_HANDEL: 'mug' }), named)).message).toBe(
    'TARGET_VALUE_PRODUCT_HANDEL: "mug" sets the value PRODUCT_HANDEL, which no spec or flow names (they name BEACON_PATH, PRODUCT_HANDLE, REDIRECTOR_DIRECTORY); did you mean TARGET_VALUE_PRODUCT_HANDLE?',
  );
});

describe('other first-run traps, each with a message naming the variable and the form', () => {
  // Imported here to keep the first-run cases together.
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { parseSection } = require('./settings') as typeof import('./settings');
  const { parseBaseUrl } = require('./urls') as typeof import('./urls');
  const { parseHeadersVariable } = require('./headers') as typeof import('./headers');
  /* eslint-enable @typescript-eslint/no-require-imports */

  test('TARGET_SECTION=/static/ is the segment static; a path is refused', () => {
    expect(parseSection('/static/', src('TARGET_SECTION'))).toBe('static');
    expect(parseSection('static/', src('TARGET_SECTION'))).toBe('static');
    expect(configErrorOf(() => parseSection('static/css', src('TARGET_SECTION'))).message).toBe(
      'TARGET_SECTION: "static/css" must be one path segment, without "/", "\\", "?" or "#" (e.g. static, for /static/css/...)',
    );
  });

  test('a URL in quotes (from a .env file or a CI form) is refused as such', () => {
    expect(configErrorOf(() => parseBaseUrl('"https://www.example.org"', src('TARGET_URL'))).message).toBe(
      'TARGET_URL: "\\"https://www.example.org\\"" is written in quotes, which would become part of the value: give it without them (expected https://host[:port])',
    );
  });

  test('TARGET_HEADERS given as a header line, or without its role level, says what JSON it wants', () => {
    const line = configErrorOf(() => parseHeadersVariable('Authorization: Basic c3RhZ2luZzpzZWNyZXQ='));
    expect(line.message).toMatch(
      /^TARGET_HEADERS: "‹\d+ chars›" is not valid JSON \(it looks like a header line\) \(.*\); expected JSON such as \{"\*": \{"Authorization": "Basic \.\.\."\}\}$/,
    );
    expect(line.message).not.toContain('c3RhZ2luZzpzZWNyZXQ=');
    expect(configErrorOf(() => parseHeadersVariable('{"Authorization": "Basic c3RhZ2luZzpzZWNyZXQ="}')).message).toBe(
      'TARGET_HEADERS (/Authorization): "Authorization" is a header, not a role: put headers under a role or "*", e.g. {"*": {"Authorization": "..."}}',
    );
  });
});
