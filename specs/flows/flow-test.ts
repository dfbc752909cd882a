import { expect, type TestInfo } from '@playwright/test';
import { allFindings, ReplayClients, type ReplayRecord } from '../../harness/src/replay/run';
import { failingFindings, failureMessage } from '../../harness/src/replay/summary';
import { loadTargetMap } from '../../harness/src/target';

/** Clients of the worker, shared by the flow tests of a file. */
let clients: ReplayClients | undefined;
export function flowClients(): ReplayClients {
  clients ??= new ReplayClients(loadTargetMap(process.env));
  return clients;
}

export async function closeFlowClients(): Promise<void> {
  await clients?.close();
  clients = undefined;
}

export const STRICT = process.env.HARNESS_STRICT === '1';

/**
 * Attaches the flow's record as `findings` (the reporter's input) and fails with one line per
 * failing finding; a flow that evaluated nothing is a failure too (never an empty pass).
 */
export async function settle(record: ReplayRecord, testInfo: TestInfo): Promise<void> {
  await testInfo.attach('findings', { body: JSON.stringify(record, null, 2), contentType: 'application/json' });
  const findings = allFindings(record);
  const evaluated = findings.filter((f) => f.verdict !== 'skip');
  expect(evaluated.length, `${record.id}: no expectation was evaluated (${findings.map((f) => f.actual).join('; ') || 'no findings'})`).toBeGreaterThan(0);
  expect(failingFindings(findings).length, failureMessage(record.id, findings, ['h1'])).toBe(0);
}
