import { SettingsError } from '../core';
import { TargetConfigError } from '../target-map';
import { LimitConfigError } from './errors';
import { readRunSettings, runSettings } from './run';

describe('runSettings', () => {
  test('no variable: the embedded reference as the target, no baseline, the HARNESS_* defaults', () => {
    const s = readRunSettings({});
    expect(s).toMatchObject({ failOn: 'fail', limits: { connectTimeoutMs: 10_000, requestTimeoutMs: 30_000, bodyCapBytes: 16_777_216 }, report: {} });
    // Not started yet: the global set-up starts it and describes it in the TARGET_* variables.
    expect(s.target).toEqual({ kind: 'reference' });
    expect(s.baseline).toEqual({ kind: 'none', allowUnsafe: false, maxRps: 20 });
    expect(Object.isFrozen(s)).toBe(true);
    expect(Object.isFrozen(s.target)).toBe(true);
    expect(Object.isFrozen(s.baseline)).toBe(true);
  });

  test("the user's own target and baseline, read by the target map's parsers", () => {
    const s = readRunSettings({
      TARGET_URL: 'https://www.staging.test',
      TARGET_SECTION: 'content',
      TARGET_VALUE_PRODUCT_HANDLE: 'mug',
      HTTPS_PROXY: 'http://proxy.corp:3128',
      NO_PROXY: '.internal.test',
      BASELINE_URL: 'https://www.prod.test',
      BASELINE_MAX_RPS: 'unlimited',
      BASELINE_ALLOW_UNSAFE: '1',
      HARNESS_FAIL_ON: 'diff',
    });
    expect(s.failOn).toBe('diff');
    expect(s.target.kind).toBe('user');
    expect(s.target.map?.roles.site?.[0].origin).toBe('https://www.staging.test');
    expect(s.target.map?.section).toBe('content');
    expect(s.target.map?.values.PRODUCT_HANDLE).toEqual({ value: 'mug', from: 'TARGET_VALUE_PRODUCT_HANDLE' });
    expect(s.target.map?.proxy?.https?.url.origin).toBe('http://proxy.corp:3128');
    expect(s.baseline).toMatchObject({ kind: 'user', allowUnsafe: true, maxRps: undefined });
    expect(s.baseline.map?.side).toBe('baseline');
    expect(s.baseline.map?.roles.site?.[0].origin).toBe('https://www.prod.test');
  });

  test('a side whose embedded reference the set-up started: its map, and the source pages the set-up read', () => {
    const s = readRunSettings({
      TARGET_URL: 'https://www.lessons.test:9443',
      HARNESS_TARGET_KIND: 'reference',
      HARNESS_DISCOVERY_FILE: '/tmp/harness-discovery-1/pages.json',
      BASELINE: 'reference',
      BASELINE_URL: 'https://www.lessons.test:9444',
      HARNESS_BASELINE_KIND: 'reference',
      HARNESS_BASELINE_DISCOVERY_FILE: '/tmp/harness-discovery-2/pages.json',
    });
    expect(s.target).toMatchObject({ kind: 'reference', discoveryFile: '/tmp/harness-discovery-1/pages.json' });
    expect(s.target.map?.origin).toBe('reference');
    expect(s.baseline).toMatchObject({ kind: 'reference', discoveryFile: '/tmp/harness-discovery-2/pages.json' });
    expect(s.baseline.map?.origin).toBe('reference');
  });

  test('BASELINE=reference before the set-up started it: no map yet, and no error', () => {
    expect(readRunSettings({ BASELINE: 'reference' }).baseline).toEqual({ kind: 'reference', allowUnsafe: false, maxRps: 20 });
  });

  test("a proxy only matters with a target of the user's own: the embedded reference is never proxied", () => {
    expect(readRunSettings({ HTTPS_PROXY: 'socks5://proxy.corp:1080' }).target).toEqual({ kind: 'reference' });
    expect(() => readRunSettings({ TARGET_URL: 'https://www.x.test', HTTPS_PROXY: 'socks5://proxy.corp:1080' })).toThrow(
      'HTTPS_PROXY: "socks5://proxy.corp:1080" has scheme socks5://, not http:// or https:// (the harness asks proxies for HTTP CONNECT tunnels)',
    );
  });

  test.each([
    [{ HARNESS_FAIL_ON: 'all' }, SettingsError, /^HARNESS_FAIL_ON: "all" is not one of/],
    [{ HARNESS_REQUEST_TIMEOUT_MS: '10s' }, LimitConfigError, /^HARNESS_REQUEST_TIMEOUT_MS="10s": expected a positive whole number/],
    [{ TARGET_URL: 'www.x.test' }, TargetConfigError, /^TARGET_URL: "www\.x\.test"/],
    [{ TARGET_URL: 'https://www.x.test', TARGET_RESOLVE: 'nonsense' }, TargetConfigError, /^TARGET_RESOLVE: "nonsense"/],
    [{ TARGET_SHOPP_URL: 'https://shop.x.test' }, TargetConfigError, /^TARGET_SHOPP_URL: .* is not a role variable; did you mean TARGET_SHOP_URL\?/],
    [{ BASELINE: 'production' }, TargetConfigError, /^BASELINE: "production" must be "reference"/],
    [{ BASELINE_MAX_RPS: '0' }, TargetConfigError, /^BASELINE_MAX_RPS: "0" must be a positive number/],
    [{ BASELINE_CA: 'root.pem' }, TargetConfigError, /^BASELINE_CA: "root\.pem" is set, but no baseline is/],
    [{ BASELINE_URL: 'https://www.x.test', BASELINE_INSECURE: 'yes' }, TargetConfigError, /^BASELINE_INSECURE: "yes" must be 1 or true/],
  ])('%j stops the run with the message naming the variable and the value', (env, type, message) => {
    expect(() => readRunSettings(env)).toThrow(type);
    expect(() => readRunSettings(env)).toThrow(message);
  });

  test.each([
    [
      { TARGET_URL: 'https://www.x.test', TARGET_HEADER: '{}' },
      'TARGET_HEADER: "‹2 chars›" is set, but the harness reads no variable TARGET_HEADER; did you mean TARGET_HEADERS?',
    ],
    [{ TARGET_CA_FILE: 'root.pem' }, 'TARGET_CA_FILE: "‹8 chars›" is set, but the harness reads no variable TARGET_CA_FILE; did you mean TARGET_CA?'],
    [{ HARNESS_FAILON: 'warn' }, 'HARNESS_FAILON: "‹4 chars›" is set, but the harness reads no variable HARNESS_FAILON; did you mean HARNESS_FAIL_ON?'],
  ])('a variable the harness does not read, set by mistake, stops the run with the nearest name: %j', (env, message) => {
    expect(() => readRunSettings(env)).toThrow(TargetConfigError);
    expect(() => readRunSettings(env)).toThrow(message);
  });
  test('the value of a misspelt variable is never shown: a misspelt TARGET_HEADERS holds credentials', () => {
    const env = { TARGET_URL: 'https://www.x.test', TARGET_HEADRS: '{"authorization":"Bearer s3cr3t-token"}' };
    expect(() => readRunSettings(env)).toThrow(/TARGET_HEADRS: "‹39 chars›" is set/);
    expect(() => readRunSettings(env)).not.toThrow(/s3cr3t/);
  });
  test('variables of other tools that merely start like ours are left alone', () => {
    expect(() => readRunSettings({ HARNESS_SOMETHING_ELSE_ENTIRELY: '1', TARGETED: 'x' })).not.toThrow();
  });
  test('computed once per environment, again when a variable it reads changes', () => {
    const env: NodeJS.ProcessEnv = { TARGET_URL: 'https://www.x.test', PATH: '/bin' };
    const first = runSettings(env);
    env.PATH = '/usr/bin';
    expect(runSettings(env)).toBe(first);
    // What the global set-up does once it has read the home page: the next call sees it.
    env.HARNESS_INFERRED_SECTION = 'content';
    const second = runSettings(env);
    expect(second).not.toBe(first);
    expect(second.target.map?.section).toBe('content');
    expect(runSettings({ TARGET_URL: 'https://www.x.test' })).not.toBe(second);
  });
});
