/**
 * One case of the data-driven replay, the same wherever it runs: the Playwright suite
 * (tests/replay.test.ts) and the runs in process (the detection tests' `testing/outcomes.ts`) call
 * it, so an outcome computed without Playwright is the Playwright test's by construction. The item
 * is replayed (in a differential run, also sent to the baseline and compared) and the run's known
 * deviations applied; what the case concludes is core's `conclude` over `findings` and `ran`.
 */
import type { TargetOrigin } from '../core';
import { replayDifferential, type DifferentialOptions, type SavedBody } from '../diff/replay';
import { markKnown, type KnownOnDay } from '../known';
import type { Protocol, ReplayFinding, ReplayRecord } from '../record';
import { allFindings, PROTOCOLS, replayItem, type ReplayClients } from '../replay';
import type { ExchangeSpec, FlowSpec } from '../spec-model/types';
import { skipReason, type Role } from '../target-map';

export interface ReplayCaseOptions {
  role: Role;
  /** How misses are judged, where the spec folder says (derived specs: at their own levels). */
  judgedAs?: TargetOrigin;
  /** The run's known deviations and the day their expiry is read against. */
  known?: KnownOnDay;
  /** A differential run: the baseline's clients, its settings and the two maps' host names. */
  baseline?: { clients: ReplayClients } & Omit<DifferentialOptions, 'role'>;
}

export type ReplayCase =
  /** Not run: the role has no URL in the target map (the reason). */
  | { unmapped: string }
  | {
      record: ReplayRecord;
      /** Bodies a differential finding names, to be saved beside the report. */
      bodies: SavedBody[];
      /** Every finding of the record (known deviations marked in place). */
      findings: ReplayFinding[];
      /** The protocols whose legs ran: a failing message names them. */
      ran: Protocol[];
    };

export async function runReplayCase(item: ExchangeSpec | FlowSpec, clients: ReplayClients, options: ReplayCaseOptions): Promise<ReplayCase> {
  const unmapped = skipReason(clients.map, options.role);
  if (unmapped !== undefined) return { unmapped };
  const { role, judgedAs, baseline } = options;
  const { record, bodies } = baseline
    ? await replayDifferential(item, clients, baseline.clients, { role, settings: baseline.settings, ...(baseline.hosts ? { hosts: baseline.hosts } : {}) })
    : { record: await replayItem(item, clients, { role, ...(judgedAs ? { judgedAs } : {}) }), bodies: [] };
  const findings = allFindings(record);
  if (options.known) markKnown(findings, options.known.entries, options.known.day);
  const ran = [...PROTOCOLS, 'h3' as const].filter((p) => record.legs.some((l) => l.protocol === p && !l.skipped));
  return { record, bodies, findings, ran };
}
