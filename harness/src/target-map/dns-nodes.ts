/**
 * Nodes the system resolver gives: a name no resolve entry pins may stand for several addresses
 * (A and AAAA answers of a pool). The run's set-up asks once per name and hands the answers to its
 * workers as resolve entries, so every worker asks the same nodes and the first node is one
 * address for undici and Chromium alike.
 */
import { promises as dns } from 'node:dns';
import { isIP } from 'node:net';
import { forbiddenHost } from './gate';
import { proxyFor } from './proxy';
import { resolveKey, urlPort } from './resolve';
import { ROLES } from './roles';
import type { TargetMap } from './target-map';

export type Lookup = (host: string) => Promise<Array<{ address: string; family: number }>>;

const systemLookup: Lookup = (host) => dns.lookup(host, { all: true, verbatim: true });

/**
 * `host:port:a,b` entries for the mapped names that no entry pins and that resolve to several
 * addresses (link-local and metadata addresses left out, as everywhere). Names reached through
 * the proxy are the proxy's to resolve, `localhost` is one machine however it resolves, and a
 * name that does not resolve is the reachability probe's to report: none of them is listed.
 */
export async function nodesFromResolver(map: TargetMap, lookup: Lookup = systemLookup): Promise<string[]> {
  const pinned = new Set(map.resolve.map((e) => resolveKey(e.host, e.port)));
  const names = new Map<string, URL>();
  for (const role of ROLES)
    for (const url of map.roles[role] ?? []) {
      const key = resolveKey(url.hostname, urlPort(url));
      if (!pinned.has(key) && !isIP(url.hostname.replace(/^\[|\]$/g, '')) && url.hostname !== 'localhost' && !proxyFor(map.proxy, url)) names.set(key, url);
    }
  const out: string[] = [];
  for (const url of names.values()) {
    let answers: Array<{ address: string }>;
    try {
      answers = await lookup(url.hostname);
    } catch {
      continue;
    }
    const addresses = [...new Set(answers.map((a) => a.address))].filter((a) => forbiddenHost(a) === undefined);
    if (addresses.length > 1) out.push(`${url.hostname}:${urlPort(url)}:${addresses.map((a) => (isIP(a) === 6 ? `[${a}]` : a)).join(',')}`);
  }
  return out;
}
