/**
 * Every environment variable `runSettings` reads, by name: the user's (documented in README.md's
 * tables; `variables.test.ts` compares the two) and the run's own, which the global set-up sets for
 * its workers and users do not. Families of variables are written as patterns: `TARGET_<ROLE>_URL`
 * (one per role but the site, whose variable is `TARGET_URL`) and `TARGET_VALUE_<NAME>`, and their
 * `BASELINE_` twins.
 */
import { ENV_ALLOW_UNSAFE, ENV_BASELINE, ENV_MAX_RPS } from '../target-map/baseline';
import { PROXY_VARIABLES } from '../target-map/proxy';
import { ROLES } from '../target-map/roles';
import { BASELINE_SIDE, TARGET_SIDE, valuePrefix, variableOf, type Side } from '../target-map/side';
import { VALUE_NAME } from '../target-map/values';
import { HARNESS_USER_VARIABLES } from './harness';
import { SPECS_VARIABLE } from './spec-folders';

/** The settings of a side's map, in the order of README.md's target table. */
const MAP_SETTINGS = ['RESOLVE', 'CA', 'INSECURE', 'SECTION', 'HEADERS'] as const;

function sideVariables(side: Side): string[] {
  return [
    variableOf(side, 'URL'),
    variableOf(side, '<ROLE>_URL'),
    ...MAP_SETTINGS.map((s) => variableOf(side, s)),
    `${valuePrefix(side)}<NAME>`,
    side.filesVariable,
    ...side.filesAliases,
  ];
}

/** The target's map: TARGET_URL, TARGET_<ROLE>_URL, TARGET_RESOLVE, ..., TARGETS_FILE. */
export const TARGET_VARIABLES: readonly string[] = Object.freeze([...sideVariables(TARGET_SIDE), variableOf(TARGET_SIDE, 'H3')]);

/** A differential run's baseline: the target's variables with another prefix, BASELINE=reference, and its two safety settings. */
export const BASELINE_VARIABLES: readonly string[] = Object.freeze([ENV_BASELINE, ...sideVariables(BASELINE_SIDE), ENV_ALLOW_UNSAFE, ENV_MAX_RPS]);

/** HTTPS_PROXY, HTTP_PROXY, NO_PROXY, each also in lowercase (which wins, as with curl). */
export const PROXY_ENV_VARIABLES: readonly string[] = Object.freeze([...PROXY_VARIABLES.https, ...PROXY_VARIABLES.http, ...PROXY_VARIABLES.noProxy]);

/** Every variable a user may set that `runSettings` reads (names and name patterns). */
export const SETTINGS_VARIABLES: readonly string[] = Object.freeze([
  ...HARNESS_USER_VARIABLES,
  SPECS_VARIABLE,
  ...TARGET_VARIABLES,
  ...BASELINE_VARIABLES,
  ...PROXY_ENV_VARIABLES,
]);

/**
 * Set by the run itself for its workers, never by users: which side runs on an embedded reference
 * (`HARNESS_TARGET_KIND`), the `{section}` read from a home page and where
 * (`HARNESS_INFERRED_SECTION`, `HARNESS_INFERRED_SECTION_FROM`), the source pages the set-up read
 * (`HARNESS_DISCOVERY_FILE`); the baseline's twins `HARNESS_BASELINE_*`.
 */
export const INTERNAL_VARIABLES: readonly string[] = Object.freeze(
  [TARGET_SIDE, BASELINE_SIDE].flatMap((s) => [
    s.kindVariable,
    s.inferredSectionVariable,
    s.inferredSectionFromVariable,
    s.discoveryFileVariable,
    s.h3OffVariable,
    s.unreachableVariable,
  ]),
);

const ROLE_PART = ROLES.filter((r) => r !== 'site').map((r) => r.toUpperCase());

/** Whether a concrete variable name is one of `patternOrName`: itself, or an instance of its pattern. */
export function variableMatches(name: string, patternOrName: string): boolean {
  if (name === patternOrName) return true;
  const role = /^(.*)<ROLE>(.*)$/.exec(patternOrName);
  if (role) return name.startsWith(role[1]) && name.endsWith(role[2]) && ROLE_PART.includes(name.slice(role[1].length, name.length - role[2].length));
  const value = /^(.*)<NAME>$/.exec(patternOrName);
  if (value) return name.startsWith(value[1]) && VALUE_NAME.test(name.slice(value[1].length));
  return false;
}

/** Whether `runSettings` reads the user variable (a concrete name, or one of the patterns itself). */
export function isSettingsVariable(name: string): boolean {
  return SETTINGS_VARIABLES.some((v) => variableMatches(name, v));
}
