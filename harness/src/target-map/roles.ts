/**
 * The host roles of the service description, as the harness sees them: names of the user's
 * contract (environment variables, TARGETS_FILE keys, spec placeholders), never the reference's
 * hostnames, which the harness only learns over the wire.
 */
export type Role = 'site' | 'bare' | 'assets' | 'maintenance' | 'ocsp' | 'shop' | 'redirector' | 'analytics';

export const ROLES: readonly Role[] = Object.freeze(['site', 'bare', 'assets', 'maintenance', 'ocsp', 'shop', 'redirector', 'analytics'] as const);

/** Spec placeholders standing for a role's origin; the first URL of a multi-name role. */
export const ROLE_PLACEHOLDERS: Readonly<Record<Role, string>> = Object.freeze({
  site: '{base_url}',
  bare: '{bare_url}',
  assets: '{asset_url}',
  maintenance: '{maintenance_url}',
  ocsp: '{ocsp_url}',
  shop: '{shop_url}',
  redirector: '{redirector_url}',
  analytics: '{analytics_url}',
});

export const SECTION_PLACEHOLDER = '{section}';
export const DEFAULT_SECTION = 'static';

/**
 * Roles served under several names: OCSP (one responder name per issuing intermediate) and the
 * redirector (its main name, then the hops of the favicon chain). Every other role has one origin,
 * so a second URL there is a mistake worth reporting rather than silently ignoring.
 */
const MULTI_URL_ROLES: ReadonlySet<Role> = new Set<Role>(['ocsp', 'redirector']);

export function acceptsSeveralUrls(role: Role): boolean {
  return MULTI_URL_ROLES.has(role);
}

export function isRole(name: string): name is Role {
  return (ROLES as readonly string[]).includes(name);
}
