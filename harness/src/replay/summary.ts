/** The replay's findings: a finding plus the protocol leg it came from. */
import type { Finding } from '../core';

export type Protocol = 'h1' | 'h2' | 'h3';

/** A finding of the replay: which protocol leg it came from (none for parity and whole-run findings). */
export type ReplayFinding = Finding & { protocol?: Protocol };

export { failingFindings, failureLines, failureMessage } from '../core';
