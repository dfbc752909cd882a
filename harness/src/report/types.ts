/**
 * The conformance report's data: the content of `results.json`, and the only input of the HTML,
 * JUnit and terminal renderers. Everything a target sent is here already redacted (secrets shown
 * as their shape and length) unless the run asked for raw values.
 */

import type { Aspect, Compared, Counts, FailOn, FindingSource, KnownMark, Level, RecordedNoise, Verdict } from '../core';
import type { CertificateFacts } from '../record';

export type { Aspect, Compared, Counts, FailOn, FindingSource, KnownMark, Level, Provenance, Verdict } from '../core';
export { VERDICTS } from '../core';
/** A raw replay leg: HTTP/1.1, HTTP/2, or HTTP/3 (sent from Chromium with QUIC forced). */
export type LegProtocol = 'h1' | 'h2' | 'h3';
/** Where a finding was observed: a raw replay leg, the browser, or neither (parity, whole test). */
export type FindingProtocol = LegProtocol | 'browser';

/**
 * Version 5: nodes (`nodes` per role and per test, a leg's, step's and finding's `node`), and a
 * test's `certificates`, one per node, where it had one `certificate`. Version 4: a step's learned noise is structured (`noise`: status, fields, presence, cookies, body),
 * no longer words. Version 3: the verdict known and the known deviations, inconclusive roles, the exit code, the
 * comparison with a previous run. Version 2: levels, the verdicts warn, diff, fixed and n/a, the
 * fail-on threshold, learned noise.
 */
export const RESULTS_SCHEMA = 'harness-conformance-results/5';
/** The versions a previous run's results.json may have for the comparison between runs. */
export const READABLE_RESULTS_SCHEMAS: readonly string[] = [
  'harness-conformance-results/2',
  'harness-conformance-results/3',
  'harness-conformance-results/4',
  RESULTS_SCHEMA,
];

export interface ConformanceResults {
  schema: typeof RESULTS_SCHEMA;
  /** The version of the test records these results were built from (`harness/src/record`); absent in files of older runs. */
  record?: string;
  run: RunMeta;
  /** Counts of expectations over the whole run. */
  totals: Counts;
  roles: RoleSummary[];
  /** Playwright tests in a stable order (role, then id, then title): failing ones are sorted by the renderers. */
  tests: TestReport[];
  /** Differential runs: bodies saved beside the report, by SHA-256 (`bodies/<sha256>.txt`). */
  bodies?: Record<string, { file: string; contentType: string; bytes: number }>;
  /** The known deviations file of the run and what became of each entry (absent when the file has none). */
  known?: KnownReport;
  /** Compared with a previous run's results.json: new failures, fixed ones, those still failing. */
  history?: HistoryReport;
  /** Per role whose name has several nodes: each address asked, and where it answered otherwise (absent where no name has several). */
  nodes?: NodeSummary[];
}

/** One role's nodes: the addresses behind its name that the replay asked, and how each answered. */
export interface NodeSummary {
  role: string;
  /** Its tests that asked several nodes. */
  tests: number;
  nodes: Array<{
    address: string;
    /** Answers it gave over h1 and h2. */
    answers: number;
    /** Expectations on which it answered otherwise than the first node (node comparisons that did not pass). */
    differs: number;
    /** Expectations it failed where another node met them. */
    fails: number;
  }>;
}

export interface HistoryReport {
  previous: { file: string; startedAt: string };
  /** This run re-ran the previous run's failing tests (HARNESS_RERUN). */
  rerun: boolean;
  new: HistoryItem[];
  fixed: HistoryItem[];
  still: HistoryItem[];
  /** Failing before, in tests this run did not run. */
  notRun: number;
}

export interface HistoryItem {
  /** The expectation's anchor (the same in every run). */
  key: string;
  id: string;
  /** The test's id. */
  test: string;
  /** Its verdict in the run that saw it last (this one, or the previous one for a fixed one). */
  verdict: Verdict;
  /** When it was first seen failing: the start of that run (ISO). */
  firstSeen: string;
}

/** The known deviations file as the run read it. */
export interface KnownReport {
  /** The file, relative to the working directory when inside it. */
  file: string;
  /** The day expiry dates were read against (YYYY-MM-DD, UTC, the run's start). */
  today: string;
  entries: KnownEntryReport[];
}

/**
 * - `matched`: it excused failures in this run.
 * - `expired`: its date has passed: it excuses nothing and fails the run ("expired on <date>").
 * - `unseen`: what it names was judged and nothing it describes failed: "no longer seen: remove it" (`--prune`).
 * - `not-run`: no expectation of this run has its id (its test did not run, or the id is misspelt).
 */
export type KnownStatus = 'matched' | 'expired' | 'unseen' | 'not-run';

export interface KnownEntryReport {
  /** Position in the file, 0-based. */
  index: number;
  id: string;
  actual?: string;
  reason: string;
  ticket: string;
  /** Where the ticket links to: its URL, or its id through HARNESS_TICKET_URL; absent: shown as written. */
  ticketHref?: string;
  expires: string;
  status: KnownStatus;
  /** How many findings it excused. */
  findings: number;
  /** The expectations it excused (their anchors) and their tests' ids. */
  expectations: string[];
  tests: string[];
}

export interface RunMeta {
  title: string;
  /** ISO time the run started (of the earliest shard when merged). */
  startedAt: string;
  durationMs: number;
  /** Playwright's overall status of the run. */
  playwrightStatus: 'passed' | 'failed' | 'timedout' | 'interrupted';
  /** What this report says the run's exit status must be: `failed` exactly when a verdict at or above `failOn`, a run error or an expired known deviation exists. */
  status: 'passed' | 'failed';
  /**
   * The exit code of the run: 0 conforming, 1 conformance failures (the target was judged and
   * something failed), 2 a configuration or harness error (a run error outside tests, or a role
   * whose answers tested nothing).
   */
  exitCode: 0 | 1 | 2;
  /** HARNESS_FAIL_ON of the run: the verdict at and above which the run fails. */
  failOn: FailOn;
  target: TargetMeta | null;
  /** Differential runs: the baseline's map (BASELINE_* variables); absent otherwise. */
  baseline?: TargetMeta;
  spec: SpecMeta;
  /** Responses per negotiated protocol (`h1`, `h2`, `h3`, `unknown`) plus browser flows (`browser`); an h3 step's h1 twin is not counted. */
  protocolMix: Record<string, number>;
  /** Whether observed secrets were kept raw (HARNESS_REPORT_RAW_SECRETS=1). */
  rawSecrets: boolean;
  /** Errors of the run outside tests (global set-up, a worker crash). */
  runErrors: string[];
  /** Roles whose answers tested nothing (a sign-in wall, a bot challenge...): one error each; their own failures are grouped under it. */
  inconclusive?: InconclusiveRole[];
}

/** A role most of whose exchanges were answered by something that tests nothing. */
export interface InconclusiveRole {
  role: string;
  /** What was seen: the same page everywhere, an authentication challenge, a bot challenge, one redirect target, a certificate for other names. */
  kind: 'same-page' | 'auth' | 'challenge' | 'redirect' | 'certificate';
  /** Exchanges that looked like it, of all the role's exchanges. */
  seen: number;
  total: number;
  /** The sentence the report shows: what was seen and what to check. */
  message: string;
  /** The anchor of the role's inconclusive test (`<role>/inconclusive`). */
  key: string;
  /** Expectations that fail the run grouped under it: the role's own, and those of tests whose only failures are addresses its pages did not give (`discover`). */
  grouped: number;
  /** Keys of the other roles' tests grouped under it (their addresses are read from its pages). */
  dependents?: string[];
}

export interface TargetMeta {
  /** Which side of the run: the target (the candidate), or a differential run's baseline. */
  side?: 'target' | 'baseline';
  origin: 'reference' | 'user';
  /** Role -> base URLs (only mapped roles). */
  roles: Record<string, string[]>;
  /** `host:port:address[:port2]` entries. */
  resolve: string[];
  caFile?: string;
  insecure: boolean;
  section: string;
  /** Where the section came from: TARGET_SECTION, TARGETS_FILE, the home page (which link), or the default. */
  sectionSource?: string;
  /** `describeTargetMap` text. */
  description: string;
}

export interface SpecMeta {
  /** Git commit of the checkout (absent outside git). */
  commit?: string;
  /** The spec files differ from the commit. */
  dirty?: boolean;
  /** sha256 over the spec files (name and content), first 16 hex digits: the spec version. */
  digest: string;
  files: string[];
}

export interface RoleSummary {
  role: string;
  counts: Counts;
  tests: number;
}

export type TestKind = 'exchange' | 'flow' | 'browser-flow' | 'test';

export interface TestReport {
  /** Stable anchor (`t-...`), the same in every run of the same suite. */
  key: string;
  /** The record's id (`site/home`) or, for a test without findings, its title. */
  id: string;
  title: string;
  /** describe blocks and title, without project and file. */
  titlePath: string[];
  project: string;
  file: string;
  role: string;
  kind: TestKind;
  /** Playwright's status of the (last) attempt. */
  status: 'passed' | 'failed' | 'timedOut' | 'skipped' | 'interrupted';
  /** Playwright's errors, ANSI codes removed. */
  errors: string[];
  /** Why the test (or its record) was skipped. */
  skipped?: string;
  /** Worst verdict of the test's expectations. */
  verdict: Verdict;
  counts: Counts;
  expectations: Expectation[];
  /** The raw replay's requests and responses, per protocol leg and step. */
  legs?: LegReport[];
  /** The addresses behind the item's name that were asked, the first node first (absent where it has one). */
  nodes?: string[];
  /** Differential runs: what the baseline answered to the same steps (its own spec verdicts shown, never counted), or why it was not asked. */
  baseline?: { skipped?: string; legs: LegReport[] };
  browser?: BrowserReport;
  /** The certs flow: what the role's certificate is on each node, as the flow saw it. */
  certificates?: CertificateFacts[];
  durationMs: number;
  retry: number;
}

export interface Expectation {
  key: string;
  /** Finding id without protocol: `site/home header x-frame-options`. */
  id: string;
  /** The step the expectation belongs to (raw replay), for linking to its exchange. */
  step?: string;
  /**
   * What it is about, in words, as its rows and causes name it: its aspect's (`header x-frame-options`,
   * `check cookie/pair-same-value sid`, `cert status`), else its comparison's (`parity h3`), else its id whole.
   */
  label: string;
  /** What of the answer it is about, and the comparison it is part of (its findings'). */
  aspect?: Aspect;
  compared?: Compared;
  verdict: Verdict;
  /** The worst level among its findings (must > should > info). */
  level: Level;
  source: FindingSource;
  clause?: string;
  shape?: ShapeInfo;
  findings: FindingReport[];
  /** A failing expectation: the start of the first run it was seen failing in (carried from run to run). */
  firstSeen?: string;
}

export interface ShapeInfo {
  name: string;
  description: string;
  examples: string[];
}

export interface FindingReport {
  key: string;
  id: string;
  verdict: Verdict;
  protocol?: FindingProtocol;
  /** The node (address) whose answer it judged, where the name has several. */
  node?: string;
  level: Level;
  expected: string;
  actual: string;
  /** The value as the comparison means it, where `actual` says more (redacted like `actual`); causes group by it. */
  observed?: string;
  /** The role whose answer it judged, where that is not its test's (a browser flow's sub-resource). */
  role?: string;
  source: FindingSource;
  clause?: string;
  shape?: string;
  message?: string;
  /** What of the answer it is about (the status, a header field, a cookie...), as the writer said. */
  aspect?: Aspect;
  /** A comparison of two answers: what compared them, the sides and each side's value (redacted like `actual`). */
  compared?: Compared;
  /** The actual value was a secret and is shown redacted. */
  redacted?: boolean;
  target?: string;
  /** Differential runs: the baseline's value for the same aspect (redacted like `actual`). */
  baseline?: string;
  /** A longer account (a body's line diff), redacted like `actual`. */
  detail?: string;
  /** Bodies saved beside the report as `bodies/<sha256>` (never inlined), by side. */
  bodies?: { baseline?: string; candidate?: string };
  /** Verdict known: the entry of the known deviations that matched, and the verdict it replaced. */
  known?: KnownMark;
}

export interface LegReport {
  protocol: LegProtocol;
  /** The address it was sent to, where the name has several nodes. */
  node?: string;
  skipped?: string;
  steps: StepReport[];
}

export interface ResponseReport {
  protocol: string;
  status: number;
  lines: Array<[string, string]>;
  bodySize: number;
  decodedSize?: number;
  decodeError?: string;
  tls?: { protocol: string; peerSubject?: string; peerIssuer?: string; validFrom?: string; validTo?: string; peerNames?: string[] };
  totalMs?: number;
  /** SHA-256 of the decoded body: the same page answering many addresses is told by it. */
  sha256?: string;
  /** The HTML page's title. */
  title?: string;
  /** Marks of a bot or WAF challenge found on a 403, 429 or 503. */
  markers?: string[];
  /** A redirect's target without its query (redacted as addresses are). */
  redirect?: string;
}

export interface StepReport {
  key: string;
  id: string;
  protocol: LegProtocol;
  /** The node its leg was sent to, where the name has several. */
  node?: string;
  skipped?: string;
  request?: { method: string; url: string; headers: Array<[string, string]> };
  /** Over h3 the sizes are of the decoded body (Chromium decodes it) and there is no TLS summary. */
  response?: ResponseReport;
  /**
   * Copyable command that sends the same request to the same place: curl over h1 and h2; over h3
   * the Chromium command the replay recorded (the curl most systems ship cannot send HTTP/3).
   */
  reproduce?: string;
  /** HTTP/3 only: `reproduce` in its two parts, Chromium's launch (the same for many steps) and the request's own part. */
  h3Command?: { launch: string; request: string };
  /**
   * HTTP/3 only: the UDP endpoint QUIC was forced to (`address:port`, from the h1 answer's Alt-Svc),
   * and the HTTP/1.1 answer to the header fields Chromium sent, which the h3 answer is judged against
   * (parity findings `<step> parity h3 ...`; the spec's expectations are the h1 and h2 legs').
   */
  h3?: { endpoint: string; twin?: ResponseReport };
  /** What was learned as noise for this step (it differed between two identical requests over this protocol). */
  noise?: RecordedNoise;
  /** A `discover` step: the shape looked for, the page read, and the target's own address found there (absent when none fitted). */
  discovered?: { template: string; from: string; url?: string; via?: string };
  /** Keys of the expectations this step produced findings for. */
  expectationKeys: string[];
}

export interface BrowserReport {
  /** `data:image/png;base64,...` of the final page (built from the attachment's bytes only). */
  screenshot?: string;
  /** Redirect hops the browser followed, from the flow's HAR. */
  redirects: RedirectHop[];
  /** The node Chromium went to, where its role's name has several (the first). */
  node?: string;
}

export interface RedirectHop {
  status: number;
  url: string;
  location: string;
}
