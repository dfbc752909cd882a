import { readFileSync } from 'node:fs';
import { dirname, resolve as resolvePath } from 'node:path';
import { loadCaFile, type LoadedCa } from './ca';
import { jsonProblem, TargetConfigError } from './errors';
import { checkResolveConflicts, parseResolveEntry, type ResolveEntry } from './resolve';
import { isRole, ROLES, type Role } from './roles';
import { parseSection } from './settings';
import { parseRoleUrls, type ValueSource } from './urls';
import { parseExtraHeaders, type ExtraHeaders } from './headers';
import { parseValue, type TargetValue } from './values';
import { TARGET_SIDE } from './side';

export const TARGETS_FILE_VARIABLE = TARGET_SIDE.filesVariable;

/** `$schema` is allowed so editors can validate the file; it carries no meaning here. */
const KNOWN_KEYS = ['roles', 'resolve', 'ca', 'insecure', 'section', 'values', 'headers', '$schema'] as const;

export interface FileTargets {
  file: string;
  roles: Partial<Record<Role, URL[]>>;
  resolve?: ResolveEntry[];
  ca?: LoadedCa;
  insecure?: boolean;
  section?: string;
  values?: Record<string, TargetValue>;
  headers?: ExtraHeaders;
}

function pointerOf(path: (string | number)[]): string {
  return path.map((p) => `/${String(p).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

function srcOf(path: (string | number)[], variable: string): ValueSource {
  return { variable, pointer: pointerOf(path) };
}

/** A value of the file as an error may show it: a string as written (userinfo hidden later), an object or array by its kind only (it may hold headers). */
function shown(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return `‹an array of ${value.length}›`;
  if (value !== null && typeof value === 'object') return `‹an object with ${Object.keys(value).length} key${Object.keys(value).length === 1 ? '' : 's'}›`;
  return JSON.stringify(value) ?? String(value);
}

function typeErrorOf(path: (string | number)[], value: unknown, expected: string, variable: string): never {
  throw new TargetConfigError(variable, shown(value), `is not ${expected}`, pointerOf(path));
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function stringListOf(path: (string | number)[], value: unknown, expected: string, variable: string): string[] {
  if (!Array.isArray(value)) typeErrorOf(path, value, expected, variable);
  return value.map((item, i) => (typeof item === 'string' ? item : typeErrorOf([...path, i], item, 'a string', variable)));
}

/** Reads the raw JSON only: enough to tell whether the file maps any role. */
export function readTargetsJson(fileAsWritten: string, cwd: string = process.cwd(), variable: string = TARGETS_FILE_VARIABLE): { file: string; json: unknown } {
  if (fileAsWritten === '') {
    throw new TargetConfigError(variable, fileAsWritten, 'is empty; unset it or name a JSON file');
  }
  const file = resolvePath(cwd, fileAsWritten);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'names a file that does not exist' : `cannot be read (${code ?? (err as Error).message})`;
    throw new TargetConfigError(variable, fileAsWritten, reason);
  }
  try {
    return { file, json: JSON.parse(text) };
  } catch (err) {
    throw new TargetConfigError(
      variable,
      fileAsWritten,
      `is not valid JSON (${jsonProblem(err)}${/at position \d+/.exec((err as Error).message)?.[0].replace(/^/, ' ') ?? ''})`,
    );
  }
}

/** True when the file's `roles` object names at least one role (valid or not: it is an intent). */
export function jsonMapsRoles(json: unknown): boolean {
  return isPlainObject(json) && isPlainObject(json.roles) && Object.keys(json.roles).length > 0;
}

/**
 * Validates the whole file, including fields the environment will override: a file that is wrong
 * is reported wherever it is wrong, not only where it happens to be used.
 */
export function loadTargetsFile(fileAsWritten: string, cwd: string = process.cwd(), variable: string = TARGETS_FILE_VARIABLE): FileTargets {
  const { file, json } = readTargetsJson(fileAsWritten, cwd, variable);
  const typeError: (path: (string | number)[], value: unknown, expected: string) => never = (path, value, expected) =>
    typeErrorOf(path, value, expected, variable);
  const stringList = (path: (string | number)[], value: unknown, expected: string) => stringListOf(path, value, expected, variable);
  const src = (path: (string | number)[]) => srcOf(path, variable);
  if (!isPlainObject(json)) typeError([], json, 'a JSON object');
  for (const key of Object.keys(json)) {
    if (!(KNOWN_KEYS as readonly string[]).includes(key)) {
      throw new TargetConfigError(variable, key, `is not a known key (known: ${KNOWN_KEYS.join(', ')})`, pointerOf([key]));
    }
  }
  const out: FileTargets = { file, roles: {} };

  if (json.roles !== undefined) {
    if (!isPlainObject(json.roles)) typeError(['roles'], json.roles, 'an object of role -> URL');
    for (const [name, value] of Object.entries(json.roles)) {
      if (!isRole(name)) {
        throw new TargetConfigError(variable, name, `is not a known role (known: ${ROLES.join(', ')})`, pointerOf(['roles', name]));
      }
      const path = ['roles', name];
      if (typeof value === 'string') {
        out.roles[name] = parseRoleUrls(name, [value], src(path));
      } else {
        const list = stringList(path, value, 'a URL string or an array of URL strings');
        out.roles[name] = parseRoleUrls(name, list, src(path), true);
      }
    }
  }

  if (json.resolve !== undefined) {
    const list = stringList(['resolve'], json.resolve, 'an array of "host:port:address[:port2]" strings');
    const sources = list.map((_, i) => src(['resolve', i]));
    const entries = list.map((entry, i) => parseResolveEntry(entry, sources[i]));
    checkResolveConflicts(entries, sources);
    out.resolve = entries;
  }

  if (json.ca !== undefined) {
    if (typeof json.ca !== 'string') typeError(['ca'], json.ca, 'a path string');
    if (json.ca === '') typeError(['ca'], json.ca, 'a non-empty path');
    // Relative to the file, so a checked-in targets file works from any working directory.
    out.ca = loadCaFile(resolvePath(dirname(file), json.ca), json.ca, src(['ca']));
  }

  if (json.insecure !== undefined) {
    if (typeof json.insecure !== 'boolean') typeError(['insecure'], json.insecure, 'true or false');
    out.insecure = json.insecure;
  }

  if (json.section !== undefined) {
    if (typeof json.section !== 'string') typeError(['section'], json.section, 'a string');
    out.section = parseSection(json.section, src(['section']));
  }

  if (json.headers !== undefined) out.headers = parseExtraHeaders(json.headers, src(['headers']));

  if (json.values !== undefined) {
    if (!isPlainObject(json.values)) typeError(['values'], json.values, 'an object of NAME -> string (the {value:NAME} placeholders of the specs)');
    out.values = {};
    for (const [name, value] of Object.entries(json.values)) {
      const path = ['values', name];
      if (typeof value !== 'string') typeError(path, value, 'a string');
      out.values[name] = { value: parseValue(name, value, src(path)), from: `${variable} (${pointerOf(path)})` };
    }
  }
  return out;
}
