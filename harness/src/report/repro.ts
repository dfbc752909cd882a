/**
 * The reproduction command of one raw replay step: curl sending the same method, headers and URL
 * over the same protocol to the same address (`--resolve`/`--connect-to` from the target map's
 * resolve entries, `--cacert` for TARGET_CA, `-k` for TARGET_INSECURE). Credentials are never
 * copied: Cookie and Authorization values become placeholders the user fills in.
 */
import type { TargetMeta } from './types';
import { isCredentialHeader } from './secrets';

/** POSIX shell single-quoting: safe for any byte string. */
export function shellQuote(value: string): string {
  if (/^[A-Za-z0-9_./:=@%+,-]+$/.test(value)) return value;
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

export interface ReproRequest {
  method: string;
  url: string;
  headers: Array<[string, string]>;
}

/** Headers curl sets itself from the URL and the protocol (or that h2 forbids). */
const IMPLIED = new Set(['host', 'content-length', 'connection', 'transfer-encoding', 'keep-alive', 'upgrade']);

function portOf(u: URL): number {
  return u.port ? Number(u.port) : u.protocol === 'https:' ? 443 : 80;
}

/** Parses `host:port:address[:port2][,address...]` (addresses may be bracketed IPv6): the first address is the first node's. */
export function parseResolveEntry(entry: string): { host: string; port: number; address: string; addresses: string[]; connectPort: number } | undefined {
  const [head, ...more] = entry.split(',');
  const m = /^([^:]+):(\d+):(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(head);
  if (!m) return undefined;
  const bare = (a: string) => a.trim().replace(/^\[|\]$/g, '');
  const address = bare(m[3]);
  return { host: m[1], port: Number(m[2]), address, addresses: [address, ...more.map(bare)], connectPort: m[4] ? Number(m[4]) : Number(m[2]) };
}

/** `node`: the address the request went to, where the name has several (the first node's otherwise). */
export function reproduceCommand(request: ReproRequest, protocol: 'h1' | 'h2', target: TargetMeta | null, node?: string): string {
  const u = new URL(request.url);
  const args: string[] = ['curl', '-sS', '-D', '-', '-o', '/dev/null', protocol === 'h2' ? '--http2' : '--http1.1'];
  const method = request.method.toUpperCase();
  if (method === 'HEAD') args.push('-I');
  else if (method !== 'GET') args.push('-X', shellQuote(method));
  for (const [name, value] of request.headers) {
    if (IMPLIED.has(name.toLowerCase())) continue;
    const shown = isCredentialHeader(name) ? `<${name.toUpperCase()}>` : value;
    args.push('-H', shellQuote(`${name}: ${shown}`));
  }
  const port = portOf(u);
  const host = u.hostname.replace(/^\[|\]$/g, '');
  for (const entry of target?.resolve ?? []) {
    const e = parseResolveEntry(entry);
    if (!e || e.host.toLowerCase() !== host.toLowerCase() || e.port !== port) continue;
    const chosen = node !== undefined && e.addresses.includes(node) ? node : e.address;
    const address = chosen.includes(':') ? `[${chosen}]` : chosen;
    if (e.connectPort === e.port) args.push('--resolve', shellQuote(`${e.host}:${e.port}:${address}`));
    else args.push('--connect-to', shellQuote(`${e.host}:${e.port}:${address}:${e.connectPort}`));
    break;
  }
  if (u.protocol === 'https:') {
    if (target?.caFile) args.push('--cacert', shellQuote(target.caFile));
    if (target?.insecure) args.push('-k');
  }
  args.push(shellQuote(request.url));
  return args.join(' ');
}
