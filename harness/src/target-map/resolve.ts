import { isIP } from 'node:net';
import { TargetConfigError } from './errors';
import type { ValueSource } from './urls';

export interface ResolveEntry {
  /** Lower-cased: hostnames compare case-insensitively. */
  host: string;
  port: number;
  /** IP literal without brackets (ready for a socket connect), or `localhost`: the first node, where every single-connection client goes. */
  address: string;
  /**
   * Every node behind the name, `address` first: curl's `host:port:addr1,addr2` form, or the
   * system resolver's answers the run's set-up found. The replay asks each (HARNESS_NODES).
   */
  addresses: string[];
  /** Equal to `port` for the `--resolve` form. */
  connectPort: number;
  /** The entry as written, for logs and error messages. */
  source: string;
  /** Set where the run found it rather than the user gave it: the system resolver's answers for a name with several. */
  found?: 'resolver';
}

const HOSTNAME = /^(?=.{1,253}\.?$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*\.?$/i;
const FORMS = 'expected host:port:address[,address...] (curl --resolve) or host:port:address:port2 (curl --connect-to)';

/** Splits on ':' except inside brackets, so "[::1]" stays one field. */
function fields(entry: string): string[] | undefined {
  const out: string[] = [];
  let i = 0;
  for (;;) {
    let field: string;
    if (entry[i] === '[') {
      const close = entry.indexOf(']', i);
      if (close < 0) return undefined;
      field = entry.slice(i, close + 1);
      i = close + 1;
      if (i < entry.length && entry[i] !== ':') return undefined;
    } else {
      const colon = entry.indexOf(':', i);
      const end = colon < 0 ? entry.length : colon;
      field = entry.slice(i, end);
      i = end;
    }
    out.push(field);
    if (i >= entry.length) return out;
    i += 1; // the ':'
    if (i === entry.length) {
      out.push('');
      return out;
    }
  }
}

function parsePort(text: string): number | undefined {
  if (!/^\d{1,5}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= 1 && n <= 65535 ? n : undefined;
}

/**
 * A hostname target would need a DNS lookup the harness cannot pin for Chromium and undici alike;
 * `localhost` is the one name both resolve the same way without asking anyone.
 */
function parseAddress(text: string): string | undefined {
  if (text.toLowerCase() === 'localhost') return 'localhost';
  if (text.startsWith('[') && text.endsWith(']')) {
    const inner = text.slice(1, -1);
    return isIP(inner) === 6 ? inner : undefined;
  }
  return isIP(text) === 4 ? text : undefined;
}

/** Whether a comma-separated item is a further address of the entry before it (curl's `host:port:a,b`), not an entry of its own. */
function isBareAddress(item: string): boolean {
  return parseAddress(item.trim()) !== undefined;
}

export function parseResolveEntry(entry: string, src: ValueSource): ResolveEntry {
  function fail(reason: string): never {
    throw new TargetConfigError(src.variable, entry, reason, src.pointer);
  }
  const source = entry.trim();
  if (source === '') fail(`is an empty entry (${FORMS})`);
  const [head, ...more] = source.split(',');
  const parts = fields(head.trim());
  if (parts === undefined || (parts.length !== 3 && parts.length !== 4)) {
    fail(`does not parse (${FORMS}; IPv6 addresses in brackets)`);
  }
  const [hostText, portText, addressText, connectPortText] = parts;
  if (hostText === '') fail('has an empty host');
  if (!HOSTNAME.test(hostText)) fail(`has an invalid host name ${JSON.stringify(hostText)}`);
  const port = parsePort(portText);
  if (port === undefined) fail(`has port ${JSON.stringify(portText)}, not a number in 1..65535`);
  if (addressText === '') fail('has an empty address');
  const address = parseAddress(addressText);
  if (address === undefined) {
    fail(`has address ${JSON.stringify(addressText)}, which is not an IPv4 address, ` + 'a bracketed IPv6 address ([::1]) or localhost');
  }
  let connectPort = port;
  if (connectPortText !== undefined) {
    const p = parsePort(connectPortText);
    if (p === undefined) fail(`has connect port ${JSON.stringify(connectPortText)}, not a number in 1..65535`);
    connectPort = p;
  }
  const addresses = [address];
  for (const item of more) {
    const next = parseAddress(item.trim());
    if (next === undefined) fail(`has address ${JSON.stringify(item.trim())}, which is not an IPv4 address, a bracketed IPv6 address ([::1]) or localhost`);
    if (addresses.includes(next)) fail(`lists the address ${next} twice`);
    addresses.push(next);
  }
  return {
    host: hostText.toLowerCase().replace(/\.$/, ''),
    port,
    address,
    addresses,
    connectPort,
    source,
  };
}

/** The port of a scheme (`https:` or `http:`) when a URL names none. */
export function defaultPort(protocol: string): number {
  return protocol === 'https:' ? 443 : 80;
}

/** A URL's port, its scheme's default where it names none: the port a resolve entry is keyed by. */
export function urlPort(url: URL): number {
  return url.port !== '' ? Number(url.port) : defaultPort(url.protocol);
}

export function resolveKey(host: string, port: number): string {
  return `${host.toLowerCase()}:${port}`;
}

/** The resolve entry that applies to a URL (its host, brackets stripped, at its port), if any. */
export function resolveEntryFor(resolve: readonly ResolveEntry[], url: URL): ResolveEntry | undefined {
  const key = resolveKey(url.hostname.replace(/^\[|\]$/g, ''), urlPort(url));
  return resolve.find((e) => resolveKey(e.host, e.port) === key);
}

/**
 * Two entries for one host:port would leave the choice to ordering, and undici and Chromium need
 * not pick the same one: refuse them unless they say the same thing.
 */
export function checkResolveConflicts(entries: ResolveEntry[], sources: ValueSource[]): void {
  const seen = new Map<string, ResolveEntry>();
  entries.forEach((e, i) => {
    const key = resolveKey(e.host, e.port);
    const prior = seen.get(key);
    if (prior && (prior.addresses.join(',') !== e.addresses.join(',') || prior.connectPort !== e.connectPort)) {
      const src = sources[i];
      throw new TargetConfigError(src.variable, e.source, `conflicts with the earlier entry ${JSON.stringify(prior.source)} for ${key}`, src.pointer);
    }
    seen.set(key, e);
  });
}

/** The TARGET_RESOLVE form: comma-separated entries, an entry's further addresses after it (`www:443:10.0.0.5,10.0.0.6,api:443:10.0.0.7`). */
export function parseResolveList(value: string, src: ValueSource): ResolveEntry[] {
  const groups: string[] = [];
  for (const item of value.split(',')) {
    if (groups.length && isBareAddress(item)) groups[groups.length - 1] += `,${item}`;
    else groups.push(item);
  }
  const entries = groups.map((e) => parseResolveEntry(e, src));
  checkResolveConflicts(
    entries,
    entries.map(() => src),
  );
  return entries;
}
