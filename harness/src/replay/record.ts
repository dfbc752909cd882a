/**
 * What the replay and the raw flows record of an item, for the report and accept: per protocol leg,
 * per step, the request sent, what was kept of the answer, and the findings.
 */
import type { ObservedExchange, ObservedTls } from '../spec-model/observed';
import type { Role } from '../target-map';
import type { TruncatedBody } from '../transport/body-sink';
import { answerFacts, type AnswerFacts } from './answer-facts';
import type { Protocol, ReplayFinding } from './summary';

/** The protocols every step is sent over, in the order they are sent; HTTP/3 is a leg of its own after them. */
export const PROTOCOLS: readonly Protocol[] = ['h1', 'h2'];

/** What one step showed on one protocol, for the report. */
export interface StepRecord {
  id: string;
  protocol: Protocol;
  skipped?: string;
  request?: { method: string; url: string; headers: Array<[string, string]> };
  response?: {
    protocol: ObservedExchange['protocol'];
    status: number;
    lines: Array<[string, string]>;
    bodySize: number;
    decodedSize?: number;
    decodeError?: string;
    tls?: ObservedTls;
    timings: ObservedExchange['timings'];
  } & Partial<AnswerFacts>;
  /** The target's own address for a step with `discover`, and where it was read (or what was looked for, when nothing fitted). */
  discovered?: { template: string; from: string; url?: string; via?: string };
  /** What differed between the two answers of this step over this protocol: excused in comparisons, never in expectations. */
  noise?: string[];
  /** HTTP/3: the endpoint QUIC was forced to, the command that reproduces the request, and the h1 answer to the same header fields it was compared with. */
  h3?: { endpoint: string; command?: string; twin?: StepRecord['response'] };
  findings: ReplayFinding[];
}

export interface LegRecord {
  protocol: Protocol;
  skipped?: string;
  steps: StepRecord[];
}

export interface ReplayRecord {
  id: string;
  /** The role of the spec item, or `service` for expectations about the service as a whole. */
  role: Role | 'service';
  kind: 'exchange' | 'flow';
  target: string;
  /** The whole item could not run (a placeholder of an unmapped role). */
  skipped?: string;
  legs: LegRecord[];
  parity: ReplayFinding[];
  /** Differential runs: what the baseline answered (its own spec findings are shown, never counted). */
  baseline?: { target: string; skipped?: string; legs: LegRecord[] };
  /** Differential runs: the comparison with the baseline (diff findings, or why it could not be made). */
  diff?: ReplayFinding[];
}

/** Every finding of a record that judges the target: legs, parity, and the comparison with a baseline. */
export function allFindings(record: ReplayRecord): ReplayFinding[] {
  return [...record.legs.flatMap((l) => l.steps.flatMap((s) => s.findings)), ...record.parity, ...(record.diff ?? [])];
}

/**
 * What a step's record keeps of an answer: the one recorder of the replay and the raw flows. The
 * body's size is the size the target sent, also when only its first cap bytes were kept.
 */
export function responseRecord(observed: ObservedExchange, truncated?: TruncatedBody): StepRecord['response'] {
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
