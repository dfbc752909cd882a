/**
 * The one place a record and its step records are made: the replay (exchanges and spec flows), the
 * raw flows and the browser flows start theirs here, so every record carries the version its
 * readers check and the same empty lists, and a change to what a record starts with is made once.
 */
import type { Role } from '../target-map';
import type { BrowserFlowRecord, Protocol, ReplayRecord, StepRecord } from './types';
import { RECORD_VERSION } from './version';

/** An exchange's or a flow's record (replayed through undici), with no leg yet unless given. */
export function newReplayRecord(fields: Pick<ReplayRecord, 'id' | 'role' | 'kind' | 'target'>, legs: ReplayRecord['legs'] = []): ReplayRecord {
  return { version: RECORD_VERSION, ...fields, legs, parity: [] };
}

/** One step of a leg, before it is sent: its findings follow. */
export function newStepRecord(id: string, protocol: Protocol): StepRecord {
  return { id, protocol, findings: [] };
}

/** A browser flow's record. */
export function newBrowserFlowRecord(fields: { id: string; role: Role; title: string; target: string }): BrowserFlowRecord {
  return { version: RECORD_VERSION, kind: 'browser-flow', ...fields, findings: [] };
}
