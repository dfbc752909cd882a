/** The replay's findings: a finding plus the protocol leg it came from. */
export type { Protocol, ReplayFinding } from '../record';

export { failingFindings, failureLines, failureMessage } from '../core';
