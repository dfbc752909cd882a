import { test } from '@playwright/test';
import { runCompressionFlow } from '../../harness/src/flows/raw/compression';
import { runConditionalFlow } from '../../harness/src/flows/raw/conditional';
import { redirectChains, runRedirectFlow } from '../../harness/src/flows/raw/redirects';
import { resourceRows } from '../../harness/src/flows/raw/resources';
import { CHECKS } from '../../harness/src/checks';
import { loadSpecs } from '../../harness/src/spec-model/load';
import { skipReason } from '../../harness/src/target-map';
import { closeFlowClients, flowClients, settle } from './flow-test';
import { SPECS_DIR } from '../support/paths';

/*
 * Raw flows derived from the spec files: the compression matrix and the conditional/range/HEAD
 * requests per resource type (`compression/<role>/<type>`, `conditional/<role>/<type>`), and the
 * redirect chains hop by hop with loop and length detection (`redirects/<flow id>`).
 */
const SPECS = loadSpecs(SPECS_DIR, CHECKS);
test.afterAll(closeFlowClients);

for (const row of resourceRows(SPECS)) {
  test(`compression/${row.key}`, { annotation: [{ type: 'flow', description: `compression matrix of ${row.exchange.id}` }] }, async ({}, testInfo) => {
    const c = flowClients();
    const unmapped = skipReason(c.map, row.role);
    test.skip(unmapped !== undefined, unmapped);
    await settle(await runCompressionFlow(row, c), testInfo);
  });
  if (row.etag || row.lastModified) {
    test(
      `conditional/${row.key}`,
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

for (const chain of redirectChains(SPECS)) {
  test(`redirects/${chain.flow.id}`, { annotation: [{ type: 'flow', description: chain.flow.title }] }, async ({}, testInfo) => {
    const c = flowClients();
    const unmapped = skipReason(c.map, chain.role);
    test.skip(unmapped !== undefined, unmapped);
    await settle(await runRedirectFlow(chain, c), testInfo);
  });
}
