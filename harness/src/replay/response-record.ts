/**
 * What the replay and the raw flows record of an item, for the report and accept: per protocol leg,
 * per step, the request sent, what was kept of the answer, and the findings.
 */
import type { Protocol, ReplayFinding, ReplayRecord, ResponseRecord } from '../record';
import type { ObservedExchange } from '../spec-model/observed';
import type { TruncatedBody } from '../transport/body-sink';
import { answerFacts } from './answer-facts';

/** The protocols every step is sent over, in the order they are sent; HTTP/3 is a leg of its own after them. */
export const PROTOCOLS: readonly Protocol[] = ['h1', 'h2'];

/** Every finding of a record that judges the target: legs, parity, and the comparison with a baseline. */
export function allFindings(record: ReplayRecord): ReplayFinding[] {
  return [...record.legs.flatMap((l) => l.steps.flatMap((s) => s.findings)), ...record.parity, ...(record.diff ?? [])];
}

/**
 * What a step's record keeps of an answer: the one recorder of the replay and the raw flows. The
 * body's size is the size the target sent, also when only its first cap bytes were kept.
 */
export function responseRecord(observed: ObservedExchange, truncated?: TruncatedBody): ResponseRecord {
  return {
    protocol: observed.protocol,
    status: observed.status,
    lines: observed.lines,
    bodySize: truncated?.totalBytes ?? observed.body.length,
    ...(observed.decoded ? { decodedSize: observed.decoded.length } : {}),
    ...(observed.decodeError ? { decodeError: observed.decodeError } : {}),
    ...(observed.tls ? { tls: observed.tls } : {}),
    timings: observed.timings,
    ...answerFacts(observed),
  };
}
