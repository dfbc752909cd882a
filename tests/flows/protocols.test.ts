import { test } from '@playwright/test';
import { runProtocolsFlow } from '../../harness/src/flows/raw/protocols';
import { closeFlowClients, flowClients, settle } from './flow-test';

/*
 * Service-level protocol expectation (`service/http2-seen`): the description says HTTP/2 is seen;
 * a run in which no role offers it fails here, a single role without it is a warning.
 */
test.afterAll(closeFlowClients);

test('service/http2-seen', { annotation: [{ type: 'flow', description: 'HTTP/2 is offered by the service' }] }, async ({}, testInfo) => {
  await settle(await runProtocolsFlow(flowClients()), testInfo);
});
