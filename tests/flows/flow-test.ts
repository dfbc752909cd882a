import { roleAnnotation } from '../../harness/src/record';
import { test } from '@playwright/test';
import { runRawFlowCase } from '../../harness/src/cases/raw-flow';
import type { RawFlowTest } from '../../harness/src/flows/raw/registry';
import { ReplayClients } from '../../harness/src/replay';
import { runSettings } from '../../harness/src/settings';
import { targetMap } from '../support/target';
import { assertFindings, knownToday } from '../support/assert';
import { attachRecord, shown } from '../support/attach';

/** Clients of the worker, shared by the flow tests of a file. */
let clients: ReplayClients | undefined;
export function flowClients(): ReplayClients {
  clients ??= new ReplayClients(targetMap(), { discoveryFile: runSettings(process.env).target.discoveryFile });
  return clients;
}

export async function closeFlowClients(): Promise<void> {
  await clients?.close();
  clients = undefined;
}

/**
 * One Playwright test per raw flow of the registry (flows/raw/registry.ts), with the file's clients
 * (cases/raw-flow.ts): skipped with the reason where the target map lacks a role the flow needs, or
 * where the finished run says it was a skip (its record attached all the same); otherwise its record
 * attached as `findings` (the reporter's input), failing with one line per failing finding (a flow
 * that evaluated nothing fails too, never an empty pass).
 */
export function rawFlowTests(flows: readonly RawFlowTest[]): void {
  test.afterAll(closeFlowClients);
  for (const flow of flows) {
    test(flow.title, { annotation: [{ type: 'flow', description: flow.description }, roleAnnotation(flow.roles[0] ?? 'service')] }, async ({}, testInfo) => {
      const run = await runRawFlowCase(flow, flowClients(), knownToday());
      // A flow whose roles the user's map leaves out, or that the target cannot be asked (certs/ocsp: the
      // description serves OCSP over plain HTTP, so there is no certificate to inspect): skipped, the reason in the report.
      if ('unmapped' in run) return test.skip(true, run.unmapped);
      await attachRecord(testInfo, run.record);
      test.skip(run.skipped !== undefined, shown(run.skipped));
      assertFindings(run.record.id, run.findings, run.ran);
    });
  }
}
