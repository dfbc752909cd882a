import { configErrorOf } from '../testing/config-error-of';
import { checkUnknownVariables, envMapsRoles, readEnvTargets } from './parse-env';

const errorOf = configErrorOf;

describe('readEnvTargets', () => {
  it('reads every role variable, splitting the list roles on commas', () => {
    const t = readEnvTargets({
      TARGET_URL: 'https://www.x.test',
      TARGET_BARE_URL: 'https://x.test',
      TARGET_ASSETS_URL: 'https://media.x.test',
      TARGET_MAINTENANCE_URL: 'https://maintenance.x.test',
      TARGET_OCSP_URL: 'http://r10.o.test,http://r11.o.test',
      TARGET_SHOP_URL: 'https://shop.x.test',
      TARGET_REDIRECTOR_URL: 'https://go.r.test, https://hop2.r.test,https://hop3.r.test',
      TARGET_ANALYTICS_URL: 'https://beacon.x.test',
    });
    expect(Object.keys(t.roles).sort()).toEqual(['analytics', 'assets', 'bare', 'maintenance', 'ocsp', 'redirector', 'shop', 'site']);
    expect(t.roles.ocsp?.map((u) => u.hostname)).toEqual(['r10.o.test', 'r11.o.test']);
    expect(t.roles.redirector?.map((u) => u.hostname)).toEqual(['go.r.test', 'hop2.r.test', 'hop3.r.test']);
    expect(t.origin).toBe('user');
  });

  it('ignores unrelated variables', () => {
    expect(readEnvTargets({ PATH: '/bin', TARGET: 'x', TARGETS: 'y', MY_TARGET_URL: 'z' })).toEqual({ roles: {}, values: {}, origin: 'user' });
  });

  it('refuses a list in a single-origin variable', () => {
    expect(() => readEnvTargets({ TARGET_URL: 'https://a.test,https://b.test' })).toThrow(
      'TARGET_URL: "https://a.test,https://b.test" gives several URLs, but the site role takes one',
    );
  });

  it('treats an empty role variable as set and invalid rather than unset', () => {
    expect(() => readEnvTargets({ TARGET_URL: '' })).toThrow('TARGET_URL: "" is an empty URL');
  });

  it('refuses an empty TARGET_CA', () => {
    expect(() => readEnvTargets({ TARGET_CA: '' })).toThrow('TARGET_CA: "" is empty');
  });

  it('reads HARNESS_TARGET_KIND', () => {
    expect(readEnvTargets({ HARNESS_TARGET_KIND: 'reference' }).origin).toBe('reference');
    expect(readEnvTargets({ HARNESS_TARGET_KIND: 'user' }).origin).toBe('user');
    expect(() => readEnvTargets({ HARNESS_TARGET_KIND: 'ref' })).toThrow('HARNESS_TARGET_KIND: "ref" must be "reference" or "user"');
  });
});

describe('checkUnknownVariables', () => {
  it('names an unknown role variable and its value, listing the known ones', () => {
    const err = errorOf(() => checkUnknownVariables({ TARGET_CDN_URL: 'https://cdn.test' }));
    expect(err.variable).toBe('TARGET_CDN_URL');
    expect(err.value).toBe('https://cdn.test');
    expect(err.message).toContain('TARGET_CDN_URL: "https://cdn.test" is set, but TARGET_CDN_URL is not a role variable');
    expect(err.message).toContain('Known: TARGET_URL, TARGET_BARE_URL, TARGET_ASSETS_URL');
  });

  it('suggests the nearest valid name for a misspelling', () => {
    expect(() => checkUnknownVariables({ TARGET_ASSET_URL: 'https://m.test' })).toThrow('did you mean TARGET_ASSETS_URL?');
  });

  it('points TARGET_SITE_URL at TARGET_URL', () => {
    expect(() => checkUnknownVariables({ TARGET_SITE_URL: 'https://w.test' })).toThrow('the site role is TARGET_URL');
  });

  it('names every unknown variable, not only the first', () => {
    const err = errorOf(() => checkUnknownVariables({ TARGET_B_URL: '1', TARGET_A_URL: '2' }));
    expect(err.variable).toBe('TARGET_A_URL');
    expect(err.message).toContain('also unknown: TARGET_B_URL');
  });

  it('is silent for the known variables', () => {
    expect(() => checkUnknownVariables({ TARGET_URL: 'x', TARGET_OCSP_URL: 'y', TARGET_RESOLVE: 'z' })).not.toThrow();
  });
});

describe('envMapsRoles', () => {
  it('counts any role-shaped variable, even an unknown or empty one', () => {
    expect(envMapsRoles({})).toBe(false);
    expect(envMapsRoles({ TARGET_RESOLVE: 'a.test:443:127.0.0.1', TARGET_CA: 'x' })).toBe(false);
    expect(envMapsRoles({ TARGET_URL: '' })).toBe(true);
    expect(envMapsRoles({ TARGET_SHOP_URL: 'https://s.test' })).toBe(true);
    expect(envMapsRoles({ TARGET_CDN_URL: 'https://c.test' })).toBe(true);
  });
});
