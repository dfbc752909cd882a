/**
 * Flows from order: within one capture, a response that sets cookies and a later request that
 * sends one of those cookie values back (and itself sets cookies) are steps of one flow, in the
 * order the capture shows them (the visitor-flag flip: GET / sets the cookie, the CSS beacon sends it
 * and flips it). Requests that only carry cookies along (every static file) are not steps.
 */
import type { ExchangeSpec, FlowSpec, FlowStep } from '../spec-model/types';
import type { Observation } from './observation';

interface Node {
  order: number;
  groupKey: string;
  /** Cookie names this step sent that an earlier step set. */
  carried: string[];
  parent: number;
}

/** Tracks one capture's cookie hand-offs. Cookie values are held in memory only, never written. */
export class FlowTracker {
  private readonly nodes: Node[] = [];
  private readonly setter = new Map<string, number>();

  constructor(readonly file: string) {}

  private find(i: number): number {
    while (this.nodes[i].parent !== i) i = this.nodes[i].parent = this.nodes[this.nodes[i].parent].parent;
    return i;
  }

  add(o: Observation, groupKey: string): void {
    const links: number[] = [];
    const carried: string[] = [];
    for (const [name, value] of o.requestCookies) {
      const from = this.setter.get(`${name}=${value}`);
      if (from !== undefined) {
        links.push(from);
        carried.push(name);
      }
    }
    const sets = o.setCookies.filter((c) => c.value !== '');
    if (sets.length === 0) return;
    const id = this.nodes.length;
    this.nodes.push({ order: id, groupKey, carried: [...new Set(carried)].sort(), parent: id });
    for (const l of links) {
      const a = this.find(l);
      const b = this.find(id);
      if (a !== b) this.nodes[b].parent = a;
    }
    for (const c of sets) this.setter.set(`${c.name}=${c.value}`, id);
  }

  /** Chains of at least two steps, each as group keys and carried cookie names, in capture order. */
  chains(): Array<Array<{ groupKey: string; carried: string[] }>> {
    const byRoot = new Map<number, Node[]>();
    for (let i = 0; i < this.nodes.length; i++) {
      const r = this.find(i);
      const list = byRoot.get(r);
      if (list) list.push(this.nodes[i]);
      else byRoot.set(r, [this.nodes[i]]);
    }
    return [...byRoot.values()].filter((l) => l.length >= 2).map((l) => l.map((n) => ({ groupKey: n.groupKey, carried: n.carried })));
  }
}

export interface FlowCandidate {
  file: string;
  steps: Array<{ groupKey: string; carried: string[] }>;
}

/**
 * Flows of all captures, one per distinct step sequence, with each step the group's exchange.
 * `exchangeOf` gives the derived exchange of a group key.
 */
export function buildFlows(candidates: FlowCandidate[], exchangeOf: (groupKey: string) => ExchangeSpec): FlowSpec[] {
  const bySignature = new Map<string, { steps: FlowCandidate['steps']; files: Set<string> }>();
  for (const c of candidates) {
    const sig = c.steps.map((s) => `${s.groupKey}\u0001${s.carried.join(',')}`).join('\u0002');
    const seen = bySignature.get(sig);
    if (seen) seen.files.add(c.file);
    else bySignature.set(sig, { steps: c.steps, files: new Set([c.file]) });
  }
  const flows: Array<FlowSpec & { sig: string }> = [];
  for (const [sig, { steps, files }] of bySignature) {
    const exchanges = steps.map((s) => exchangeOf(s.groupKey));
    const first = exchanges[0];
    const last = exchanges[exchanges.length - 1];
    const slug = (e: ExchangeSpec) => e.id.split('/').slice(2).join('-');
    const id = `${first.id.split('/')[0]}/har/flow-${slug(first)}-then-${slug(last)}${steps.length > 2 ? `-${steps.length}-steps` : ''}`;
    const flowSteps: FlowStep[] = exchanges.map((e, i) => {
      const carried = steps[i].carried;
      return {
        ...e,
        id: `${id}/${i + 1}`,
        title: `${e.title}${carried.length ? `; sends ${carried.join(', ')} set by an earlier step` : ''}`,
      };
    });
    // A step that sets again a cookie it was sent flips it: the same id must come back (checked wherever the value has an id and a flag).
    const flips = steps.some((s, i) => i > 0 && s.carried.some((name) => exchanges[i].expect.cookies?.[name]));
    flows.push({
      id,
      title: `Cookie hand-off: ${exchanges.map((e) => `${e.request.method ?? 'GET'} ${e.request.path}`).join(' -> ')}`,
      clause: `capture: request order in ${[...files].sort().join(', ')}`,
      source: 'capture',
      ...(flips ? { checks: ['cookie/flip-keeps-id'] } : {}),
      steps: flowSteps,
      sig,
    });
  }
  const ids = new Map<string, number>();
  const key = (f: { id: string; sig: string }) => `${f.id}\u0000${f.sig}`;
  flows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  for (const f of flows) {
    const n = (ids.get(f.id) ?? 0) + 1;
    ids.set(f.id, n);
    if (n > 1) {
      f.id = `${f.id}-${n}`;
      f.steps.forEach((s, i) => (s.id = `${f.id}/${i + 1}`));
    }
  }
  return flows.map(({ sig: _sig, ...flow }) => flow);
}
