import { resolve as resolvePath } from 'node:path';
import { loadCaFile, type LoadedCa } from './ca';
import { shownValue, TargetConfigError } from './errors';
import { parseResolveList, type ResolveEntry } from './resolve';
import { ROLES, type Role } from './roles';
import { parseInsecureFlag, parseSection } from './settings';
import { roleOfSideVariable, roleVariables, TARGET_SIDE, variableOf, type Side } from './side';
import { parseRoleUrls } from './urls';
import { parseHeadersVariable, type ExtraHeaders } from './headers';
import { nearest } from './nearest';
import { readEnvValues, type TargetValue } from './values';

export const ENV_RESOLVE = variableOf(TARGET_SIDE, 'RESOLVE');
export const ENV_CA = variableOf(TARGET_SIDE, 'CA');
export const ENV_INSECURE = variableOf(TARGET_SIDE, 'INSECURE');
export const ENV_SECTION = variableOf(TARGET_SIDE, 'SECTION');
export const ENV_TARGETS_FILE = TARGET_SIDE.filesVariable;
/** Set by the run itself (not by users) when it started the embedded reference. */
export const ENV_TARGET_KIND = TARGET_SIDE.kindVariable;
/** Set by the run itself (not by users): the `{section}` read from the site's home page, and where. */
export const ENV_INFERRED_SECTION = TARGET_SIDE.inferredSectionVariable;
export const ENV_INFERRED_SECTION_FROM = TARGET_SIDE.inferredSectionFromVariable;

/** Anything shaped like a role variable, so a misspelt role is caught instead of ignored. */
const roleVariableShape = (side: Side) => new RegExp(`^${side.prefix}_(?!VALUE_)(?:[A-Z0-9_]+_)?URL$`);

export interface EnvTargets {
  roles: Partial<Record<Role, URL[]>>;
  resolve?: ResolveEntry[];
  ca?: LoadedCa;
  insecure?: boolean;
  section?: string;
  /** `{section}` read from the home page by the run's set-up, when no variable or file names one. */
  inferredSection?: { section: string; from: string };
  values: Record<string, TargetValue>;
  headers?: ExtraHeaders;
  /** Why the HTTP/3 legs are off: TARGET_H3=0, or an embedded reference without HTTP/3. */
  h3Off?: string;
  origin: 'reference' | 'user';
}

/** Role-shaped variables present in env, known or not, in a stable order. */
export function roleShapedVariables(env: NodeJS.ProcessEnv, side: Side = TARGET_SIDE): string[] {
  const shape = roleVariableShape(side);
  return Object.keys(env)
    .filter((k) => shape.test(k) && env[k] !== undefined)
    .sort();
}

/** The nearest of `known` to a misspelt variable, as a "; did you mean X?" suffix (or nothing). */
export function suggestion(variable: string, known: readonly string[]): string {
  const best = nearest(variable, known);
  return best ? `; did you mean ${best}?` : '';
}

export function checkUnknownVariables(env: NodeJS.ProcessEnv, side: Side = TARGET_SIDE): void {
  const unknown = roleShapedVariables(env, side).filter((k) => roleOfSideVariable(side, k) === undefined);
  if (unknown.length === 0) return;
  const [first] = unknown;
  const names = roleVariables(side);
  const known = ROLES.map((r) => names[r]);
  const hint = first === variableOf(side, 'SITE_URL') ? `; the site role is ${names.site}` : suggestion(first, known);
  const others = unknown.length > 1 ? ` (also unknown: ${unknown.slice(1).join(', ')})` : '';
  throw new TargetConfigError(
    first,
    shownValue(first, env[first] ?? ''),
    `is set, but ${first} is not a role variable${hint}${others}. Known: ${known.join(', ')}`,
  );
}

function parseOrigin(value: string | undefined, side: Side): 'reference' | 'user' {
  if (value === undefined || value === 'user') return 'user';
  if (value === 'reference') return 'reference';
  throw new TargetConfigError(side.kindVariable, value, 'must be "reference" or "user"');
}

/**
 * Every target variable of env, parsed. A variable set to the empty string counts as set and
 * is rejected: an empty TARGET_URL from a CI template must not quietly fall back to the reference.
 */
export function readEnvTargets(env: NodeJS.ProcessEnv, cwd: string = process.cwd(), side: Side = TARGET_SIDE): EnvTargets {
  checkUnknownVariables(env, side);
  const names = roleVariables(side);
  const out: EnvTargets = { roles: {}, values: readEnvValues(env, side), origin: parseOrigin(env[side.kindVariable], side) };
  for (const role of ROLES) {
    const variable = names[role];
    const value = env[variable];
    if (value === undefined) continue;
    out.roles[role] = parseRoleUrls(role, value.split(','), { variable });
  }
  const v = (setting: string) => variableOf(side, setting);
  const resolve = env[v('RESOLVE')];
  if (resolve !== undefined) out.resolve = parseResolveList(resolve, { variable: v('RESOLVE') });
  const ca = env[v('CA')];
  if (ca !== undefined) {
    if (ca === '') throw new TargetConfigError(v('CA'), ca, 'is empty; unset it or name a PEM file');
    out.ca = loadCaFile(resolvePath(cwd, ca), ca, { variable: v('CA') });
  }
  const insecure = env[v('INSECURE')];
  if (insecure !== undefined) out.insecure = parseInsecureFlag(insecure, { variable: v('INSECURE') });
  const section = env[v('SECTION')];
  if (section !== undefined) out.section = parseSection(section, { variable: v('SECTION') });
  const headers = env[v('HEADERS')];
  if (headers !== undefined) out.headers = parseHeadersVariable(headers, v('HEADERS'));
  const h3 = side.name === 'target' ? env[v('H3')] : undefined;
  if (h3 !== undefined) {
    const t = h3.trim().toLowerCase();
    if (t === '0' || t === 'false') out.h3Off = `${v('H3')}=0 (no HTTP/3 legs: for networks that block UDP)`;
    else if (t !== '1' && t !== 'true')
      throw new TargetConfigError(v('H3'), h3, 'must be 1 or true (HTTP/3 legs where a role advertises them, the default), 0 or false (none)');
  }
  const h3OffByRun = env[side.h3OffVariable];
  if (h3OffByRun !== undefined && out.h3Off === undefined) out.h3Off = h3OffByRun;
  const inferred = env[side.inferredSectionVariable];
  if (inferred !== undefined) {
    out.inferredSection = {
      section: parseSection(inferred, { variable: side.inferredSectionVariable }),
      from: env[side.inferredSectionFromVariable] ?? 'the home page',
    };
  }
  return out;
}

/** Whether env names any role URL (an invalid one still counts: the user meant a target). */
export function envMapsRoles(env: NodeJS.ProcessEnv, side: Side = TARGET_SIDE): boolean {
  return roleShapedVariables(env, side).length > 0;
}
