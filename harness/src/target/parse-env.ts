import { resolve as resolvePath } from 'node:path';
import { loadCaFile, type LoadedCa } from './ca';
import { TargetConfigError } from './errors';
import { parseResolveList, type ResolveEntry } from './resolve';
import { ROLE_VARIABLES, ROLES, roleOfVariable, type Role } from './roles';
import { parseInsecureFlag, parseSection } from './settings';
import { TARGETS_FILE_VARIABLE } from './targets-file';
import { parseRoleUrls } from './urls';
import { ENV_HEADERS, parseHeadersVariable, type ExtraHeaders } from './headers';
import { readEnvValues, type TargetValue } from './values';

export const ENV_RESOLVE = 'TARGET_RESOLVE';
export const ENV_CA = 'TARGET_CA';
export const ENV_INSECURE = 'TARGET_INSECURE';
export const ENV_SECTION = 'TARGET_SECTION';
export const ENV_TARGETS_FILE = TARGETS_FILE_VARIABLE;
/** Set by the run itself (not by users) when it started the embedded reference. */
export const ENV_TARGET_KIND = 'HARNESS_TARGET_KIND';
/** Set by the run itself (not by users): the `{section}` read from the site's home page, and where. */
export const ENV_INFERRED_SECTION = 'HARNESS_INFERRED_SECTION';
export const ENV_INFERRED_SECTION_FROM = 'HARNESS_INFERRED_SECTION_FROM';

/** Anything shaped like a role variable, so a misspelt role is caught instead of ignored. */
const ROLE_VARIABLE_SHAPE = /^TARGET_(?!VALUE_)(?:[A-Z0-9_]+_)?URL$/;

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
  origin: 'reference' | 'user';
}

/** Role-shaped variables present in env, known or not, in a stable order. */
export function roleShapedVariables(env: NodeJS.ProcessEnv): string[] {
  return Object.keys(env)
    .filter((k) => ROLE_VARIABLE_SHAPE.test(k) && env[k] !== undefined)
    .sort();
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = above;
    }
  }
  return row[b.length];
}

function suggestion(variable: string): string {
  if (variable === 'TARGET_SITE_URL') return `; the site role is ${ROLE_VARIABLES.site}`;
  const known = ROLES.map((r) => ROLE_VARIABLES[r]);
  const best = known
    .map((k) => ({ k, d: distance(variable, k) }))
    .sort((x, y) => x.d - y.d)[0];
  return best.d <= 3 ? `; did you mean ${best.k}?` : '';
}

export function checkUnknownVariables(env: NodeJS.ProcessEnv): void {
  const unknown = roleShapedVariables(env).filter((k) => roleOfVariable(k) === undefined);
  if (unknown.length === 0) return;
  const [first] = unknown;
  const others = unknown.length > 1 ? ` (also unknown: ${unknown.slice(1).join(', ')})` : '';
  throw new TargetConfigError(
    first,
    env[first] ?? '',
    `is set, but ${first} is not a role variable${suggestion(first)}${others}. ` +
      `Known: ${ROLES.map((r) => ROLE_VARIABLES[r]).join(', ')}`,
  );
}

function parseOrigin(value: string | undefined): 'reference' | 'user' {
  if (value === undefined || value === 'user') return 'user';
  if (value === 'reference') return 'reference';
  throw new TargetConfigError(ENV_TARGET_KIND, value, 'must be "reference" or "user"');
}

/**
 * Every target variable of env, parsed. A variable set to the empty string counts as set and
 * is rejected: an empty TARGET_URL from a CI template must not quietly fall back to the reference.
 */
export function readEnvTargets(env: NodeJS.ProcessEnv, cwd: string = process.cwd()): EnvTargets {
  checkUnknownVariables(env);
  const out: EnvTargets = { roles: {}, values: readEnvValues(env), origin: parseOrigin(env[ENV_TARGET_KIND]) };
  for (const role of ROLES) {
    const variable = ROLE_VARIABLES[role];
    const value = env[variable];
    if (value === undefined) continue;
    out.roles[role] = parseRoleUrls(role, value.split(','), { variable });
  }
  const resolve = env[ENV_RESOLVE];
  if (resolve !== undefined) out.resolve = parseResolveList(resolve, { variable: ENV_RESOLVE });
  const ca = env[ENV_CA];
  if (ca !== undefined) {
    if (ca === '') throw new TargetConfigError(ENV_CA, ca, 'is empty; unset it or name a PEM file');
    out.ca = loadCaFile(resolvePath(cwd, ca), ca, { variable: ENV_CA });
  }
  const insecure = env[ENV_INSECURE];
  if (insecure !== undefined) out.insecure = parseInsecureFlag(insecure, { variable: ENV_INSECURE });
  const section = env[ENV_SECTION];
  if (section !== undefined) out.section = parseSection(section, { variable: ENV_SECTION });
  const headers = env[ENV_HEADERS];
  if (headers !== undefined) out.headers = parseHeadersVariable(headers);
  const inferred = env[ENV_INFERRED_SECTION];
  if (inferred !== undefined) out.inferredSection = { section: parseSection(inferred, { variable: ENV_INFERRED_SECTION }), from: env[ENV_INFERRED_SECTION_FROM] ?? 'the home page' };
  return out;
}

/** Whether env names any role URL (an invalid one still counts: the user meant a target). */
export function envMapsRoles(env: NodeJS.ProcessEnv): boolean {
  return roleShapedVariables(env).length > 0;
}
