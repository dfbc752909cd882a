import { test } from '@playwright/test';
import { ReplayClients } from '../harness/src/replay';
import { runReplayCase } from '../harness/src/cases/replay';
import { roleAnnotation } from '../harness/src/record';
import { CHECKS } from '../harness/src/checks';
import { loadSpecFolders } from '../harness/src/spec-model/spec-folders';
import { judgedAsOfFolder } from '../harness/src/settings/spec-folders';
import { hostMapping, type HostMapping } from '../harness/src/diff/hosts';
import { Pacer, perWorker } from '../harness/src/diff/pace';
import { runSettings } from '../harness/src/settings';
import { targetMap } from './support/target';
import { assertFindings, knownToday } from './support/assert';
import { attachBody, attachRecord, shown } from './support/attach';

/*
 * The data-driven replay: one test per exchange and per flow of every spec file of the run's spec
 * folders (HARNESS_SPECS, by default specs/<role>.json), titled by its id (which starts with the
 * role, and with the folder's name and a colon when there are several folders), so `--grep site/`
 * or `--grep site/home` selects. Each
 * runs over HTTP/1.1 and HTTP/2 (and HTTP/3 where the target advertises it: harness/src/replay/h3.ts),
 * evaluates every expectation and named check, compares the protocols, attaches the findings as JSON and fails with one line per failing finding. With a
 * baseline (BASELINE_URL, BASELINE=reference), each is also sent to the baseline and compared.
 *
 * The spec files are loaded when this module loads: a bad spec file stops the run with every
 * violation listed (SpecLoadError), before any test.
 */
/** The baseline's map and settings (BASELINE_MAX_RPS, BASELINE_ALLOW_UNSAFE), the spec folders, and the source pages each side's set-up read. */
const SETTINGS = runSettings(process.env);
const SETS = loadSpecFolders(SETTINGS.specs, CHECKS);
const BASELINE = SETTINGS.baseline.map;

let clients: ReplayClients | undefined;
let baseline: { clients: ReplayClients; hosts: HostMapping } | undefined;
function replayClients(): ReplayClients {
  clients ??= new ReplayClients(targetMap(), { discoveryFile: SETTINGS.target.discoveryFile });
  return clients;
}
/** The baseline's clients, paced so that the run's workers together keep to BASELINE_MAX_RPS. */
function baselineClients(workers: number): { clients: ReplayClients; hosts: HostMapping } | undefined {
  if (!BASELINE) return undefined;
  if (!baseline) {
    const pacer = new Pacer(perWorker(SETTINGS.baseline.maxRps, workers));
    const c = new ReplayClients(BASELINE, { discoveryFile: SETTINGS.baseline.discoveryFile, beforeRequest: () => pacer.wait(), h3: false });
    baseline = { clients: c, hosts: hostMapping(BASELINE, replayClients().map) };
  }
  return baseline;
}

test.afterAll(async () => {
  await clients?.close();
  await baseline?.clients.close();
  clients = undefined;
  baseline = undefined;
});

for (const { folder, specs } of SETS) {
  // Derived specs (any folder but specs/) are judged at their own levels, even on the embedded reference.
  const judgedAs = judgedAsOfFolder(folder);
  for (const spec of specs) {
    test.describe(spec.role, () => {
      for (const item of [...spec.exchanges, ...(spec.flows ?? [])]) {
        const kind = 'steps' in item ? 'flow' : 'exchange';
        test(item.id, { annotation: [{ type: kind, description: item.title }, roleAnnotation(spec.role)] }, async ({}, testInfo) => {
          const b = baselineClients(testInfo.config.workers);
          const run = await runReplayCase(item, replayClients(), {
            role: spec.role,
            ...(judgedAs ? { judgedAs } : {}),
            known: knownToday(),
            ...(b ? { baseline: { clients: b.clients, settings: SETTINGS.baseline, hosts: b.hosts } } : {}),
          });
          // A role the user's map leaves out is not this target's to answer: skipped, the reason shown in every report.
          if ('unmapped' in run) return test.skip(true, run.unmapped);
          const { record, bodies, findings, ran } = run;
          await attachRecord(testInfo, record);
          for (const saved of bodies) await attachBody(testInfo, `body ${saved.sha256}`, saved.body, saved.contentType);
          // A step the target cannot be asked (a role not served over TLS, a flow variable no step captured): its record says why.
          test.skip(record.skipped !== undefined, shown(record.skipped));
          for (const leg of record.legs) {
            if (leg.skipped) testInfo.annotations.push({ type: `${leg.protocol} skipped`, description: shown(leg.skipped) });
          }
          assertFindings(item.id, findings, ran);
        });
      }
    });
  }
}
