/**
 * The record a test attaches (as its `findings` attachment) and the report, accept and the
 * terminal reporter read: one type per kind of test, told apart by `kind`, every one carrying the
 * record version it was written in. Writers: the replay, the raw flows, the browser flows, the
 * differential mode. The JSON schema beside this file is generated from these types
 * (`npm run record:schema`) and a test keeps it current.
 */
import type { Finding, RecordedNoise } from '../core';
import type { ObservedExchange, ObservedTls } from '../spec-model/observed';
import type { Role } from '../target-map';
import type { H3Command } from '../target-map/browser';
import type { RECORD_VERSION } from './version';

export type { H3Command } from '../target-map/browser';

/** A raw replay leg: HTTP/1.1, HTTP/2, or HTTP/3 (sent from Chromium with QUIC forced). */
export type Protocol = 'h1' | 'h2' | 'h3';

/**
 * A finding of the replay: which protocol leg it came from (none for parity and whole-run findings),
 * and, for one kept beside the legs (a comparison of two legs' answers, or with a baseline's), the
 * step whose answers it compares.
 */
export type ReplayFinding = Finding & { protocol?: Protocol; step?: string };

/**
 * Facts of an answer that say whether it tested anything (the report sees every role's answers
 * together and tells an inconclusive role by them).
 */
export interface AnswerFacts {
  /** SHA-256 (hex) of the decoded body (of the body as received when it did not decode). */
  sha256: string;
  /** The page's <title>, whitespace folded, at most 120 characters. */
  title?: string;
  /** Marks of a bot or WAF challenge (on 403, 429 and 503 only). */
  markers?: string[];
  /** A redirect's target: the Location resolved against the request, without its query (a sign-in's return address). */
  redirect?: string;
}

/** What a step's record keeps of an answer. */
export type ResponseRecord = {
  protocol: ObservedExchange['protocol'];
  status: number;
  lines: Array<[string, string]>;
  /** The size the target sent, also when only the first cap bytes were kept. */
  bodySize: number;
  decodedSize?: number;
  decodeError?: string;
  tls?: ObservedTls;
  timings: ObservedExchange['timings'];
} & Partial<AnswerFacts>;

/** What one step showed on one protocol, for the report. */
export interface StepRecord {
  id: string;
  protocol: Protocol;
  skipped?: string;
  request?: { method: string; url: string; headers: Array<[string, string]> };
  response?: ResponseRecord;
  /** The target's own address for a step with `discover`, and where it was read (or what was looked for, when nothing fitted). */
  discovered?: { template: string; from: string; url?: string; via?: string };
  /** What differed between the two answers of this step over this protocol: excused in comparisons, never in expectations. */
  noise?: RecordedNoise;
  /** HTTP/3: the endpoint QUIC was forced to, the command that reproduces the request, and the h1 answer to the same header fields it was compared with. */
  h3?: { endpoint: string; command?: H3Command; twin?: ResponseRecord };
  findings: ReplayFinding[];
}

export interface LegRecord {
  protocol: Protocol;
  /** The address it was sent to, where the name has several nodes (the first node's legs included). */
  node?: string;
  skipped?: string;
  steps: StepRecord[];
}

/** What every record carries. */
interface RecordBase {
  /** The record version it was written in: a reader names any other as a problem rather than guess. */
  version: typeof RECORD_VERSION;
  /** The item's id: `<role>/<name>`, or `<role>/browser/<name>` for a browser flow. */
  id: string;
  /** Which target map it ran against (`reference` or `user`), as ObservedExchange.target. */
  target: string;
  /** The whole item could not run (a placeholder of an unmapped role, a role the flow needs). */
  skipped?: string;
}

/** A spec exchange or a raw flow replayed through undici: per protocol leg, per step. */
export interface ReplayRecord extends RecordBase {
  kind: 'exchange' | 'flow';
  /** The role of the spec item, or `service` for expectations about the service as a whole. */
  role: Role | 'service';
  legs: LegRecord[];
  parity: ReplayFinding[];
  /**
   * The addresses behind the item's name that were asked (HARNESS_NODES), the first node first: its
   * h1, h2 and h3 legs are the item's own; every other node has an h1 and an h2 leg, its flow on it
   * alone (sticky, as a load balancer keeps a session). Absent where the name has one address.
   */
  nodes?: string[];
  /** Differential runs: what the baseline answered (its own spec findings are shown, never counted). */
  baseline?: { target: string; skipped?: string; legs: LegRecord[] };
  /** Differential runs: the comparison with the baseline (diff findings, or why it could not be made). */
  diff?: ReplayFinding[];
  /** The certs flow: what the role's certificate is on each node (one where the name has one address); its findings judge it. */
  certificates?: CertificateFacts[];
}

/** A role's certificate as served, for the report's "Certificates" section (dates ISO 8601, names as the SAN lists them). */
export interface CertificateFacts {
  host: string;
  /** The node that served it, where the name has several. */
  node?: string;
  /** The leaf's SHA-256 fingerprint (colon-separated hex, as Node gives it) and serial: nodes serving one leaf share them. */
  fingerprint256: string;
  serial: string;
  subject: string;
  names: string[];
  issuer: string;
  notBefore: string;
  notAfter: string;
  /** Whole days from the run to notAfter (negative once expired). */
  daysLeft: number;
  /** The subjects of the chain as served, leaf first. */
  chain: string[];
  /** The TLS versions a handshake completed at (`TLSv1.2`, `TLSv1.3`). */
  protocols: string[];
  /** The protocol ALPN chose when offered h2 and http/1.1. */
  alpn?: string;
  stapled: boolean;
}

/** A browser flow: Chromium through one user-visible path, its findings in the order it made them. */
export interface BrowserFlowRecord extends RecordBase {
  kind: 'browser-flow';
  role: Role;
  title: string;
  /** The node Chromium went to (the first address behind its role's name), where the name has several. */
  node?: string;
  findings: Finding[];
  /**
   * The redirects the flow followed, as it saw them (each hop's address as the browser asked it, as
   * a HAR has it; its 3xx status and Location): the report's chain where the HAR holds none
   * (Playwright's leaves out /favicon.ico and its redirects, and a HAR may come too late).
   */
  redirects?: RedirectHop[];
}

export interface RedirectHop {
  status: number;
  url: string;
  location: string;
}

/** Every record a test may attach. */
export type TestRecord = ReplayRecord | BrowserFlowRecord;
