import * as path from 'node:path';
import { AcceptModeError, AcceptUsageError } from './errors';
import { DEFAULT_SPECS_DIR, parseOptions } from './options';

test('defaults: mode missing, no write, every id, the repository spec folder', () => {
  expect(parseOptions(['--from', 'r.json'], '/w')).toEqual({ from: '/w/r.json', ids: [], mode: 'missing', write: false, specs: DEFAULT_SPECS_DIR });
  expect(DEFAULT_SPECS_DIR).toBe(path.resolve(__dirname, '../../../specs'));
});

test('values with a space or with =, repeated --ids, a leading --', () => {
  expect(parseOptions(['--', '--from=a/r.json', '--ids', 'site/*', '--ids=shop/**', '--mode=all', '--write', '--specs', 'tmp/specs'], '/w')).toEqual({
    from: '/w/a/r.json',
    ids: ['site/*', 'shop/**'],
    mode: 'all',
    write: true,
    specs: '/w/tmp/specs',
  });
  expect(parseOptions(['--help'])).toBeNull();
});

test.each([
  [[], 'HARNESS_ERR_ACCEPT_USAGE', /^--from <results\.json> is required/],
  [['--from'], 'HARNESS_ERR_ACCEPT_USAGE', /^--from needs a value$/],
  [['--from', '--write'], 'HARNESS_ERR_ACCEPT_USAGE', /^--from needs a value$/],
  [['--from', 'r.json', '--strict'], 'HARNESS_ERR_ACCEPT_USAGE', /^unknown option "--strict"$/],
  [['r.json'], 'HARNESS_ERR_ACCEPT_USAGE', /^unexpected argument "r\.json" \(the results file is given with --from\)$/],
  [['--from', 'r.json', '--write=yes'], 'HARNESS_ERR_ACCEPT_USAGE', /^--write takes no value/],
  [['--from', 'r.json', '--ids', ' '], 'HARNESS_ERR_ACCEPT_USAGE', /^--ids needs a non-empty glob$/],
  [['--from', 'r.json', '--mode', 'strict'], 'HARNESS_ERR_ACCEPT_MODE', /^--mode "strict" is not one of missing, changed, all$/],
])('%j -> %s', (argv, code, message) => {
  let caught: unknown;
  try {
    parseOptions(argv, '/w');
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(code === 'HARNESS_ERR_ACCEPT_MODE' ? AcceptModeError : AcceptUsageError);
  expect((caught as AcceptUsageError).code).toBe(code);
  expect((caught as Error).message).toMatch(message);
  expect((caught as AcceptUsageError).exitCode).toBe(2);
});
