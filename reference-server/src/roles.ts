/**
 * The host roles of the service description and the names the reference serves them under
 * (reserved `.test` domain). The first name of a role is its canonical one.
 */
import { perRole, ROLE_TABLE, ROLES, type Role } from '../../service/roles';

type RoleNames = { readonly [R in Role]: (typeof ROLE_TABLE)[R]['referenceNames'] };

/** Each role's names, from the one list of roles (`service/roles.ts`). */
export const ROLE_NAMES: RoleNames = perRole((entry) => entry.referenceNames) as RoleNames;

export { ROLES, type Role };

export function canonicalName(role: Role): string {
  return ROLE_NAMES[role][0];
}

/** Every name the reference holds a certificate for. */
export function allNames(): string[] {
  return ROLES.flatMap((r) => [...ROLE_NAMES[r]]);
}
