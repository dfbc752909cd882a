/**
 * One raw flow of the registry (certificates, compression, conditional requests, redirects, OCSP,
 * HTTP/3 seen, the section), as the Playwright suite runs it (tests/flows/flow-test.ts): skipped
 * where the target map lacks a role it needs, else run, its known deviations applied, and its
 * findings judged over HTTP/1.1, the only protocol a raw flow sends.
 */
import { markKnown, type KnownOnDay } from '../known';
import type { ReplayFinding, ReplayRecord } from '../record';
import type { RawFlowTest } from '../flows/raw/registry';
import { allFindings, type ReplayClients } from '../replay';
import { skipReason } from '../target-map';

export type RawFlowCase =
  /** Not run: a role it needs has no URL (the reason). */
  | { unmapped: string }
  | {
      record: ReplayRecord;
      /** Why the finished run is a skip rather than a verdict, if it is (its record is kept all the same). */
      skipped?: string;
      findings: ReplayFinding[];
      ran: ['h1'];
    };

export async function runRawFlowCase(flow: RawFlowTest, clients: ReplayClients, known?: KnownOnDay): Promise<RawFlowCase> {
  const unmapped = flow.roles.map((role) => skipReason(clients.map, role)).find((r) => r !== undefined);
  if (unmapped !== undefined) return { unmapped };
  const record = await flow.run(clients);
  const skipped = flow.skippedBy?.(record);
  const findings = allFindings(record);
  if (known) markKnown(findings, known.entries, known.day);
  return { record, ...(skipped !== undefined ? { skipped } : {}), findings, ran: ['h1'] };
}
