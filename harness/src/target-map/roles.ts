/**
 * The host roles of the service description, as the harness sees them: names of the user's
 * contract (environment variables, TARGETS_FILE keys, spec placeholders), never the reference's
 * hostnames, which the harness learns over the wire (har2spec's default mapping of captures of the
 * reference aside).
 */
import { perRole, ROLE_TABLE, ROLES as ALL_ROLES, type Role } from '../../../service/roles';

export type { Role } from '../../../service/roles';

/** The roles of the service description, in its order (`service/roles.ts`, the one list). */
export const ROLES: readonly Role[] = ALL_ROLES;

/** Spec placeholders standing for a role's origin; the first URL of a multi-name role. */
export const ROLE_PLACEHOLDERS: Readonly<Record<Role, string>> = perRole((r) => r.placeholder);

export const SECTION_PLACEHOLDER = '{section}';
export const DEFAULT_SECTION = 'static';

/**
 * Roles served under several names: OCSP (one responder name per issuing intermediate) and the
 * redirector (its main name, then the hops of the favicon chain). Every other role has one origin,
 * so a second URL there is a mistake worth reporting rather than silently ignoring.
 */
export function acceptsSeveralUrls(role: Role): boolean {
  return 'severalNames' in ROLE_TABLE[role];
}

export function isRole(name: string): name is Role {
  return (ROLES as readonly string[]).includes(name);
}
