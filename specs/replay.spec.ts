import { test } from '@playwright/test';
import { allFindings, PROTOCOLS, ReplayClients, replayItem } from '../harness/src/replay/run';
import { loadSpecs } from '../harness/src/spec/load';
import { ENV_DISCOVERY_FILE } from '../harness/src/discover/shared-pages';
import { loadTargetMap, skipReason } from '../harness/src/target';
import { assertFindings } from './support/assert';

/*
 * The data-driven replay: one test per exchange and per flow of every specs/<role>.json, titled
 * by its id (which starts with the role), so `--grep site/` or `--grep site/home` selects. Each
 * runs over HTTP/1.1 and HTTP/2, evaluates every expectation and named check, compares the two
 * protocols, attaches the findings as JSON and fails with one line per failing finding.
 *
 * The spec files are loaded when this module loads: a bad spec file stops the run with every
 * violation listed (SpecLoadError), before any test.
 */
const SPECS = loadSpecs(__dirname);

let clients: ReplayClients | undefined;
function replayClients(): ReplayClients {
  clients ??= new ReplayClients(loadTargetMap(process.env), { discoveryFile: process.env[ENV_DISCOVERY_FILE] });
  return clients;
}

test.afterAll(async () => {
  await clients?.close();
  clients = undefined;
});

for (const spec of SPECS) {
  test.describe(spec.role, () => {
    for (const item of [...spec.exchanges, ...(spec.flows ?? [])]) {
      const kind = 'steps' in item ? 'flow' : 'exchange';
      test(item.id, { annotation: [{ type: kind, description: item.title }] }, async ({}, testInfo) => {
        const c = replayClients();
        const unmapped = skipReason(c.map, spec.role);
        test.skip(unmapped !== undefined, unmapped);
        const record = await replayItem(item, c, { role: spec.role });
        await testInfo.attach('findings', { body: JSON.stringify(record, null, 2), contentType: 'application/json' });
        test.skip(record.skipped !== undefined, record.skipped);
        for (const leg of record.legs) {
          if (leg.skipped) testInfo.annotations.push({ type: `${leg.protocol} skipped`, description: leg.skipped });
        }
        const findings = allFindings(record);
        const ran = PROTOCOLS.filter((p) => record.legs.some((l) => l.protocol === p && !l.skipped));
        assertFindings(item.id, findings, ran);
      });
    }
  });
}
