import { ASSET_CSP, CACHE, PAGE_CSP, SHOP_HSTS } from './storefront-headers';

describe('storefront header values', () => {
  it('match the description', () => {
    expect(SHOP_HSTS).toMatch(/^max-age=63072000(;|$)/);
    expect(PAGE_CSP).toBe("block-all-mixed-content; frame-ancestors 'none'; upgrade-insecure-requests;");
    expect(ASSET_CSP.split(' ')).toEqual([
      'sandbox',
      'allow-scripts',
      'allow-forms',
      'allow-modals',
      'allow-popups',
      'allow-downloads',
      'allow-top-navigation-by-user-activation',
    ]);
    expect(CACHE).toMatchObject({ theme: 'public, max-age=31557600', platform: 'public, max-age=31556952, immutable', font: 'max-age=2629800, immutable' });
  });
});
