/**
 * Which role each hostname of a capture plays. Default: the reference's names. A mapping file
 * (`--roles`) is JSON `{ "hosts": { "www.example.org": "site", ... }, "section": "static" }`; the
 * first name listed for a role is its primary name (the one `{base_url}` etc. stands for).
 */
import * as fs from 'node:fs';
import { DEFAULT_SECTION, ROLE_PLACEHOLDERS, ROLES, type Role } from '../target-map';
import { ROLE_TABLE } from '../../../service/roles';
import { UsageError } from './errors';

export interface RoleMapping {
  hosts: ReadonlyMap<string, Role>;
  /** The first host listed for each role. */
  primary: ReadonlyMap<Role, string>;
  section: string;
  /** Whether the mapping file named the section; otherwise it is read from the capture's own pages. */
  sectionGiven?: boolean;
}

/** The reference's host names and their roles, each role's canonical name first (`service/roles.ts`). */
export const REFERENCE_HOSTS: ReadonlyArray<[string, Role]> = ROLES.flatMap((role) => ROLE_TABLE[role].referenceNames.map((name): [string, Role] => [name, role]));

function build(pairs: ReadonlyArray<[string, Role]>, section: string, sectionGiven = false): RoleMapping {
  const hosts = new Map<string, Role>();
  const primary = new Map<Role, string>();
  for (const [host, role] of pairs) {
    hosts.set(host, role);
    if (!primary.has(role)) primary.set(role, host);
  }
  return { hosts, primary, section, ...(sectionGiven ? { sectionGiven } : {}) };
}

export function defaultRoleMapping(): RoleMapping {
  return build(REFERENCE_HOSTS, DEFAULT_SECTION);
}

const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** Validates a parsed mapping file; every message names the offending key. */
export function parseRoleMapping(json: unknown, source: string): RoleMapping {
  const bad = (key: string, why: string) => new UsageError(`${source}: ${key}: ${why}`);
  if (json === null || typeof json !== 'object' || Array.isArray(json))
    throw new UsageError(`${source}: a role mapping is a JSON object { "hosts": { "<hostname>": "<role>" }, "section": "<segment>" }`);
  const obj = json as Record<string, unknown>;
  for (const key of Object.keys(obj)) if (key !== 'hosts' && key !== 'section') throw bad(key, 'unknown key (expected "hosts" and optionally "section")');
  const hosts = obj.hosts;
  if (hosts === undefined) throw bad('hosts', 'missing: an object mapping hostnames to roles');
  if (hosts === null || typeof hosts !== 'object' || Array.isArray(hosts)) throw bad('hosts', 'must be an object mapping hostnames to roles');
  const pairs: Array<[string, Role]> = [];
  for (const [host, role] of Object.entries(hosts as Record<string, unknown>)) {
    const key = `hosts[${JSON.stringify(host)}]`;
    if (!HOSTNAME.test(host)) throw bad(key, 'not a lowercase hostname (no scheme, port or path)');
    if (typeof role !== 'string' || !(ROLES as readonly string[]).includes(role))
      throw bad(key, `${JSON.stringify(role)} is not a role (one of ${ROLES.join(', ')})`);
    pairs.push([host, role as Role]);
  }
  if (pairs.length === 0) throw bad('hosts', 'maps no hostname');
  let section = DEFAULT_SECTION;
  if (obj.section !== undefined) {
    if (typeof obj.section !== 'string' || !/^[A-Za-z0-9._~-]+$/.test(obj.section))
      throw bad('section', 'must be one non-empty path segment (letters, digits, . _ ~ -)');
    section = obj.section;
  }
  return build(pairs, section, obj.section !== undefined);
}

export function loadRoleMapping(file: string): RoleMapping {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(`${file}: cannot read the role mapping (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${file}: the role mapping is not valid JSON (${(err as Error).message})`);
  }
  return parseRoleMapping(json, file);
}

const MARK_OPEN = '\u0001';
const MARK_CLOSE = '\u0002';

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Replaces origins of mapped hosts inside a value: a role's primary name becomes its placeholder
 * (`https://www.lessons.test:8443` -> `{base_url}`); a secondary name (hop2.redirect.test) has no
 * placeholder of its own and becomes a marker that `markedToRegex` turns into a port-agnostic regex.
 */
export class Placeholderizer {
  private readonly re: RegExp | undefined;

  constructor(private readonly mapping: RoleMapping) {
    const names = [...mapping.hosts.keys()].sort((a, b) => b.length - a.length).map(escapeRegex);
    // An origin already marked (a value written twice through here) is left as it is.
    this.re = names.length ? new RegExp(`(?<!\u0001)(https?)://(${names.join('|')})(:[0-9]+)?(?![A-Za-z0-9.-])`, 'gi') : undefined;
  }

  apply(value: string): string {
    if (!this.re || !value.includes('://')) return value;
    return value.replace(this.re, (_m, scheme: string, host: string) => {
      const h = host.toLowerCase();
      const role = this.mapping.hosts.get(h)!;
      if (this.mapping.primary.get(role) === h) return ROLE_PLACEHOLDERS[role];
      return `${MARK_OPEN}${scheme.toLowerCase()}://${h}${MARK_CLOSE}`;
    });
  }

    /**
   * The placeholder of a host's origin: `{base_url}` for a role's first name, `{redirector_url_3}`
   * for its third (the order of the mapping, which a target map's list of the role's URLs follows).
   */
  originPlaceholder(host: string): string | undefined {
    const role = this.mapping.hosts.get(host);
    if (!role) return undefined;
    const names = [...this.mapping.hosts].filter(([, r]) => r === role).map(([h]) => h);
    const n = names.indexOf(host) + 1;
    const base = ROLE_PLACEHOLDERS[role];
    return n <= 1 ? base : `${base.slice(0, -1)}_${n}}`;
  }

  /** The same mapping with another section (the one the capture's own pages show). */
  withSection(section: string): Placeholderizer {
    return new Placeholderizer({ ...this.mapping, section });
  }

  /** Replaces the role's section segment in a path with `{section}`. */
  section(path: string): string {
    const s = escapeRegex(this.mapping.section);
    return path.replace(new RegExp(`(^|/)${s}(?=/|$|\\?)`, 'g'), '$1{section}');
  }
}

export function hasMarker(value: string): boolean {
  return value.includes(MARK_OPEN);
}

/** A value holding secondary-name markers, as an anchored regex where the port is free. */
export function markedToRegex(value: string): string {
  let out = '^';
  let rest = value;
  for (;;) {
    const open = rest.indexOf(MARK_OPEN);
    if (open < 0) break;
    const close = rest.indexOf(MARK_CLOSE, open);
    out += escapeRegex(rest.slice(0, open)) + escapeRegex(rest.slice(open + 1, close)) + '(?::[0-9]+)?';
    rest = rest.slice(close + 1);
  }
  return `${out}${escapeRegex(rest)}$`;
}

export { escapeRegex };
