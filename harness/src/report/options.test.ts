import * as path from 'node:path';
import { DEFAULT_OUTPUT_FOLDER, resolveOptions } from './options';

describe('resolveOptions', () => {
  test('defaults, options, then environment variables', () => {
    expect(resolveOptions({}, {}, '/r')).toEqual({
      outputFolder: path.resolve('/r', DEFAULT_OUTPUT_FOLDER),
      title: 'Conformance report',
      rawSecrets: false,
      failOn: 'fail',
    });
    expect(resolveOptions({ outputFolder: 'out', title: 'T', rawSecrets: true, configDir: '/c', _mode: 'x' }, {}, '/r')).toEqual({
      outputFolder: '/c/out',
      title: 'T',
      rawSecrets: true,
      failOn: 'fail',
    });
    expect(
      resolveOptions(
        { outputFolder: 'out', title: 'T' },
        { HARNESS_REPORT_DIR: 'env-out', HARNESS_REPORT_TITLE: 'Env', HARNESS_REPORT_RAW_SECRETS: '1' },
        '/r',
      ),
    ).toEqual({
      outputFolder: '/r/env-out',
      title: 'Env',
      rawSecrets: true,
      failOn: 'fail',
    });
    expect(resolveOptions({}, { HARNESS_FAIL_ON: 'warn' }, '/r').failOn).toBe('warn');
    expect(resolveOptions({ rawSecrets: true }, { HARNESS_REPORT_RAW_SECRETS: '0' }, '/r').rawSecrets).toBe(false);
  });

  test('clear errors for bad values', () => {
    expect(() => resolveOptions({ outputFolder: '' }, {})).toThrow(/outputFolder must be a non-empty path/);
    expect(() => resolveOptions({ title: 3 }, {})).toThrow(/title must be a non-empty string/);
    expect(() => resolveOptions({ rawSecrets: 'yes' }, {})).toThrow(/rawSecrets must be true or false/);
    expect(() => resolveOptions({ outDir: 'x' }, {})).toThrow(/unknown option "outDir"/);
  });

  test("a bad HARNESS_* setting is the set-up's to refuse: the reporter reads what it can, secrets redacted and failing on fail", () => {
    expect(resolveOptions({}, { HARNESS_REPORT_RAW_SECRETS: 'yes' }, '/r')).toMatchObject({ rawSecrets: false, failOn: 'fail' });
    expect(resolveOptions({}, { HARNESS_FAIL_ON: 'everything', HARNESS_REPORT_TITLE: 'T' }, '/r')).toMatchObject({ title: 'T', failOn: 'fail' });
    expect(resolveOptions({}, { HARNESS_CONNECT_TIMEOUT_MS: 'x', HARNESS_FAIL_ON: 'warn' }, '/r').failOn).toBe('warn');
  });
});
