/**
 * The two sides a run can compare: the target (the candidate) and, in a differential run, the
 * baseline. Both are described by the same variables with another prefix (`TARGET_URL` /
 * `BASELINE_URL`, `TARGETS_FILE` / `BASELINES_FILE`) and read by the same parser, so a mistake in
 * either gets the same message naming the variable the user actually set.
 */
import { ROLES, type Role } from './roles';

export type SideName = 'target' | 'baseline';

export interface Side {
  name: SideName;
  /** `TARGET` or `BASELINE`: the prefix of every user variable of the side. */
  prefix: 'TARGET' | 'BASELINE';
  /** The JSON file variable: `TARGETS_FILE`, `BASELINES_FILE`. */
  filesVariable: string;
  /** Older spellings of the file variable that are still read. */
  filesAliases: readonly string[];
  /** Set by the run itself (not by users) when it started the embedded reference for this side. */
  kindVariable: string;
  /** Set by the run itself: the `{section}` read from this side's home page, and where. */
  inferredSectionVariable: string;
  inferredSectionFromVariable: string;
  /** Set by the run itself: the source pages this side's set-up read, handed to the workers. */
  discoveryFileVariable: string;
  /** Set by the run itself: why the side's embedded reference serves no HTTP/3 (its HTTP/3 legs are skipped with it). */
  h3OffVariable: string;
  /** Set by the run itself: the roles its set-up could not reach, role -> why (JSON); their tests are skipped with it. */
  unreachableVariable: string;
  /** Set by the run itself: the names the system resolver gave several addresses, as resolve entries (JSON list): their nodes. */
  nodesFoundVariable: string;
}

export const TARGET_SIDE: Side = Object.freeze({
  name: 'target',
  prefix: 'TARGET',
  filesVariable: 'TARGETS_FILE',
  filesAliases: [],
  kindVariable: 'HARNESS_TARGET_KIND',
  inferredSectionVariable: 'HARNESS_INFERRED_SECTION',
  inferredSectionFromVariable: 'HARNESS_INFERRED_SECTION_FROM',
  discoveryFileVariable: 'HARNESS_DISCOVERY_FILE',
  h3OffVariable: 'HARNESS_TARGET_H3_OFF',
  unreachableVariable: 'HARNESS_TARGET_UNREACHABLE',
  nodesFoundVariable: 'HARNESS_TARGET_NODES_FOUND',
});

export const BASELINE_SIDE: Side = Object.freeze({
  name: 'baseline',
  prefix: 'BASELINE',
  filesVariable: 'BASELINES_FILE',
  filesAliases: ['BASELINE_TARGETS_FILE'],
  kindVariable: 'HARNESS_BASELINE_KIND',
  inferredSectionVariable: 'HARNESS_BASELINE_INFERRED_SECTION',
  inferredSectionFromVariable: 'HARNESS_BASELINE_INFERRED_SECTION_FROM',
  discoveryFileVariable: 'HARNESS_BASELINE_DISCOVERY_FILE',
  h3OffVariable: 'HARNESS_BASELINE_H3_OFF',
  unreachableVariable: 'HARNESS_BASELINE_UNREACHABLE',
  nodesFoundVariable: 'HARNESS_BASELINE_NODES_FOUND',
});

/** The variable of a side's setting: `variableOf(BASELINE_SIDE, 'RESOLVE')` is `BASELINE_RESOLVE`. */
export function variableOf(side: Side, setting: string): string {
  return `${side.prefix}_${setting}`;
}

/** The variable holding a role's base URL(s); the site keeps the short `TARGET_URL` / `BASELINE_URL`. */
export function roleVariable(side: Side, role: Role): string {
  return role === 'site' ? variableOf(side, 'URL') : variableOf(side, `${role.toUpperCase()}_URL`);
}

export function roleVariables(side: Side): Readonly<Record<Role, string>> {
  return Object.fromEntries(ROLES.map((r) => [r, roleVariable(side, r)])) as Record<Role, string>;
}

/** Which role a `<PREFIX>_*_URL` variable names, or undefined for a variable of no role. */
export function roleOfSideVariable(side: Side, variable: string): Role | undefined {
  return ROLES.find((r) => roleVariable(side, r) === variable);
}

/** The prefix of target values: `TARGET_VALUE_`, `BASELINE_VALUE_`. */
export function valuePrefix(side: Side): string {
  return variableOf(side, 'VALUE_');
}

/** The target's role variables (`TARGET_URL`, `TARGET_BARE_URL`, ...). */
export const ROLE_VARIABLES: Readonly<Record<Role, string>> = Object.freeze(roleVariables(TARGET_SIDE));

/** Which role a `TARGET_*_URL` variable names. */
export function roleOfVariable(variable: string): Role | undefined {
  return roleOfSideVariable(TARGET_SIDE, variable);
}

export function sideNamed(name: SideName): Side {
  return name === 'baseline' ? BASELINE_SIDE : TARGET_SIDE;
}
