/**
 * The other nodes behind an item's name (HARNESS_NODES): each is sent the item over h1 and h2 as
 * the first node was, its answers judged by the same expectations, and compared with the first
 * node's, step by step, as the protocols are compared. A whole flow stays on one node, the way a
 * load balancer's sticky session keeps it: a cookie one node sets is never sent to another.
 *
 * Where the nodes disagree, each side is asked once more: what differs between two answers of one
 * node is noise (a request id, a date), excused as in the protocol comparison; what is left is a
 * difference between the nodes themselves.
 */
import { nodeComparison } from '../core';
import { compareAnswers, emptyNoise, learnNoise, mergeNoise, type Noise } from '../noise';
import type { LegRecord, Protocol, ReplayFinding, ReplayRecord } from '../record';
import type { ExchangeSpec, FlowSpec } from '../spec-model/types';
import { nodesFor } from '../target-map/nodes';
import type { ReplayClients } from './clients';
import { evaluateLeg, type ReplayAnswers } from './evaluate-leg';
import { judgedAsOf, sendLeg, stepsOf, type ReplayOptions, type SentStep } from './step';

export const NODE_CLAUSE =
  'One name, one origin (RFC 9110 §4.3.1, §7.1): whichever address behind the name answers, the answer means the same. ' +
  'A node that answers otherwise is a cut-over defect: where the description states the field, the spec finding on that node fails; where it is silent, the difference warns.';

const NODE_PROTOCOLS: readonly Protocol[] = ['h1', 'h2'];

/** The address of the item's first request: the name whose nodes are asked. */
function firstUrl(answers: ReplayAnswers): URL | undefined {
  const url = answers.firsts.h1?.[0]?.rec.request?.url ?? answers.firsts.h2?.[0]?.rec.request?.url;
  return url ? new URL(url) : undefined;
}

function onNode(leg: LegRecord, address: string): void {
  leg.node = address;
  for (const step of leg.steps) step.findings = step.findings.map((f) => Object.assign({}, f, { node: address }));
}

/** Sends the item to every other node of its name (none where it has one), judging and comparing each; the record says which nodes answered. */
export async function replayOtherNodes(
  item: ExchangeSpec | FlowSpec,
  rec: ReplayRecord,
  answers: ReplayAnswers & { noise: readonly Noise[] },
  clients: ReplayClients,
  options: ReplayOptions,
): Promise<void> {
  const url = firstUrl(answers);
  if (!url) return;
  const nodes = nodesFor(clients.map, url);
  if (nodes.length < 2) return;
  const [first, ...others] = nodes;
  rec.nodes = nodes;
  for (const leg of rec.legs) if (leg.protocol !== 'h3') onNode(leg, first);
  rec.parity = rec.parity.map((f) => Object.assign({}, f, { node: first }));
  // The first node asked again, once for all the others, where a comparison needs its noise.
  const again: Partial<Record<Protocol, SentStep[]>> = { ...answers.agains };
  for (const address of others) {
    const nodeClients = clients.forNode(url, address);
    const firsts: Partial<Record<Protocol, SentStep[]>> = {};
    for (const protocol of NODE_PROTOCOLS) {
      const { leg, sent } = await sendLeg(protocol, item, nodeClients, options);
      if (protocol === 'h2' && leg.steps.length && leg.steps.every((s) => s.skipped)) leg.skipped = leg.steps[0].skipped;
      evaluateLeg(protocol, item, sent, undefined, nodeClients, options);
      onNode(leg, address);
      rec.legs.push(leg);
      firsts[protocol] = sent;
    }
    rec.parity.push(...(await compareNodes(item, { address: first, answers, again, clients }, { address, firsts, clients: nodeClients }, options)));
  }
}

interface FirstNode {
  address: string;
  /** Its answers, and each step's noise as the protocol comparison learned it (item.ts), learned once for every node. */
  answers: ReplayAnswers & { noise: readonly Noise[] };
  again: Partial<Record<Protocol, SentStep[]>>;
  clients: ReplayClients;
}

interface OtherNode {
  address: string;
  firsts: Partial<Record<Protocol, SentStep[]>>;
  clients: ReplayClients;
}

/**
 * Each step's answer on the other node compared with the first node's, over h1 (h2 where h1 has
 * none): one protocol is enough, each leg's own expectations having judged both.
 */
async function compareNodes(item: ExchangeSpec | FlowSpec, base: FirstNode, other: OtherNode, options: ReplayOptions): Promise<ReplayFinding[]> {
  const out: ReplayFinding[] = [];
  const target = options.targetName ?? base.clients.map.origin;
  const steps = stepsOf(item);
  let otherAgain: Partial<Record<Protocol, SentStep[]>> = {};
  for (const [i, step] of steps.entries()) {
    const protocol = NODE_PROTOCOLS.find((p) => base.answers.firsts[p]?.[i]?.observed && other.firsts[p]?.[i]?.observed);
    if (!protocol) continue;
    const a = base.answers.firsts[protocol]![i].observed!;
    const b = other.firsts[protocol]![i].observed!;
    const learned = base.answers.noise[i] ?? emptyNoise();
    const compare = (noise: Noise) =>
      compareAnswers(step.id, a, b, noise, {
        aspect: nodeComparison(other.address),
        first: base.address,
        second: other.address,
        clause: NODE_CLAUSE,
        level: 'should',
        targetOrigin: judgedAsOf(options, base.clients),
        target,
      });
    let found = compare(learned);
    if (found.some((f) => f.verdict !== 'pass')) {
      base.again[protocol] ??= (await sendLeg(protocol, item, base.clients, options)).sent;
      otherAgain = { ...otherAgain, [protocol]: otherAgain[protocol] ?? (await sendLeg(protocol, item, other.clients, options)).sent };
      const a2 = base.again[protocol]?.[i]?.observed;
      const b2 = otherAgain[protocol]?.[i]?.observed;
      found = compare(mergeNoise(learned, a2 ? learnNoise(a, a2) : undefined, b2 ? learnNoise(b, b2) : undefined));
    }
    out.push(...found.map((f) => Object.assign(f, { step: step.id, protocol, node: other.address })));
  }
  return out;
}
