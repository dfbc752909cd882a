import { envMapsRoles, readEnvTargets } from './parse-env';
import { TargetConfigError } from './errors';
import { sideNamed, TARGET_SIDE, valuePrefix, variableOf, type Side, type SideName } from './side';
import { parseResolveEntry, resolveKey, type ResolveEntry, urlPort } from './resolve';
import { DEFAULT_SECTION, ROLES, type Role } from './roles';
import { describeExtraHeaders, headersForRole, type ExtraHeaders } from './headers';
import type { TargetValue } from './values';
import { jsonMapsRoles, loadTargetsFile, readTargetsJson, type FileTargets } from './targets-file';
import { describeProxy, proxyFor, proxyFromEnv, type ProxySettings } from './proxy';
import { loadLimits, type TransportLimits } from './limits';
import { parseNodesSetting, type NodesSetting } from '../settings/harness';
import { describeNodes } from './nodes';

export interface TargetMap {
  /** Which side of the run this map describes: the target (the candidate) or a differential run's baseline. */
  side: SideName;
  /** Absent role = not mapped; present roles hold at least one URL. */
  roles: Partial<Record<Role, URL[]>>;
  resolve: ResolveEntry[];
  /** Extra trusted roots, one PEM certificate per item, on top of Node's default roots. */
  ca: string[];
  /** Absolute path of the PEM file the roots came from. */
  caFile?: string;
  insecure: boolean;
  section: string;
  /** Where `section` came from: TARGET_SECTION, TARGETS_FILE, the home page, or the default. */
  sectionSource: string;
  /** Target values by name (`{value:NAME}`), variables over the file's `values`. */
  values: Record<string, TargetValue>;
  /** Extra request headers per role (TARGET_HEADERS over the file's `headers`). */
  headers: ExtraHeaders;
  origin: 'reference' | 'user';
  /** Why this run sends nothing over HTTP/3 (TARGET_H3=0, an embedded reference without it); absent: wherever a role advertises it. */
  h3Off?: string;
  /** The roles the run's set-up could not reach, with why (their tests are skipped with it and the run cannot be judged whole). */
  unreachable?: Partial<Record<Role, string>>;
  /** HTTPS_PROXY / HTTP_PROXY / NO_PROXY; absent: every connection is direct (always so for an embedded reference). */
  proxy?: ProxySettings;
  /**
   * HARNESS_CONNECT_TIMEOUT_MS, HARNESS_REQUEST_TIMEOUT_MS, HARNESS_BODY_CAP_BYTES of the env the map
   * was read from: every client of the map (dispatchers, the h2 and h3 clients, the decoder) takes
   * them from here, so two maps of one process may carry different budgets.
   */
  limits: Readonly<TransportLimits>;
  /** HARNESS_NODES: how many of the addresses behind a name the replay asks (`all`, or at most N). */
  nodes: NodesSetting;
}

export const ROLE_NOT_MAPPED = 'role not mapped';

/**
 * Reads and validates the whole mapping once (the variables, then TARGETS_FILE, stopping at the
 * first error). Variables override the file field by field: a variable replaces the file's value,
 * lists included, so TARGET_RESOLVE is never merged with the file's `resolve`.
 */
export function loadTargetMap(env: NodeJS.ProcessEnv = process.env, side: Side = TARGET_SIDE): TargetMap {
  const fromEnv = readEnvTargets(env, process.cwd(), side);
  const file = filesVariableOf(env, side);
  const fromFile: Partial<FileTargets> = file === undefined ? {} : loadTargetsFile(file.path, process.cwd(), file.variable);
  const ca = fromEnv.ca ?? fromFile.ca;
  const ENV_SECTION = variableOf(side, 'SECTION');
  const ENV_TARGETS_FILE = file?.variable ?? side.filesVariable;
  const map: TargetMap = {
    side: side.name,
    roles: { ...fromFile.roles, ...fromEnv.roles },
    resolve: withFoundNodes(fromEnv.resolve ?? fromFile.resolve ?? [], env, side),
    ca: ca?.pems ?? [],
    insecure: fromEnv.insecure ?? fromFile.insecure ?? false,
    section: fromEnv.section ?? fromFile.section ?? fromEnv.inferredSection?.section ?? DEFAULT_SECTION,
    sectionSource:
      fromEnv.section !== undefined
        ? ENV_SECTION
        : fromFile.section !== undefined
          ? `${ENV_TARGETS_FILE} (section)`
          : fromEnv.inferredSection
            ? `read from ${fromEnv.inferredSection.from}`
            : `default (no ${ENV_SECTION}, and the home page was not read or links no /<section>/css/ or /js/ address)`,
    values: { ...fromFile.values, ...fromEnv.values },
    headers: fromEnv.headers ?? fromFile.headers ?? {},
    origin: fromEnv.origin,
    limits: Object.freeze(loadLimits(env)),
    nodes: parseNodesSetting(env),
  };
  if (ca) map.caFile = ca.file;
  if (fromEnv.h3Off !== undefined) map.h3Off = fromEnv.h3Off;
  const unreachable = unreachableOf(env, side);
  if (unreachable) map.unreachable = unreachable;
  if (fromEnv.origin === 'user') map.proxy = proxyFromEnv(env);
  return map;
}

/**
 * Whether the run must start the embedded reference: no role URL anywhere. Looks only at
 * presence (a malformed URL still means the user wanted their own target, and loadTargetMap will
 * say what is wrong with it); TARGETS_FILE is read because its roles count too.
 */
export function referenceRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  return !sideMapsRoles(env, TARGET_SIDE);
}

/** Whether env or the side's file names any role URL. */
export function sideMapsRoles(env: NodeJS.ProcessEnv, side: Side): boolean {
  if (envMapsRoles(env, side)) return true;
  const file = filesVariableOf(env, side);
  return file !== undefined && jsonMapsRoles(readTargetsJson(file.path, process.cwd(), file.variable).json);
}

/** The side's JSON file variable that is set (`BASELINES_FILE` or its older spelling), and its value. */
export function filesVariableOf(env: NodeJS.ProcessEnv, side: Side): { variable: string; path: string } | undefined {
  const set = [side.filesVariable, ...side.filesAliases].filter((v) => env[v] !== undefined);
  if (set.length > 1 && set.some((v) => env[v] !== env[set[0]])) {
    throw new TargetConfigError(set[1], env[set[1]] ?? '', `contradicts ${set[0]}=${JSON.stringify(env[set[0]])}: set only ${side.filesVariable}`);
  }
  return set.length ? { variable: set[0], path: env[set[0]] ?? '' } : undefined;
}

export function roleUrls(map: TargetMap, role: Role): URL[] {
  return [...(map.roles[role] ?? [])];
}

/** The skip reason the replay shows for a role's exchanges, so unmapped (or unreachable) never reads as passed. */
export function skipReason(map: TargetMap, role: Role): string | undefined {
  if (roleUrls(map, role).length === 0) return ROLE_NOT_MAPPED;
  const why = map.unreachable?.[role];
  return why ? `role not reachable: ${why}` : undefined;
}

/** The entries given, then the nodes the set-up's resolver found for names none of them pins (its variable, written by the run). */
function withFoundNodes(given: ResolveEntry[], env: NodeJS.ProcessEnv, side: Side): ResolveEntry[] {
  const raw = env[side.nodesFoundVariable];
  if (!raw) return given;
  let found: unknown;
  try {
    found = JSON.parse(raw);
  } catch {
    return given;
  }
  if (!Array.isArray(found)) return given;
  const pinned = new Set(given.map((e) => resolveKey(e.host, e.port)));
  const extra = found
    .filter((v): v is string => typeof v === 'string')
    .map((v) => ({ ...parseResolveEntry(v, { variable: side.nodesFoundVariable }), found: 'resolver' as const }))
    .filter((e) => !pinned.has(resolveKey(e.host, e.port)));
  return [...given, ...extra];
}

/** The roles the side's set-up found unreachable (its variable, written by the run). */
function unreachableOf(env: NodeJS.ProcessEnv, side: Side): Partial<Record<Role, string>> | undefined {
  const raw = env[side.unreachableVariable];
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    const out: Partial<Record<Role, string>> = {};
    for (const role of ROLES) if (typeof parsed[role] === 'string') out[role] = parsed[role] as string;
    return Object.keys(out).length ? out : undefined;
  } catch {
    return undefined;
  }
}

function formatAddress(address: string): string {
  return address.includes(':') ? `[${address}]` : address;
}

/** A resolve entry of a host that goes through the proxy is the CONNECT target; Chromium cannot do that. */
function proxiedNote(map: TargetMap, e: ResolveEntry): string {
  const urls = ROLES.flatMap((r) => roleUrls(map, r)).filter((u) => resolveKey(u.hostname, urlPort(u)) === resolveKey(e.host, e.port));
  return urls.some((u) => proxyFor(map.proxy, u)) ? '  (through the proxy: CONNECT to this address; Chromium asks the proxy for the name)' : '';
}

export function describeTargetMap(map: TargetMap): string {
  const lines: string[] = [`${map.side} (${map.origin}):`];
  const width = Math.max(...ROLES.map((r) => r.length));
  const used = new Set<string>();
  for (const role of ROLES) {
    const urls = roleUrls(map, role);
    urls.forEach((u) => used.add(resolveKey(u.hostname, urlPort(u))));
    const shown = urls.length === 0 ? `(${ROLE_NOT_MAPPED})` : urls.map((u) => u.origin).join(', ');
    lines.push(`  ${role.padEnd(width)}  ${shown}`);
  }
  if (map.resolve.length === 0) {
    lines.push('resolve: none (names resolved by DNS)');
  } else {
    lines.push('resolve:');
    for (const e of map.resolve) {
      // An entry no role URL uses is usually a typo in the host or the port.
      const note = e.found
        ? "  (the system resolver's answers: its nodes)"
        : used.has(resolveKey(e.host, e.port))
          ? proxiedNote(map, e)
          : '  (no mapped URL uses this host:port)';
      lines.push(`  ${e.host}:${e.port} -> ${e.addresses.map(formatAddress).join(', ')}:${e.connectPort}${note}`);
    }
  }
  const nodes = describeNodes(map);
  if (nodes) lines.push(nodes);
  lines.push(map.caFile === undefined ? 'CA: default roots only' : `CA: default roots + ${map.ca.length} from ${map.caFile}`);
  lines.push(map.insecure ? `certificate verification: OFF (${variableOf(sideNamed(map.side), 'INSECURE')})` : 'certificate verification: on');
  if (map.h3Off) lines.push(`HTTP/3: not asked for (${map.h3Off})`);
  const proxy = describeProxy(map.proxy);
  if (proxy) lines.push(proxy);
  lines.push(`section: ${map.section} (${map.sectionSource})`);
  const values = Object.entries(map.values);
  const headers = describeExtraHeaders(map.headers);
  if (headers) lines.push(`extra request headers: ${headers}`);
  lines.push(
    values.length ? `values: ${values.map(([n, v]) => `${n}=${v.value} (${v.from})`).join(', ')}` : `values: none (${valuePrefix(sideNamed(map.side))}<NAME>)`,
  );
  return lines.join('\n');
}

/**
 * The extra headers for a request to this URL: by the role whose origin it is (none for other
 * origins, whatever their name), those for every role only over https.
 */
export function extraHeadersFor(map: TargetMap, url: string | URL): Record<string, string> {
  if (Object.keys(map.headers).length === 0) return {};
  let u: URL;
  try {
    u = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return {};
  }
  const role = ROLES.find((r) => roleUrls(map, r).some((m) => m.origin === u.origin));
  return role ? headersForRole(map.headers, role, u.protocol !== 'https:') : {};
}
