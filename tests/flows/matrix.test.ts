import { test } from '@playwright/test';
import { runCompressionFlow } from '../../harness/src/flows/raw/compression';
import { runConditionalFlow } from '../../harness/src/flows/raw/conditional';
import { redirectChains, runRedirectFlow } from '../../harness/src/flows/raw/redirects';
import { resourceRows } from '../../harness/src/flows/raw/resources';
import { CHECKS } from '../../harness/src/checks';
import { loadSpecFolders } from '../../harness/src/spec-model/spec-folders';
import { skipReason } from '../../harness/src/target-map';
import { closeFlowClients, flowClients, settle } from './flow-test';
import { specFolders } from '../support/paths';

/*
 * Raw flows derived from the spec files: the compression matrix and the conditional/range/HEAD
 * requests per resource type (`compression/<role>/<type>`, `conditional/<role>/<type>`), and the
 * redirect chains hop by hop with loop and length detection (`redirects/<flow id>`), for each
 * spec folder of the run (HARNESS_SPECS; with several, each title begins with the folder's name).
 */
const SETS = loadSpecFolders(specFolders(), CHECKS);
test.afterAll(closeFlowClients);

const ns = (namespace: string | undefined) => (namespace ? `${namespace}:` : '');
const ROWS = SETS.flatMap((set) => resourceRows(set.specs, set.folder.label));
const CHAINS = SETS.flatMap((set) => redirectChains(set.specs, set.folder.label));

for (const row of ROWS) {
  test(
    `${ns(row.namespace)}compression/${row.key}`,
    { annotation: [{ type: 'flow', description: `compression matrix of ${row.exchange.id}` }] },
    async ({}, testInfo) => {
      const c = flowClients();
      const unmapped = skipReason(c.map, row.role);
      test.skip(unmapped !== undefined, unmapped);
      await settle(await runCompressionFlow(row, c), testInfo);
    },
  );
  if (row.etag || row.lastModified) {
    test(
      `${ns(row.namespace)}conditional/${row.key}`,
      { annotation: [{ type: 'flow', description: `conditional, range and HEAD requests on ${row.exchange.id}` }] },
      async ({}, testInfo) => {
        const c = flowClients();
        const unmapped = skipReason(c.map, row.role);
        test.skip(unmapped !== undefined, unmapped);
        await settle(await runConditionalFlow(row, c), testInfo);
      },
    );
  }
}

for (const chain of CHAINS) {
  const own = chain.namespace ? chain.flow.id.slice(chain.namespace.length + 1) : chain.flow.id;
  test(`${ns(chain.namespace)}redirects/${own}`, { annotation: [{ type: 'flow', description: chain.flow.title }] }, async ({}, testInfo) => {
    const c = flowClients();
    const unmapped = skipReason(c.map, chain.role);
    test.skip(unmapped !== undefined, unmapped);
    await settle(await runRedirectFlow(chain, c), testInfo);
  });
}
