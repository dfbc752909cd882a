import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { baselineRequested, baselineSettings, loadBaselineMap } from './baseline';
import { TargetConfigError } from './errors';
import { DEFAULT_LIMITS, LimitConfigError } from './limits';
import { describeTargetMap, loadTargetMap } from './target-map';
import { targetEnvOf } from '../embedded/start-reference';
import { BASELINE_SIDE } from './side';

const messageOf = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(TargetConfigError);
    expect((e as TargetConfigError).code).toBe('HARNESS_ERR_TARGET_CONFIG');
    return (e as Error).message;
  }
  throw new Error('expected an error');
};

describe('baselineRequested', () => {
  test('no baseline variable: no baseline', () => {
    expect(baselineRequested({ TARGET_URL: 'https://www.x.test' })).toBe('none');
    expect(loadBaselineMap({})).toBeUndefined();
  });

  test("a baseline role URL, or one in BASELINES_FILE: the user's own baseline", () => {
    expect(baselineRequested({ BASELINE_URL: 'https://www.x.test' })).toBe('user');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'baselines-'));
    const file = path.join(dir, 'baselines.json');
    fs.writeFileSync(file, JSON.stringify({ roles: { site: 'https://www.prod.test' }, values: { PRODUCT_HANDLE: 'apron' } }));
    try {
      expect(baselineRequested({ BASELINES_FILE: file })).toBe('user');
      const map = loadBaselineMap({ BASELINES_FILE: file, BASELINE_VALUE_PRODUCT_HANDLE: 'mug' })!;
      expect(map.side).toBe('baseline');
      expect(map.roles.site?.[0].origin).toBe('https://www.prod.test');
      expect(map.values.PRODUCT_HANDLE).toEqual({ value: 'mug', from: 'BASELINE_VALUE_PRODUCT_HANDLE' });
      expect(loadBaselineMap({ BASELINE_TARGETS_FILE: file })!.roles.site?.[0].hostname).toBe('www.prod.test');
      expect(messageOf(() => loadBaselineMap({ BASELINES_FILE: file, BASELINE_TARGETS_FILE: `${file}.other` }))).toMatch(
        /^BASELINE_TARGETS_FILE: ".*other" contradicts BASELINES_FILE=/,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("the same parser and messages as the target, with the baseline's variable names", () => {
    expect(messageOf(() => loadBaselineMap({ BASELINE_URL: 'www.x.test' }))).toMatch(/^BASELINE_URL: "www\.x\.test"/);
    expect(messageOf(() => loadBaselineMap({ BASELINE_URL: 'https://www.x.test', BASELINE_RESOLVE: 'nonsense' }))).toMatch(/^BASELINE_RESOLVE: "nonsense"/);
    expect(messageOf(() => loadBaselineMap({ BASELINE_URL: 'https://www.x.test', BASELINE_CA: '' }))).toBe(
      'BASELINE_CA: "" is empty; unset it or name a PEM file',
    );
    expect(messageOf(() => loadBaselineMap({ BASELINE_URL: 'https://www.x.test', BASELINE_INSECURE: 'yes' }))).toMatch(
      /^BASELINE_INSECURE: "yes" must be 1 or true/,
    );
    expect(messageOf(() => loadBaselineMap({ BASELINE_URL: 'https://www.x.test', BASELINE_SECTION: 'a/b' }))).toMatch(
      /^BASELINE_SECTION: "a\/b" must be one path segment/,
    );
    expect(messageOf(() => loadBaselineMap({ BASELINE_URL: 'https://www.x.test', BASELINE_HEADERS: '{"*": 1}' }))).toMatch(/^BASELINE_HEADERS \(\/\*\)/);
    expect(messageOf(() => loadBaselineMap({ BASELINE_SHOPP_URL: 'https://shop.x.test' }))).toMatch(
      /^BASELINE_SHOPP_URL: .* is not a role variable; did you mean BASELINE_SHOP_URL\?/,
    );
    expect(messageOf(() => loadBaselineMap({ BASELINE_SITE_URL: 'https://www.x.test' }))).toMatch(/the site role is BASELINE_URL/);
  });

  test('a misspelt baseline setting is named, with the nearest known one', () => {
    expect(messageOf(() => baselineRequested({ BASELINE_URL: 'https://www.x.test', BASELINE_RESOLV: 'a:1:127.0.0.1' }))).toMatch(
      /^BASELINE_RESOLV: "a:1:127\.0\.0\.1" is not a baseline variable; did you mean BASELINE_RESOLVE\?/,
    );
  });

  test('BASELINE=reference: alone, or with the variables the run set when it started it', () => {
    expect(baselineRequested({ BASELINE: 'reference' })).toBe('reference');
    expect(messageOf(() => loadBaselineMap({ BASELINE: 'reference' }))).toMatch(/its reference was not started/);
    const started = targetEnvOf(
      {
        event: 'ready',
        tlsPort: 9443,
        httpPort: 9080,
        rootPath: __filename,
        section: 'static',
        urls: { site: ['https://www.lessons.test:9443'], ocsp: ['http://r10.o.pki.test:9080'] },
        implemented: [],
        values: { PRODUCT_HANDLE: 'linen-apron' },
      },
      BASELINE_SIDE,
    );
    expect(started).toMatchObject({
      BASELINE_URL: 'https://www.lessons.test:9443',
      BASELINE_OCSP_URL: 'http://r10.o.pki.test:9080',
      BASELINE_SECTION: 'static',
      BASELINE_VALUE_PRODUCT_HANDLE: 'linen-apron',
      HARNESS_BASELINE_KIND: 'reference',
    });
    expect(started.BASELINE_RESOLVE).toBe('www.lessons.test:9443:127.0.0.1,r10.o.pki.test:9080:127.0.0.1');
    // PEM check: this test file is no certificate, so the map loads only with a real CA; the kind is what matters here.
    expect(baselineRequested({ BASELINE: 'reference', ...started })).toBe('reference');
  });

  test("BASELINE=reference with a baseline of the user's own, or another value: errors", () => {
    expect(messageOf(() => baselineRequested({ BASELINE: 'reference', BASELINE_URL: 'https://www.x.test' }))).toBe(
      'BASELINE_URL: "https://www.x.test" is set together with BASELINE=reference, which starts a reference of its own and describes it itself: unset one of them',
    );
    expect(messageOf(() => baselineRequested({ BASELINE: 'production' }))).toMatch(/^BASELINE: "production" must be "reference"/);
    expect(messageOf(() => baselineRequested({ BASELINE: '' }))).toMatch(/^BASELINE: "" must be "reference"/);
  });

  test('a baseline setting without a baseline is an error, not a silent single-target run', () => {
    expect(messageOf(() => baselineRequested({ BASELINE_CA: 'root.pem' }))).toBe(
      'BASELINE_CA: "root.pem" is set, but no baseline is: set BASELINE_URL (and the other baseline roles) or BASELINE=reference',
    );
  });

  test('the run header names the side', () => {
    const map = loadBaselineMap({ BASELINE_URL: 'https://www.prod.test' })!;
    expect(describeTargetMap(map)).toMatch(/^baseline \(user\):\n {2}site +https:\/\/www\.prod\.test\n/);
    expect(describeTargetMap(map)).toContain('values: none (BASELINE_VALUE_<NAME>)');
    expect(describeTargetMap(loadTargetMap({}))).toMatch(/^target \(user\):/);
  });

  test("the baseline's map carries the run's limits (the HARNESS_* variables both sides share)", () => {
    const map = loadBaselineMap({ BASELINE_URL: 'https://www.prod.test', HARNESS_REQUEST_TIMEOUT_MS: '2500' })!;
    expect(map.limits).toEqual({ ...DEFAULT_LIMITS, requestTimeoutMs: 2500 });
    expect(() => loadBaselineMap({ BASELINE_URL: 'https://www.prod.test', HARNESS_BODY_CAP_BYTES: 'lots' })).toThrow(LimitConfigError);
  });
});

describe('baselineSettings', () => {
  test('defaults: safe methods only, 20 requests per second', () => {
    expect(baselineSettings({})).toEqual({ allowUnsafe: false, maxRps: 20 });
  });
  test('values', () => {
    expect(baselineSettings({ BASELINE_ALLOW_UNSAFE: '1', BASELINE_MAX_RPS: '2.5' })).toEqual({ allowUnsafe: true, maxRps: 2.5 });
    expect(baselineSettings({ BASELINE_ALLOW_UNSAFE: 'false', BASELINE_MAX_RPS: 'unlimited' })).toEqual({ allowUnsafe: false, maxRps: undefined });
  });
  test.each([
    ['BASELINE_ALLOW_UNSAFE', 'yes', /^BASELINE_ALLOW_UNSAFE: "yes" must be 1 or true/],
    ['BASELINE_MAX_RPS', '0', /^BASELINE_MAX_RPS: "0" must be a positive number of requests per second \(default 20\) or "unlimited"/],
    ['BASELINE_MAX_RPS', '-3', /^BASELINE_MAX_RPS: "-3" must be a positive/],
    ['BASELINE_MAX_RPS', 'fast', /^BASELINE_MAX_RPS: "fast" must be a positive/],
    ['BASELINE_MAX_RPS', '', /^BASELINE_MAX_RPS: "" must be a positive/],
  ])('%s=%s is an error naming the variable and the value', (name, value, message) => {
    expect(messageOf(() => baselineSettings({ [name]: value }))).toMatch(message);
  });
});
