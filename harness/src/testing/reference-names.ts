import { ROLE_TABLE } from '../../../service/roles';
import { roleVariable, ROLES, TARGET_SIDE } from '../target-map';
import { acceptsSeveralUrls } from '../target-map/roles';

/**
 * The reference's host names as the tests that put something in front of it (a mutating proxy, an
 * edge) reach them: every https role's, the OCSP responder's aside, and one host per role variable.
 */
export const REFERENCE_NAMES: readonly string[] = ROLES.filter((r) => !('plainHttp' in ROLE_TABLE[r])).flatMap((r) => [...ROLE_TABLE[r].referenceNames]);

/** The role variables with one host each; the redirector's is left to the tests that want its hops too. */
export const ROLE_HOSTS: Readonly<Record<string, string>> = Object.fromEntries(
  ROLES.filter((r) => !acceptsSeveralUrls(r)).map((r) => [roleVariable(TARGET_SIDE, r), ROLE_TABLE[r].referenceNames[0]]),
);
