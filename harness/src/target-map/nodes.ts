/**
 * Nodes: the addresses behind one name (a load balancer's pool, regions, the old and the new edge
 * during a cut-over). The first is where every single-connection client goes (the browser, the
 * raw flows, HTTP/3); the replay asks every node of an exchange's name, up to HARNESS_NODES, each
 * through a map pinned to that node, so one node answering otherwise is seen and named.
 */
import { resolveEntryFor, type ResolveEntry } from './resolve';
import { NODES_VARIABLE, type NodesSetting } from '../settings/harness';

/** What of a target map the nodes are read from (the map itself describes its nodes with them). */
interface NodeMap {
  resolve: ResolveEntry[];
  nodes: NodesSetting;
}

/** The addresses behind an entry that the run asks, HARNESS_NODES applied (the first always). */
export function chosenNodes(entry: ResolveEntry, setting: NodesSetting): string[] {
  return setting === 'all' ? [...entry.addresses] : entry.addresses.slice(0, setting);
}

/** The nodes the replay asks for this URL's name: none where the name has one address (or none pinned). */
export function nodesFor(map: NodeMap, url: URL): string[] {
  const entry = resolveEntryFor(map.resolve, url);
  if (!entry || entry.addresses.length < 2) return [];
  const nodes = chosenNodes(entry, map.nodes);
  return nodes.length > 1 ? nodes : [];
}

/** The map with this URL's name pinned to one of its nodes: every client built from it connects there, and only there. */
export function pinnedTo<M extends NodeMap>(map: M, url: URL, address: string): M {
  const entry = resolveEntryFor(map.resolve, url);
  if (!entry) return map;
  return { ...map, resolve: map.resolve.map((e) => (e === entry ? { ...e, address, addresses: [address] } : e)) };
}

/** The run header's account of the nodes: which names have several, which are asked, and what it costs. */
export function describeNodes(map: NodeMap): string | undefined {
  const several = map.resolve.filter((e) => e.addresses.length > 1);
  if (several.length === 0) return undefined;
  const setting = map.nodes === 'all' ? 'all' : map.nodes === 1 ? 'first' : String(map.nodes);
  const lines = [`nodes (${NODES_VARIABLE}=${setting}):`];
  for (const e of several) {
    const asked = chosenNodes(e, map.nodes);
    const cost =
      asked.length > 1
        ? `each exchange is sent to ${asked.length} nodes: ${asked.length}x its h1 and h2 requests; browser flows, raw flows and HTTP/3 stay on ${asked[0]}`
        : `only ${asked[0]} is asked`;
    lines.push(`  ${e.host}:${e.port} -> ${e.addresses.join(', ')} (${cost})`);
  }
  return lines.join('\n');
}
