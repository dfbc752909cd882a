/**
 * The reference as two nodes, end to end in process: the site's spec items replayed (every exchange
 * and flow to both nodes, judged and compared) and built into the run's results, as the reporter
 * builds them. Two identical nodes pass, both shown; a second node that drops X-Frame-Options gives
 * exactly one failing cause, naming that node and what the first answers. Nodes serving a bad leaf
 * are each caught by the certificate and OCSP flows, and named.
 */
import * as path from 'node:path';
import { CHECKS } from '../checks';
import { startEmbeddedReference, targetEnvOf, type EmbeddedReference } from '../embedded/start-reference';
import { buildResults } from '../report/build';
import { causeHeadline, failingCauses } from '../report/causes';
import { collected, runMeta } from '../report/fixtures';
import { runCertsFlow } from '../flows/raw/certs';
import { runOcspFlow } from '../flows/raw/ocsp';
import { allFindings, ReplayClients } from '../replay';
import { loadSpecs } from '../spec-model/load';
import { loadTargetMap } from '../target-map';
import { withTestBudgets } from './budgets';
import { replayCollected } from './suite-collected';

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

test('nodes serving a revoked leaf, a leaf of 5 days, a leaf without its intermediate: each caught by the certificate and OCSP flows, and named', async () => {
  const reference = await startEmbeddedReference({
    args: [
      '--nodes',
      '4',
      '--no-http3',
      '--node-deviation',
      '2:revoked-leaf',
      '--node-deviation',
      '3:expiring-leaf=5',
      '--node-deviation',
      '4:no-intermediate',
    ],
  });
  try {
    const clients = new ReplayClients(loadTargetMap(withTestBudgets(targetEnvOf(reference.ready))), { h3: false });
    try {
      const certs = await runCertsFlow('site', clients, { minDays: 14 });
      const ocsp = await runOcspFlow('site', clients);
      const misses = [...allFindings(certs), ...allFindings(ocsp)]
        .filter((f) => f.verdict !== 'pass' && f.verdict !== 'info' && f.verdict !== 'n/a')
        .map((f) => `${f.id} ${f.verdict} ${f.node ?? '-'}`);
      // The reference is judged as the reference: every miss fails, its should-level ones too. Node 3's leaf ends 5 days after start, so fewer than 5 whole days are left.
      expect(misses).toEqual([
        'certs/site days-left fail 127.0.0.3',
        'certs/site chain fail 127.0.0.4',
        'certs/site same-leaf fail 127.0.0.2',
        'certs/site same-leaf fail 127.0.0.3',
        'ocsp/live/site/node-127.0.0.2/post cert status fail 127.0.0.2',
      ]);
      expect(certs.certificates!.map((c) => [c.node, c.daysLeft < 5])).toEqual([
        ['127.0.0.1', false],
        ['127.0.0.2', false],
        ['127.0.0.3', true],
        ['127.0.0.4', false],
      ]);
      const results = buildResults({
        run: runMeta(),
        tests: [collected(['site', certs.id], certs, { status: 'failed' }), collected(['ocsp', ocsp.id], ocsp, { status: 'failed' })],
      });
      // One cause per node and fact, each naming its node: its chain lacks the issuer (4), it runs out (3), its leaf is another than the first node's (2 and 3: two leaves, two values), it is revoked (2).
      const headlines = failingCauses(results).map(causeHeadline);
      expect(headlines.map((h) => h.replace(/"[^"]*"/, '"…"'))).toEqual([
        'site: check cert/chain is "…" on h1 at 127.0.0.4',
        'site: check cert/days-left is "…" on h1 at 127.0.0.3',
        'site: check cert/same-leaf is "…" on h1 at 127.0.0.2',
        'site: check cert/same-leaf is "…" on h1 at 127.0.0.3',
        'ocsp: cert status is "…" on h1 at 127.0.0.2',
      ]);
      expect(headlines[4]).toBe('ocsp: cert status is "revoked" on h1 at 127.0.0.2');
    } finally {
      await clients.close();
    }
  } finally {
    await reference.stop();
  }
}, 120_000);
