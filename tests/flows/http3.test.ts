import { test } from '@playwright/test';
import { HTTP3_SEEN, runHttp3Flow } from '../../harness/src/flows/raw/http3-seen';
import { attachRecord, shown } from '../support/attach';
import { closeFlowClients, flowClients, settle } from './flow-test';

/*
 * Service-level protocol expectation (`service/http3-seen`): the description says HTTP/3 is seen;
 * a run in which no role advertises it (or none answers over it) fails here, a single role without
 * it is a warning, an advertised endpoint that does not answer is an error. TARGET_H3=0 skips it.
 */
test.afterAll(closeFlowClients);

test(HTTP3_SEEN, { annotation: [{ type: 'flow', description: 'HTTP/3 is served by the service' }] }, async ({}, testInfo) => {
  const record = await runHttp3Flow(flowClients());
  const skipped = record.legs[0].steps.flatMap((s) => s.findings).find((f) => f.id === HTTP3_SEEN && f.verdict === 'skip');
  if (skipped) await attachRecord(testInfo, record);
  test.skip(skipped !== undefined, shown(skipped?.actual));
  await settle(record, testInfo);
});
