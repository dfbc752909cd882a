/**
 * The reference as two nodes, end to end in process: the site's spec items replayed (every exchange
 * and flow to both nodes, judged and compared) and built into the run's results, as the reporter
 * builds them. Two identical nodes pass, both shown; a second node that drops X-Frame-Options gives
 * exactly one failing cause, naming that node and what the first answers.
 */
import * as path from 'node:path';
import { CHECKS } from '../checks';
import { startEmbeddedReference, targetEnvOf, type EmbeddedReference } from '../embedded/start-reference';
import { buildResults } from '../report/build';
import { causeHeadline, failingCauses } from '../report/causes';
import { runMeta } from '../report/fixtures';
import { loadSpecs } from '../spec-model/load';
import { loadTargetMap } from '../target-map';
import { withTestBudgets } from './budgets';
import { replayCollected } from './outcomes';

const SITE = loadSpecs(path.resolve(__dirname, '../../../specs'), CHECKS).filter((s) => s.role === 'site');

async function resultsOf(deviation: string[]) {
  const reference: EmbeddedReference = await startEmbeddedReference({ args: ['--nodes', '2', '--no-http3', ...deviation] });
  try {
    const map = loadTargetMap(withTestBudgets(targetEnvOf(reference.ready)));
    return { results: buildResults({ run: runMeta(), tests: await replayCollected(map, SITE) }), nodes: reference.ready.nodes! };
  } finally {
    await reference.stop();
  }
}

test('two identical nodes: every site item passes on both, and the results name both as agreeing', async () => {
  const { results, nodes } = await resultsOf([]);
  expect(nodes).toEqual(['127.0.0.1', '127.0.0.2']);
  expect(failingCauses(results).map(causeHeadline)).toEqual([]);
  expect(results.run.status).toBe('passed');
  const [site] = results.nodes!;
  expect(site.role).toBe('site');
  expect(site.nodes.map((n) => [n.address, n.differs, n.fails])).toEqual([
    ['127.0.0.1', 0, 0],
    ['127.0.0.2', 0, 0],
  ]);
  expect(site.nodes[1].answers).toBe(site.nodes[0].answers);
  expect(site.nodes[0].answers).toBeGreaterThan(0);
}, 120_000);

test('a second node without X-Frame-Options: one failing cause, naming that node and what the first sends', async () => {
  const { results } = await resultsOf(['--node-deviation', '2:drop-header=x-frame-options']);
  const failing = failingCauses(results);
  // The home page repeats the field (the description says so): the first node's two values, each said.
  expect(failing.map(causeHeadline)).toEqual([
    'site: header x-frame-options is "(absent)" on h1 and h2 at 127.0.0.2; 127.0.0.1 answers "SAMEORIGIN" or "SAMEORIGIN, SAMEORIGIN"',
  ]);
  expect(results.nodes![0].nodes.map((n) => [n.address, n.fails > 0, n.differs > 0])).toEqual([
    ['127.0.0.1', false, false],
    ['127.0.0.2', true, true],
  ]);
}, 120_000);
