import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TargetConfigError } from './errors';
import { DEFAULT_LIMITS, LimitConfigError } from './limits';
import { describeTargetMap, loadTargetMap, referenceRequested, roleUrls, skipReason } from './target-map';
import { makeTestPki, type TestPki } from './test-pki';

let dir: string;
let pki: TestPki;
let other: TestPki;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'harness-target-map-'));
  pki = makeTestPki(['a.test'], 'File Root');
  other = makeTestPki(['b.test'], 'Env Root');
  writeFileSync(join(dir, 'root.pem'), pki.caPem);
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  pki.cleanup();
  other.cleanup();
});

let n = 0;
function targetsFile(content: unknown): string {
  const file = join(dir, `t${++n}.json`);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

const FULL_FILE = {
  roles: { site: 'https://www.file.test', shop: 'https://shop.file.test', ocsp: ['http://r10.file.test'] },
  resolve: ['www.file.test:443:127.0.0.1'],
  ca: 'root.pem',
  insecure: true,
  section: 'from-file',
  values: { PRODUCT_HANDLE: 'file-handle', REDIRECTOR_DIRECTORY: 'journal' },
};

describe('loadTargetMap', () => {
  it('gives the defaults for an empty environment', () => {
    expect(loadTargetMap({})).toEqual({
      side: 'target',
      roles: {},
      resolve: [],
      ca: [],
      insecure: false,
      section: 'static',
      sectionSource: expect.stringMatching(/^default/),
      values: {},
      headers: {},
      origin: 'user',
      limits: DEFAULT_LIMITS,
      nodes: 'all',
    });
  });

  it('carries the limits of the env it reads: each variable set replaces its default, the others keep theirs', () => {
    const env = { TARGET_URL: 'https://www.a.test' };
    expect(loadTargetMap(env).limits).toEqual({ connectTimeoutMs: 10_000, requestTimeoutMs: 30_000, bodyCapBytes: 16 * 1024 * 1024 });
    expect(loadTargetMap({ ...env, HARNESS_CONNECT_TIMEOUT_MS: '1500', HARNESS_REQUEST_TIMEOUT_MS: '2500', HARNESS_BODY_CAP_BYTES: '4096' }).limits).toEqual({
      connectTimeoutMs: 1500,
      requestTimeoutMs: 2500,
      bodyCapBytes: 4096,
    });
    expect(loadTargetMap({ ...env, HARNESS_BODY_CAP_BYTES: '1024' }).limits).toEqual({ ...DEFAULT_LIMITS, bodyCapBytes: 1024 });
    // Two maps of one process keep their own: nothing is shared between them.
    expect(loadTargetMap(env).limits.bodyCapBytes).toBe(DEFAULT_LIMITS.bodyCapBytes);
  });

  it.each([
    ['HARNESS_REQUEST_TIMEOUT_MS', 'abc'],
    ['HARNESS_REQUEST_TIMEOUT_MS', '0'],
    ['HARNESS_CONNECT_TIMEOUT_MS', '-5'],
    ['HARNESS_BODY_CAP_BYTES', '1.5'],
  ])('a limit that is not a positive whole number (%s=%s) stops the map with a LimitConfigError naming it', (variable, value) => {
    const load = () => loadTargetMap({ TARGET_URL: 'https://www.a.test', [variable]: value });
    expect(load).toThrow(LimitConfigError);
    expect(load).toThrow(`${variable}=${JSON.stringify(value)}: expected a positive whole number`);
  });

  it('says where {section} came from: the variable, the file, the home page, or the default', () => {
    const inferred = { HARNESS_INFERRED_SECTION: 'content', HARNESS_INFERRED_SECTION_FROM: 'https://www.x.test/ (e.g. /content/css/main.css)' };
    expect(loadTargetMap(inferred)).toMatchObject({ section: 'content', sectionSource: 'read from https://www.x.test/ (e.g. /content/css/main.css)' });
    expect(loadTargetMap({ ...inferred, TARGET_SECTION: 'explicit' })).toMatchObject({ section: 'explicit', sectionSource: 'TARGET_SECTION' });
    expect(loadTargetMap({ ...inferred, TARGETS_FILE: targetsFile(FULL_FILE) })).toMatchObject({
      section: 'from-file',
      sectionSource: 'TARGETS_FILE (section)',
    });
    expect(() => loadTargetMap({ HARNESS_INFERRED_SECTION: 'a/b' })).toThrow(/HARNESS_INFERRED_SECTION: "a\/b" must be one path segment/);
  });

  it('reads process.env when no env is given', () => {
    const saved = process.env.TARGET_SECTION;
    process.env.TARGET_SECTION = 'from-process';
    try {
      expect(loadTargetMap().section).toBe('from-process');
    } finally {
      if (saved === undefined) delete process.env.TARGET_SECTION;
      else process.env.TARGET_SECTION = saved;
    }
  });

  it('takes everything from TARGETS_FILE', () => {
    const map = loadTargetMap({ TARGETS_FILE: targetsFile(FULL_FILE) });
    expect(roleUrls(map, 'site').map((u) => u.href)).toEqual(['https://www.file.test/']);
    expect(map.resolve.map((e) => e.source)).toEqual(['www.file.test:443:127.0.0.1']);
    expect(map.caFile).toBe(join(dir, 'root.pem'));
    expect(map.ca).toHaveLength(1);
    expect(map.insecure).toBe(true);
    expect(map.section).toBe('from-file');
  });

  it('lets each variable override its field of TARGETS_FILE, keeping the others', () => {
    const map = loadTargetMap({
      TARGETS_FILE: targetsFile(FULL_FILE),
      TARGET_URL: 'https://www.env.test:8443',
      TARGET_RESOLVE: 'www.env.test:8443:127.0.0.2',
      TARGET_CA: other.caFile,
      TARGET_INSECURE: '0',
      TARGET_SECTION: 'from-env',
      TARGET_VALUE_PRODUCT_HANDLE: 'env-handle',
      TARGET_VALUE_BEACON_PATH: '/collect/p.gif',
    });
    expect(roleUrls(map, 'site').map((u) => u.origin)).toEqual(['https://www.env.test:8443']);
    expect(roleUrls(map, 'shop').map((u) => u.origin)).toEqual(['https://shop.file.test']);
    expect(roleUrls(map, 'ocsp').map((u) => u.origin)).toEqual(['http://r10.file.test']);
    // A variable replaces the file's list rather than merging with it.
    expect(map.resolve.map((e) => e.host)).toEqual(['www.env.test']);
    expect(map.caFile).toBe(other.caFile);
    expect(map.ca[0].trim()).toBe(other.caPem.trim());
    expect(map.insecure).toBe(false);
    expect(map.section).toBe('from-env');
    // Target values: a variable over the file's value of the same name, the others kept.
    expect(map.values).toEqual({
      PRODUCT_HANDLE: { value: 'env-handle', from: 'TARGET_VALUE_PRODUCT_HANDLE' },
      REDIRECTOR_DIRECTORY: { value: 'journal', from: 'TARGETS_FILE (/values/REDIRECTOR_DIRECTORY)' },
      BEACON_PATH: { value: '/collect/p.gif', from: 'TARGET_VALUE_BEACON_PATH' },
    });
    expect(describeTargetMap(map)).toContain('values: PRODUCT_HANDLE=env-handle (TARGET_VALUE_PRODUCT_HANDLE), REDIRECTOR_DIRECTORY=journal');
  });

  it('refuses a target value that is empty, badly named or not one token, naming the variable', () => {
    expect(() => loadTargetMap({ TARGET_VALUE_PRODUCT_HANDLE: '' })).toThrow(/^TARGET_VALUE_PRODUCT_HANDLE: "" is empty; unset it or give a product handle/);
    expect(() => loadTargetMap({ TARGET_VALUE_handle: 'x' })).toThrow(/TARGET_VALUE_handle: "x" names the value "handle"/);
    expect(() => loadTargetMap({ TARGET_VALUE_BEACON_PATH: '/t.gif#x' })).toThrow(/must not contain whitespace/);
    expect(() => loadTargetMap({ TARGET_VALUE_REDIRECTOR_DIRECTORY: '../etc' })).toThrow(/must not contain a "\.\." segment/);
    // TARGET_VALUE_..._URL is a value, not a misspelt role variable.
    expect(loadTargetMap({ TARGET_VALUE_LOGIN_URL: '/login' }).values.LOGIN_URL.value).toBe('/login');
  });

  it('marks the map as the reference when the run started it', () => {
    expect(loadTargetMap({ HARNESS_TARGET_KIND: 'reference', TARGET_URL: 'https://www.lessons.test:8443' }).origin).toBe('reference');
  });

  it('validates the file even where variables override it', () => {
    const file = targetsFile({ roles: { site: 'www.file.test' } });
    expect(() => loadTargetMap({ TARGETS_FILE: file, TARGET_URL: 'https://www.env.test' })).toThrow(
      'TARGETS_FILE (/roles/site): "www.file.test" is not an absolute URL',
    );
  });

  it.each<[string, NodeJS.ProcessEnv, string, string]>([
    ['TARGET_URL without a scheme', { TARGET_URL: 'www.x.test' }, 'TARGET_URL', 'www.x.test'],
    ['a bad TARGET_SHOP_URL', { TARGET_SHOP_URL: 'https://shop.x.test/store' }, 'TARGET_SHOP_URL', 'https://shop.x.test/store'],
    ['a bad TARGET_RESOLVE', { TARGET_RESOLVE: 'www.x.test:443:nowhere.example' }, 'TARGET_RESOLVE', 'www.x.test:443:nowhere.example'],
    ['a missing TARGET_CA', { TARGET_CA: 'no/such/root.pem' }, 'TARGET_CA', 'no/such/root.pem'],
    ['a bad TARGET_INSECURE', { TARGET_INSECURE: 'yes' }, 'TARGET_INSECURE', 'yes'],
    ['a bad TARGET_SECTION', { TARGET_SECTION: '../etc' }, 'TARGET_SECTION', '../etc'],
    ['an unknown role variable', { TARGET_FOO_URL: 'https://foo.test' }, 'TARGET_FOO_URL', 'https://foo.test'],
    ['a missing TARGETS_FILE', { TARGETS_FILE: 'no-such-targets.json' }, 'TARGETS_FILE', 'no-such-targets.json'],
  ])('throws a TargetConfigError for %s, naming the variable and value', (_what, env, variable, value) => {
    let caught: unknown;
    try {
      loadTargetMap(env);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(TargetConfigError);
    const err = caught as TargetConfigError;
    expect(err.code).toBe('HARNESS_ERR_TARGET_CONFIG');
    expect(err.variable).toBe(variable);
    expect(err.value).toBe(value);
    expect(err.message).toContain(variable);
    expect(err.message).toContain(JSON.stringify(value));
  });
});

describe('referenceRequested', () => {
  it('is true with no role URL anywhere', () => {
    expect(referenceRequested({})).toBe(true);
    expect(referenceRequested({ TARGET_RESOLVE: 'a.test:443:127.0.0.1', TARGET_CA: 'x.pem', TARGET_INSECURE: '1' })).toBe(true);
    expect(referenceRequested({ TARGETS_FILE: targetsFile({ resolve: ['a.test:443:127.0.0.1'] }) })).toBe(true);
    expect(referenceRequested({ TARGETS_FILE: targetsFile({ roles: {} }) })).toBe(true);
  });

  it('is false as soon as any role URL is given', () => {
    expect(referenceRequested({ TARGET_URL: 'https://www.x.test' })).toBe(false);
    expect(referenceRequested({ TARGET_ANALYTICS_URL: 'https://b.x.test' })).toBe(false);
    expect(referenceRequested({ TARGETS_FILE: targetsFile({ roles: { ocsp: 'http://r10.x.test' } }) })).toBe(false);
  });

  it('is false for a malformed or unknown role variable, so loadTargetMap reports it', () => {
    expect(referenceRequested({ TARGET_URL: 'www.x.test' })).toBe(false);
    expect(referenceRequested({ TARGET_CDN_URL: 'https://cdn.test' })).toBe(false);
  });

  it('throws for a TARGETS_FILE it cannot read, rather than guessing', () => {
    expect(() => referenceRequested({ TARGETS_FILE: join(dir, 'absent.json') })).toThrow(TargetConfigError);
    expect(() => referenceRequested({ TARGETS_FILE: targetsFile('not json') })).toThrow(/is not valid JSON/);
  });
});

describe('roleUrls and skipReason', () => {
  const map = loadTargetMap({ TARGET_URL: 'https://www.x.test', TARGET_OCSP_URL: 'http://r10.x.test,http://r11.x.test' });

  it('returns the URLs of a mapped role and [] for an unmapped one', () => {
    expect(roleUrls(map, 'ocsp').map((u) => u.hostname)).toEqual(['r10.x.test', 'r11.x.test']);
    expect(roleUrls(map, 'shop')).toEqual([]);
  });

  it('returns a copy the caller cannot use to change the map', () => {
    roleUrls(map, 'ocsp').pop();
    expect(roleUrls(map, 'ocsp')).toHaveLength(2);
  });

  it('says exactly "role not mapped" for a role without URL, nothing for a mapped one', () => {
    expect(skipReason(map, 'shop')).toBe('role not mapped');
    expect(skipReason(map, 'analytics')).toBe('role not mapped');
    expect(skipReason(map, 'site')).toBeUndefined();
    expect(skipReason(map, 'ocsp')).toBeUndefined();
  });
});

describe('describeTargetMap', () => {
  it('lists roles, resolve entries, CA and the verification flag', () => {
    const text = describeTargetMap(
      loadTargetMap({
        TARGET_URL: 'https://www.x.test:8443',
        TARGET_OCSP_URL: 'http://r10.x.test,http://r11.x.test',
        TARGET_RESOLVE: 'www.x.test:8443:127.0.0.1,typo.x.test:8443:[::1]:9443',
        TARGET_CA: other.caFile,
      }),
    );
    const lines = text.split('\n');
    expect(lines[0]).toBe('target (user):');
    expect(lines).toContain('  site         https://www.x.test:8443');
    expect(lines).toContain('  ocsp         http://r10.x.test, http://r11.x.test');
    expect(lines).toContain('  shop         (role not mapped)');
    expect(lines).toContain('  www.x.test:8443 -> 127.0.0.1:8443');
    expect(lines).toContain('  typo.x.test:8443 -> [::1]:9443  (no mapped URL uses this host:port)');
    expect(lines).toContain(`CA: default roots + 1 from ${other.caFile}`);
    expect(lines).toContain('certificate verification: on');
    expect(lines).toContainEqual(expect.stringMatching(/^section: static \(default/));
  });

  it('shows verification off loudly and the absence of a CA and of resolve entries', () => {
    const text = describeTargetMap(loadTargetMap({ TARGET_INSECURE: 'true' }));
    expect(text).toContain('certificate verification: OFF (TARGET_INSECURE)');
    expect(text).toContain('CA: default roots only');
    expect(text).toContain('resolve: none');
  });
});
