import { emptyCounts, isVerdict, rank, summaryVerdict, VERDICTS, worst } from './verdict';
import { defaultLevel, verdictFor } from './level';
import { DEFAULT_FAIL_ON, FAIL_ON_VALUES, failOnFromEnv, failsRun } from './fail-on';
import { SettingsError } from './errors';

test('the order is written once, worst first', () => {
  expect(VERDICTS).toEqual(['error', 'fail', 'warn', 'known', 'diff', 'info', 'fixed', 'skip', 'n/a', 'pass']);
  expect(rank('error')).toBeLessThan(rank('fail'));
  expect(rank('warn')).toBeLessThan(rank('info'));
  expect(Object.keys(emptyCounts())).toEqual([...VERDICTS]);
  expect(isVerdict('warn')).toBe(true);
  expect(isVerdict('strict')).toBe(false);
});

/** Every ordered pair of verdicts (worse first, by their place in VERDICTS). */
const PAIRS = VERDICTS.flatMap((worse, i) => VERDICTS.slice(i + 1).map((better) => [worse, better] as const));

describe('every ordering helper reads the one order', () => {
  test('the table covers every pair', () => {
    expect(PAIRS).toHaveLength((VERDICTS.length * (VERDICTS.length - 1)) / 2);
  });
  test.each(PAIRS)('%s is worse than %s', (worse, better) => {
    expect(rank(worse)).toBeLessThan(rank(better));
    expect(worst([better, worse])).toBe(worse);
    expect(worst([worse, better])).toBe(worse);
    for (const failOn of FAIL_ON_VALUES) if (failsRun(better, failOn)) expect(failsRun(worse, failOn)).toBe(true);
  });
  test('ranks are the positions in VERDICTS; sorting by rank gives VERDICTS back', () => {
    expect(VERDICTS.map(rank)).toEqual(VERDICTS.map((_, i) => i));
    const reversed = [...VERDICTS].reverse();
    expect(reversed.sort((a, b) => rank(a) - rank(b))).toEqual([...VERDICTS]);
  });
  test.each(FAIL_ON_VALUES)('HARNESS_FAIL_ON=%s fails a leading run of VERDICTS, up to itself', (failOn) => {
    expect(VERDICTS.filter((v) => failsRun(v, failOn))).toEqual(VERDICTS.slice(0, rank(failOn) + 1));
  });
});

test('worst and summaryVerdict', () => {
  expect(worst(['pass', 'warn', 'info'])).toBe('warn');
  expect(worst([])).toBe('pass');
  expect(worst(['pass', 'skip'])).toBe('skip');
  // a test whose one rule did not apply still passes; only a test where nothing was judged is skipped
  expect(summaryVerdict(['pass', 'n/a', 'skip'])).toBe('pass');
  expect(summaryVerdict(['n/a', 'skip'])).toBe('skip');
  expect(summaryVerdict(['n/a'])).toBe('n/a');
  expect(summaryVerdict(['info', 'skip'])).toBe('info');
});

test('levels: must fails, should warns, info informs; the embedded reference is held to everything', () => {
  expect(verdictFor(false, 'must', 'user')).toBe('fail');
  expect(verdictFor(false, 'should', 'user')).toBe('warn');
  expect(verdictFor(false, 'info', 'user')).toBe('info');
  expect(verdictFor(true, 'must', 'user')).toBe('pass');
  expect(verdictFor(false, 'info', 'reference')).toBe('fail');
  expect(verdictFor(false, 'should', 'reference')).toBe('fail');
  expect(defaultLevel('reference')).toBe('info');
  expect(defaultLevel('capture')).toBe('must');
  expect(defaultLevel('rfc')).toBe('must');
});

describe('HARNESS_FAIL_ON', () => {
  test('default fail; each value a threshold', () => {
    expect(failOnFromEnv({})).toBe(DEFAULT_FAIL_ON);
    expect(DEFAULT_FAIL_ON).toBe('fail');
    expect(failOnFromEnv({ HARNESS_FAIL_ON: 'warn' })).toBe('warn');
    expect(failOnFromEnv({ HARNESS_FAIL_ON: ' INFO ' })).toBe('info');
    expect(failsRun('warn', 'fail')).toBe(false);
    expect(failsRun('warn', 'warn')).toBe(true);
    expect(failsRun('error', 'fail')).toBe(true);
    expect(failsRun('fixed', 'info')).toBe(false);
  });
  test('HARNESS_STRICT=1 is the older spelling of info', () => {
    expect(failOnFromEnv({ HARNESS_STRICT: '1' })).toBe('info');
    expect(failOnFromEnv({ HARNESS_STRICT: '1', HARNESS_FAIL_ON: 'info' })).toBe('info');
    expect(failOnFromEnv({ HARNESS_STRICT: '0' })).toBe('fail');
  });
  test('bad values are errors naming the variable and the value', () => {
    expect(() => failOnFromEnv({ HARNESS_FAIL_ON: 'warning' })).toThrow(
      new SettingsError('HARNESS_FAIL_ON', 'warning', 'is not one of fail, warn, diff, info (the verdict at and above which the run fails)'),
    );
    expect(() => failOnFromEnv({ HARNESS_FAIL_ON: 'warning' })).toThrow(/^HARNESS_FAIL_ON: "warning" is not one of/);
    expect(() => failOnFromEnv({ HARNESS_STRICT: 'yes' })).toThrow(/^HARNESS_STRICT: "yes" must be 1 or 0/);
    expect(() => failOnFromEnv({ HARNESS_STRICT: '1', HARNESS_FAIL_ON: 'warn' })).toThrow(/contradicts HARNESS_FAIL_ON=warn/);
    let caught: unknown;
    try {
      failOnFromEnv({ HARNESS_FAIL_ON: 'x' });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(SettingsError);
    expect((caught as SettingsError).code).toBe('HARNESS_ERR_SETTINGS');
  });
});
