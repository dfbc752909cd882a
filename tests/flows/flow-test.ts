import { roleAnnotation, type ReplayRecord } from '../../harness/src/record';
import { test, type TestInfo } from '@playwright/test';
import type { RawFlowTest } from '../../harness/src/flows/raw/registry';
import { allFindings, ReplayClients } from '../../harness/src/replay';
import { runSettings } from '../../harness/src/settings';
import { skipReason } from '../../harness/src/target-map';
import { targetMap } from '../support/target';
import { assertFindings, markKnownFindings } from '../support/assert';
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
 * Attaches the flow's record as `findings` (the reporter's input) and fails with one line per
 * failing finding; a flow that evaluated nothing is a failure too (never an empty pass).
 */
export async function settle(record: ReplayRecord, testInfo: TestInfo): Promise<void> {
  markKnownFindings(allFindings(record));
  await attachRecord(testInfo, record);
  assertFindings(record.id, allFindings(record), ['h1']);
}

/**
 * One Playwright test per raw flow of the registry (flows/raw/registry.ts), with the file's clients:
 * skipped with the reason where the target map lacks a role the flow needs, or where the finished
 * run says it was a skip (its record attached all the same); otherwise settled.
 */
export function rawFlowTests(flows: readonly RawFlowTest[]): void {
  test.afterAll(closeFlowClients);
  for (const flow of flows) {
    test(flow.title, { annotation: [{ type: 'flow', description: flow.description }, roleAnnotation(flow.roles[0] ?? 'service')] }, async ({}, testInfo) => {
      const c = flowClients();
      const unmapped = flow.roles.map((role) => skipReason(c.map, role)).find((r) => r !== undefined);
      test.skip(unmapped !== undefined, unmapped);
      const record = await flow.run(c);
      const skipped = flow.skippedBy?.(record);
      if (skipped !== undefined) {
        await attachRecord(testInfo, record);
        test.skip(true, shown(skipped));
      }
      await settle(record, testInfo);
    });
  }
}
