import type { Aspect, Compared } from './aspect';
import type { SecretValue } from './secret-values';
import type { FindingSource, Level } from './level';
import type { Verdict } from './verdict';

/** One comparison of expected against actual. Every failure says both. */
export interface Finding {
  /** Expectation or check id, e.g. `site/home header x-frame-options` or `cache/max-age-matches-expires`. */
  id: string;
  verdict: Verdict;
  /** What a miss means: `must` fails, `should` warns, `info` informs. */
  level: Level;
  expected: string;
  actual: string;
  /**
   * What was observed as the comparison means it, where `actual` says more (a date as its distance
   * from Date, `Date + 3285 d`; a directive list as sent, without the account of what differs): the
   * report groups findings into causes by it. Absent: `actual`.
   */
  observed?: string;
  /** The role whose answer it judged, where that is not its test's (a browser flow's sub-resource on the asset host). */
  role?: string;
  source: FindingSource;
  clause?: string;
  /** Named shape that failed, so the report can show its description and examples. */
  shape?: string;
  /** What of the answer it is about, for readers that must not parse the id (absent for a whole step or flow). */
  aspect?: Aspect;
  /** A comparison of two answers: what compared them, the two sides and, where they differ, each side's value. */
  compared?: Compared;
  /** Why (a premise that did not hold, a reference choice, a run error's cause). */
  message?: string;
  /**
   * The secret values its text holds (a cookie's value, a credential header's, a signed
   * parameter's), declared where it was built from the exchange's fields: the report hides each
   * wherever it appears in the finding, however the finding is worded. Findings never redact by themselves.
   */
  secrets?: SecretValue[];
  /** The node (address) whose answer it judged, where the name has several; a comparison of two nodes names both in `compared`. */
  node?: string;
  /** Which target map the observed exchange came from (`ObservedExchange.target`), for differential runs. */
  target?: string;
  /** Differential runs: what the baseline answered for the same aspect (shown beside `actual`). */
  baseline?: string;
  /** A longer account shown under the values (a body's line diff). */
  detail?: string;
  /** SHA-256 of bodies saved beside the report (never inlined), by side. */
  bodies?: { baseline?: string; candidate?: string };
  /** Set with the verdict `known`: the entry of the known deviations that matched, and the verdict it replaced. */
  known?: KnownMark;
}

/** Which known deviation a finding matched (verdict `known`), and what it would have been without it. */
export interface KnownMark {
  /** The entry's position in the file (0-based) and its id or glob, as written. */
  entry: number;
  id: string;
  reason: string;
  ticket: string;
  /** YYYY-MM-DD: the last day the entry excuses a failure. */
  expires: string;
  /** The verdict the finding had before the entry matched (error, fail or warn). */
  was: Verdict;
  /** The report's link of the ticket (its URL, or its id through HARNESS_TICKET_URL). */
  ticketHref?: string;
}
