import type { TestInfo } from '@playwright/test';
import { allFindings, ReplayClients, type ReplayRecord } from '../../harness/src/replay/run';
import { runSettings } from '../../harness/src/settings';
import { loadTargetMap } from '../../harness/src/target-map';
import { assertFindings, markKnownFindings } from '../support/assert';
import { attachRecord } from '../support/attach';

/** Clients of the worker, shared by the flow tests of a file. */
let clients: ReplayClients | undefined;
export function flowClients(): ReplayClients {
  clients ??= new ReplayClients(loadTargetMap(process.env), { discoveryFile: runSettings(process.env).target.discoveryFile });
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
