/**
 * What `npm run accept` refuses to work with. Each error has a stable code so tests and scripts tell
 * a typo in the command line from a file that is not a conformance report, and each message carries
 * the bad value so the one line the CLI prints is enough to fix it. `exitCode` 2 is bad input; 1 is
 * a proposal that would not load (the harness's fault or a spec file edited meanwhile, not the user's).
 */
import { HarnessError } from '../core';

export abstract class AcceptError extends HarnessError {
  readonly exitCode: 1 | 2 = 2;
}

/** The command line: an unknown option, an option without its value, no --from. */
export class AcceptUsageError extends AcceptError {
  constructor(message: string) {
    super('HARNESS_ERR_ACCEPT_USAGE', message);
  }
}

/** --mode with a value other than missing, changed, all. */
export class AcceptModeError extends AcceptError {
  constructor(readonly value: string) {
    super('HARNESS_ERR_ACCEPT_MODE', `--mode ${JSON.stringify(value)} is not one of missing, changed, all`);
  }
}

/** The --from file: absent or unreadable (`_NOT_FOUND`), not JSON (`_NOT_JSON`), not a results.json (`_NOT_RESULTS`). */
export class AcceptResultsError extends AcceptError {
  constructor(
    code: 'HARNESS_ERR_ACCEPT_RESULTS_NOT_FOUND' | 'HARNESS_ERR_ACCEPT_RESULTS_NOT_JSON' | 'HARNESS_ERR_ACCEPT_NOT_RESULTS',
    readonly file: string,
    reason: string,
  ) {
    super(code, `${file}: ${reason}`);
  }
}

/** --ids globs that select no replayed exchange or flow of the results. */
export class AcceptIdsError extends AcceptError {
  constructor(
    readonly globs: readonly string[],
    available: readonly string[],
  ) {
    const shown = available.slice(0, 8).join(', ');
    const more = available.length > 8 ? ` and ${available.length - 8} more` : '';
    super(
      'HARNESS_ERR_ACCEPT_IDS',
      `--ids ${globs.map((g) => JSON.stringify(g)).join(' ')} matches no replayed exchange or flow of the results` +
        (available.length ? ` (they are: ${shown}${more})` : ' (the results hold no replayed exchange or flow)'),
    );
  }
}

/** The --specs folder cannot be listed, or its spec files do not load as they are. */
export class AcceptSpecsError extends AcceptError {
  constructor(
    readonly dir: string,
    reason: string,
  ) {
    super('HARNESS_ERR_ACCEPT_SPECS', `${dir}: ${reason}`);
  }
}

/** The proposed spec files would not load: nothing is written. */
export class AcceptInvalidProposalError extends AcceptError {
  override readonly exitCode = 1;
  constructor(readonly violations: readonly string[]) {
    super(
      'HARNESS_ERR_ACCEPT_INVALID',
      `the proposed spec files would not load, nothing written (${violations.length} problem${violations.length === 1 ? '' : 's'}):\n${violations.map((v) => `  ${v}`).join('\n')}`,
    );
  }
}
