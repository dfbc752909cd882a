/**
 * Redirect chains from order: within one capture, an answer with a Location and a later request
 * for exactly that address are hops of one chain (the redirector's favicon -> a second host -> a
 * third). A hop on a host another deployment names differently cannot be written as an address:
 * the chain is replayed hop by hop, each hop asked of the address the previous Location gave
 * (`{{hop2}}`), so whatever names a deployment chose are followed.
 */
import type { Observation } from './observation';

/** One chain: the group key of each hop, in order. */
export interface RedirectChain {
  file: string;
  hops: string[];
}

const withoutFragment = (url: string) => url.split('#')[0];

/**
 * The chains of one capture, of at least two hops, that reach a role's other name (the hops a map
 * could not address by placeholder); `keyOf` is the observation's group key.
 */
export function redirectChains(observations: readonly Observation[], keyOf: (o: Observation) => string): RedirectChain[] {
  const next = new Map<Observation, Observation>();
  const targeted = new Set<Observation>();
  observations.forEach((o, i) => {
    if (o.status < 300 || o.status > 399) return;
    const location = o.location;
    if (!location) return;
    let target: string;
    try {
      target = withoutFragment(new URL(location, o.url).href);
    } catch {
      return;
    }
    const hop = observations.slice(i + 1).find((x) => withoutFragment(x.url) === target && x.method === 'GET');
    if (hop && !targeted.has(hop)) {
      next.set(o, hop);
      targeted.add(hop);
    }
  });
  const chains: RedirectChain[] = [];
  for (const start of observations) {
    if (targeted.has(start) || !next.has(start)) continue;
    const hops: Observation[] = [start];
    for (let at = next.get(start); at && hops.length < 20; at = next.get(at)) hops.push(at);
    if (hops.some((h) => h.secondaryHost)) chains.push({ file: start.file, hops: hops.map(keyOf) });
  }
  return chains;
}
