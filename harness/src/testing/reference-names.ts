/**
 * The reference's host names as the tests that put something in front of it (a mutating proxy, an
 * edge) reach them: every https role's, the OCSP responder's aside, and one host per role variable.
 */
export const REFERENCE_NAMES: readonly string[] = [
  'www.lessons.test',
  'lessons.test',
  'media.lessons.test',
  'maintenance.lessons.test',
  'shop.store.test',
  'go.redirect.test',
  'hop2.redirect.test',
  'hop3.redirect.test',
  'analytics.beacon.test',
];

/** The role variables with one host each; the redirector's is left to the tests that want its hops too. */
export const ROLE_HOSTS: Readonly<Record<string, string>> = {
  TARGET_URL: 'www.lessons.test',
  TARGET_BARE_URL: 'lessons.test',
  TARGET_ASSETS_URL: 'media.lessons.test',
  TARGET_MAINTENANCE_URL: 'maintenance.lessons.test',
  TARGET_SHOP_URL: 'shop.store.test',
  TARGET_ANALYTICS_URL: 'analytics.beacon.test',
};
