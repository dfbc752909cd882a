import { acceptsSeveralUrls, isRole, ROLE_PLACEHOLDERS, ROLES } from './roles';
import { BASELINE_SIDE, ROLE_VARIABLES, roleOfSideVariable, roleOfVariable, roleVariables } from './side';

describe('roles', () => {
  it('lists the eight roles of the service description', () => {
    expect(ROLES).toEqual(['site', 'bare', 'assets', 'maintenance', 'ocsp', 'shop', 'redirector', 'analytics']);
    expect(Object.isFrozen(ROLES)).toBe(true);
  });

  it('maps the site to TARGET_URL and other roles to TARGET_<ROLE>_URL', () => {
    expect(ROLE_VARIABLES.site).toBe('TARGET_URL');
    for (const r of ROLES.filter((x) => x !== 'site')) {
      expect(ROLE_VARIABLES[r]).toBe(`TARGET_${r.toUpperCase()}_URL`);
      expect(roleOfVariable(ROLE_VARIABLES[r])).toBe(r);
    }
    expect(roleOfVariable('TARGET_SITE_URL')).toBeUndefined();
  });

  it('names the baseline twins BASELINE_URL and BASELINE_<ROLE>_URL', () => {
    const b = roleVariables(BASELINE_SIDE);
    expect(b.site).toBe('BASELINE_URL');
    expect(b.ocsp).toBe('BASELINE_OCSP_URL');
    expect(roleOfSideVariable(BASELINE_SIDE, 'BASELINE_SHOP_URL')).toBe('shop');
    expect(roleOfSideVariable(BASELINE_SIDE, 'TARGET_SHOP_URL')).toBeUndefined();
  });

  it('uses the placeholders of the spec files', () => {
    expect(ROLE_PLACEHOLDERS).toEqual({
      site: '{base_url}',
      bare: '{bare_url}',
      assets: '{asset_url}',
      maintenance: '{maintenance_url}',
      ocsp: '{ocsp_url}',
      shop: '{shop_url}',
      redirector: '{redirector_url}',
      analytics: '{analytics_url}',
    });
  });

  it('allows several URLs only for ocsp and redirector', () => {
    expect(ROLES.filter(acceptsSeveralUrls)).toEqual(['ocsp', 'redirector']);
  });

  it('recognises role names exactly', () => {
    expect(isRole('shop')).toBe(true);
    expect(isRole('Shop')).toBe(false);
    expect(isRole('cdn')).toBe(false);
  });
});
