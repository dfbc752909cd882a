/**
 * The host roles of the service description and the names the reference serves them under
 * (reserved `.test` domain). The first name of a role is its canonical one.
 */
export const ROLE_NAMES = {
  site: ['www.lessons.test'],
  bare: ['lessons.test'],
  assets: ['media.lessons.test'],
  maintenance: ['maintenance.lessons.test'],
  ocsp: ['r10.o.pki.test', 'r11.o.pki.test'],
  shop: ['shop.store.test'],
  redirector: ['go.redirect.test', 'hop2.redirect.test', 'hop3.redirect.test'],
  analytics: ['analytics.beacon.test'],
} as const;

export type Role = keyof typeof ROLE_NAMES;
export const ROLES = Object.keys(ROLE_NAMES) as Role[];

export function canonicalName(role: Role): string {
  return ROLE_NAMES[role][0];
}

/** Every name the reference holds a certificate for. */
export function allNames(): string[] {
  return ROLES.flatMap((r) => [...ROLE_NAMES[r]]);
}
