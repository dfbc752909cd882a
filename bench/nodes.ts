/**
 * The cost of an extra node: every spec item replayed (replayItem: h1 and h2, judged, asked again
 * where the answers disagree) against one reference process listening as two nodes, first with
 * HARNESS_NODES=first (one node asked), then with both asked (each item's h1 and h2 legs sent to
 * the second node too, judged, and the two nodes compared), interleaved rounds, best of two.
 * Linear means each node is replayed at the rate one node is: node-items per second with two
 * nodes at 0.9x or more of items per second with one. No HTTP/3 legs: they go to the first node only.
 */
import * as path from 'node:path';
import { CHECKS } from '../harness/src/checks';
import { startEmbeddedReference } from '../harness/src/embedded/start-reference';
import { ReplayClients, replayItem } from '../harness/src/replay';
import { loadSpecs } from '../harness/src/spec-model/load';
import { referenceMap } from './map';
import { TARGET_SIDE } from '../harness/src/target-map';

const root = path.resolve(__dirname, '..');
const ROUNDS = Number(process.env.BENCH_NODE_ROUNDS ?? 8);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

export async function nodeRates(): Promise<void> {
  const ref = await startEmbeddedReference({ args: ['--nodes', '2', '--no-http3'] });
  try {
    const items = loadSpecs(path.join(root, 'specs'), CHECKS).flatMap((spec) =>
      [...spec.exchanges, ...(spec.flows ?? [])].map((item) => ({ role: spec.role, item })),
    );
    let failing = 0;
    const run = async (nodes: 'first' | 'all'): Promise<number> => {
      const clients = new ReplayClients(referenceMap(ref.ready, TARGET_SIDE, { HARNESS_NODES: nodes }), { h3: false });
      let next = 0;
      const total = items.length * ROUNDS;
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < total) {
            const { role, item } = items[next++ % items.length];
            const record = await replayItem(item, clients, { role });
            failing += [...record.legs.flatMap((l) => l.steps.flatMap((s) => s.findings)), ...record.parity].filter(
              (f) => f.verdict === 'fail' || f.verdict === 'error',
            ).length;
          }
        }),
      );
      const seconds = (performance.now() - t0) / 1000;
      await clients.close();
      return total / seconds;
    };
    await run('first'); // warm-up of both paths
    await run('all');
    const rounds: Array<[number, number]> = [];
    for (let r = 0; r < 2; r++) rounds.push([await run('first'), await run('all')]);
    const one = Math.max(...rounds.map(([o]) => o));
    const two = Math.max(...rounds.map(([, t]) => t));
    const perNode = (two * 2) / one;
    console.log('');
    console.log(
      `nodes: ${items.length} spec items x ${ROUNDS} per round against one reference as 2 nodes (${ref.ready.nodes?.join(', ')}), concurrency ${CONCURRENCY}, h3 off, best of ${rounds.length} interleaved rounds`,
    );
    console.log(`one node asked (HARNESS_NODES=first):  ${one.toFixed(1)} items/s`);
    console.log(`two nodes asked (HARNESS_NODES=all):   ${two.toFixed(1)} items/s = ${(two * 2).toFixed(1)} node-items/s`);
    console.log(
      `per node ${perNode.toFixed(2)}x of one node's rate (target 0.9x, linear): ${perNode >= 0.9 ? 'met' : 'MISSED'}; failing findings ${failing} (two identical nodes: 0)`,
    );
  } finally {
    await ref.stop();
  }
}
