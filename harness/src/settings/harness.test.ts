import { HarnessError, SettingsError } from '../core';
import { LimitConfigError, ReportOptionsError } from './errors';
import { DEFAULT_LIMITS, DEFAULT_TIMEOUTS, harnessSettings, HARNESS_USER_VARIABLES, readHarnessSettings } from './harness';

describe('readHarnessSettings', () => {
  test('an empty environment gives the documented defaults', () => {
    expect(readHarnessSettings({})).toEqual({
      failOn: 'fail',
      limits: { connectTimeoutMs: 10_000, requestTimeoutMs: 30_000, bodyCapBytes: 16 * 1024 * 1024 },
      browserTimeouts: { navigationMs: 15000, settleMs: 10000, responseMs: 10000, flowMs: 45000 },
      report: {},
      ci: { github: false },
      history: {},
      certMinDays: 14,
      nodes: 'all',
    });
    expect(readHarnessSettings({}).limits).toEqual(DEFAULT_LIMITS);
    expect(readHarnessSettings({}).browserTimeouts).toEqual(DEFAULT_TIMEOUTS);
  });

  test('every variable, parsed', () => {
    const s = readHarnessSettings({
      HARNESS_FAIL_ON: 'Warn',
      HARNESS_CONNECT_TIMEOUT_MS: '1500',
      HARNESS_REQUEST_TIMEOUT_MS: '2500',
      HARNESS_BODY_CAP_BYTES: '1024',
      HARNESS_BROWSER_TIMEOUT_MS: '4000',
      HARNESS_REPORT_DIR: ' out ',
      HARNESS_REPORT_TITLE: ' Staging ',
      HARNESS_REPORT_RAW_SECRETS: '1',
      HARNESS_SPEC_COMMIT: 'abc123',
      HARNESS_KNOWN: ' staging-known.json ',
      HARNESS_GITHUB: '1',
      GITHUB_STEP_SUMMARY: '/tmp/step-summary',
      HARNESS_PREVIOUS: 'last/results.json',
      HARNESS_RERUN: 'ci/results.json',
      HARNESS_CERT_MIN_DAYS: ' 30 ',
      HARNESS_NODES: 'first',
    });
    expect(s).toEqual({
      failOn: 'warn',
      limits: { connectTimeoutMs: 1500, requestTimeoutMs: 2500, bodyCapBytes: 1024 },
      browserTimeouts: { navigationMs: 4000, settleMs: 2667, responseMs: 2667, flowMs: 12000 },
      report: { dir: 'out', title: 'Staging', rawSecrets: true },
      specCommit: 'abc123',
      knownFile: 'staging-known.json',
      ci: { github: true, stepSummary: '/tmp/step-summary' },
      history: { previous: 'last/results.json', rerun: 'ci/results.json' },
      certMinDays: 30,
      nodes: 1,
    });
  });

  test('HARNESS_STRICT=1 is HARNESS_FAIL_ON=info; empty values count as unset', () => {
    expect(readHarnessSettings({ HARNESS_STRICT: '1' }).failOn).toBe('info');
    expect(readHarnessSettings({ HARNESS_STRICT: '0', HARNESS_FAIL_ON: 'diff' }).failOn).toBe('diff');
    const blank = readHarnessSettings({
      HARNESS_FAIL_ON: '',
      HARNESS_BODY_CAP_BYTES: '',
      HARNESS_BROWSER_TIMEOUT_MS: '',
      HARNESS_REPORT_DIR: '  ',
      HARNESS_REPORT_TITLE: '',
      HARNESS_REPORT_RAW_SECRETS: '',
      HARNESS_SPEC_COMMIT: '',
      HARNESS_KNOWN: ' ',
      HARNESS_GITHUB: '',
      HARNESS_PREVIOUS: '',
      HARNESS_RERUN: '',
    });
    expect(blank).toEqual(readHarnessSettings({}));
    expect(readHarnessSettings({ HARNESS_REPORT_RAW_SECRETS: '0' }).report).toEqual({ rawSecrets: false });
  });

  test('GitHub output: on in GitHub Actions (GITHUB_ACTIONS=true) unless HARNESS_GITHUB=0; HARNESS_GITHUB=1 anywhere', () => {
    expect(readHarnessSettings({ GITHUB_ACTIONS: 'true' }).ci).toEqual({ github: true });
    expect(readHarnessSettings({ GITHUB_ACTIONS: 'true', HARNESS_GITHUB: '0' }).ci).toEqual({ github: false });
    expect(readHarnessSettings({ HARNESS_GITHUB: '1' }).ci).toEqual({ github: true });
    expect(readHarnessSettings({ GITHUB_ACTIONS: 'false' }).ci).toEqual({ github: false });
  });
  test('the object is frozen, its parts too', () => {
    const s = readHarnessSettings({});
    expect(Object.isFrozen(s)).toBe(true);
    expect(Object.isFrozen(s.limits)).toBe(true);
    expect(Object.isFrozen(s.browserTimeouts)).toBe(true);
    expect(Object.isFrozen(s.report)).toBe(true);
  });

  test.each([
    [
      { HARNESS_FAIL_ON: 'everything' },
      SettingsError,
      'HARNESS_FAIL_ON: "everything" is not one of fail, warn, diff, info (the verdict at and above which the run fails)',
    ],
    [{ HARNESS_STRICT: 'yes' }, SettingsError, 'HARNESS_STRICT: "yes" must be 1 or 0; it is the older spelling of HARNESS_FAIL_ON=info'],
    [
      { HARNESS_STRICT: '1', HARNESS_FAIL_ON: 'warn' },
      SettingsError,
      'HARNESS_STRICT: "1" contradicts HARNESS_FAIL_ON=warn: HARNESS_STRICT=1 means HARNESS_FAIL_ON=info; set only HARNESS_FAIL_ON',
    ],
    [{ HARNESS_CONNECT_TIMEOUT_MS: '0' }, LimitConfigError, 'HARNESS_CONNECT_TIMEOUT_MS="0": expected a positive whole number (default 10000)'],
    [{ HARNESS_BODY_CAP_BYTES: '1e6' }, LimitConfigError, 'HARNESS_BODY_CAP_BYTES="1e6": expected a positive whole number (default 16777216)'],
    [{ HARNESS_BROWSER_TIMEOUT_MS: '100' }, LimitConfigError, 'HARNESS_BROWSER_TIMEOUT_MS="100" must be a number of milliseconds >= 500'],
    [
      { HARNESS_GITHUB: 'yes' },
      SettingsError,
      'HARNESS_GITHUB: "yes" must be 1 (write GitHub annotations and the job summary) or 0 (never); unset, GITHUB_ACTIONS=true decides',
    ],
    [{ HARNESS_RERUN: 'none' }, SettingsError, 'HARNESS_RERUN: "none" names a results.json whose failing tests to run again; unset it to run everything'],
    [
      { HARNESS_REPORT_RAW_SECRETS: 'true' },
      ReportOptionsError,
      'conformance reporter: HARNESS_REPORT_RAW_SECRETS must be 1 (show raw secret values) or 0, got "true"',
    ],
  ])('%j stops the run, naming the variable and the value', (env, type, message) => {
    expect(() => readHarnessSettings(env)).toThrow(type);
    expect(() => readHarnessSettings(env)).toThrow(HarnessError);
    expect(() => readHarnessSettings(env)).toThrow(message);
  });
});

describe('harnessSettings', () => {
  test('parsed once per environment: the same object while the variables keep their values', () => {
    const env: NodeJS.ProcessEnv = { HARNESS_FAIL_ON: 'warn', UNRELATED: 'a' };
    const first = harnessSettings(env);
    env.UNRELATED = 'b';
    expect(harnessSettings(env)).toBe(first);
    env.HARNESS_FAIL_ON = 'diff';
    const second = harnessSettings(env);
    expect(second).not.toBe(first);
    expect(second.failOn).toBe('diff');
    expect(harnessSettings({ HARNESS_FAIL_ON: 'diff' })).toEqual(second);
  });

  test('a bad value throws on every call, not once', () => {
    const env = { HARNESS_BODY_CAP_BYTES: '-1' };
    expect(() => harnessSettings(env)).toThrow(LimitConfigError);
    expect(() => harnessSettings(env)).toThrow(LimitConfigError);
  });

  test('the cache key covers every variable it reads', () => {
    expect([...HARNESS_USER_VARIABLES].sort()).toEqual(
      [
        'HARNESS_BODY_CAP_BYTES',
        'HARNESS_BROWSER_TIMEOUT_MS',
        'HARNESS_CONNECT_TIMEOUT_MS',
        'HARNESS_FAIL_ON',
        'HARNESS_REPORT_DIR',
        'HARNESS_REPORT_RAW_SECRETS',
        'HARNESS_REPORT_TITLE',
        'HARNESS_REQUEST_TIMEOUT_MS',
        'HARNESS_SPEC_COMMIT',
        'HARNESS_STRICT',
        'HARNESS_KNOWN',
        'HARNESS_TICKET_URL',
        'HARNESS_GITHUB',
        'GITHUB_ACTIONS',
        'GITHUB_STEP_SUMMARY',
        'HARNESS_PREVIOUS',
        'HARNESS_RERUN',
        'HARNESS_KEEP_PLAYWRIGHT_FILES',
        'HARNESS_CERT_MIN_DAYS',
        'HARNESS_NODES',
      ].sort(),
    );
  });
});

test('HARNESS_TICKET_URL: an http(s) address with {id}; anything else is one line naming the fix', () => {
  expect(readHarnessSettings({ HARNESS_TICKET_URL: 'https://tracker.example.org/browse/{id}' }).ticketUrl).toBe('https://tracker.example.org/browse/{id}');
  expect(readHarnessSettings({}).ticketUrl).toBeUndefined();
  expect(() => readHarnessSettings({ HARNESS_TICKET_URL: 'https://tracker.example.org/browse/' })).toThrow(
    /HARNESS_TICKET_URL.*must be an http:\/\/ or https:\/\/ address with \{id\} where the ticket id goes/,
  );
});

test('HARNESS_CERT_MIN_DAYS: a positive whole number of days; anything else is one line naming the fix', () => {
  expect(readHarnessSettings({ HARNESS_CERT_MIN_DAYS: '' }).certMinDays).toBe(14);
  expect(readHarnessSettings({ HARNESS_CERT_MIN_DAYS: '1' }).certMinDays).toBe(1);
  for (const bad of ['0', '-3', '2.5', 'two weeks', '1e3'])
    expect(() => readHarnessSettings({ HARNESS_CERT_MIN_DAYS: bad })).toThrow(
      `HARNESS_CERT_MIN_DAYS: ${JSON.stringify(bad)} must be a positive whole number of days (default 14): a certificate with fewer days left warns`,
    );
});
