import { test } from '@playwright/test';
import { runOcspFlow } from '../../harness/src/flows/raw/ocsp';
import { ROLES, skipReason } from '../../harness/src/target-map';
import { closeFlowClients, flowClients, settle } from './flow-test';

/*
 * OCSP flow (ids `ocsp/live/<role>`): the live status of the certificate each TLS role presents,
 * asked of the responder in its AIA (through the target map) and of every configured OCSP name.
 */
test.afterAll(closeFlowClients);

for (const role of ROLES.filter((r) => r !== 'ocsp')) {
  test(`ocsp/live/${role}`, { annotation: [{ type: 'flow', description: `OCSP status of the ${role} certificate` }] }, async ({}, testInfo) => {
    const c = flowClients();
    const unmapped = skipReason(c.map, 'ocsp') ?? skipReason(c.map, role);
    test.skip(unmapped !== undefined, unmapped);
    await settle(await runOcspFlow(role, c), testInfo);
  });
}
