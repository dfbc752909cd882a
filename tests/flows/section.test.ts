import { test } from '@playwright/test';
import { runSectionFlow } from '../../harness/src/flows/raw/section';
import { skipReason } from '../../harness/src/target-map';
import { closeFlowClients, flowClients, settle } from './flow-test';

/* `site/section`: the run's {section} against the one the site's home page links. */
test.afterAll(closeFlowClients);

test('site/section', { annotation: [{ type: 'flow', description: 'the {section} the home page links' }] }, async ({}, testInfo) => {
  const c = flowClients();
  const unmapped = skipReason(c.map, 'site');
  test.skip(unmapped !== undefined, unmapped);
  await settle(await runSectionFlow(c), testInfo);
});
