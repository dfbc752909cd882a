/** Errors of bad input: the CLI prints their message, never a stack. */
import { HarnessError } from '../core';

/** Bad command line or mapping file: exit 2. */
export class UsageError extends HarnessError {
  readonly exitCode = 2;
  constructor(message: string) {
    super('HARNESS_ERR_HAR_USAGE', message);
  }
}

/** A file that is not a readable HAR (not JSON, truncated, empty): exit 1, one line. */
export class HarReadError extends HarnessError {
  readonly exitCode = 1;
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super('HARNESS_ERR_HAR_READ', `${file}: ${reason}`);
  }
}

/** One schema problem of a HAR, with its JSON path (`log.entries[3].request.headers[0]`). */
export interface HarProblem {
  file: string;
  /** Empty for a problem of the whole file (not JSON, truncated, empty). */
  path: string;
  message: string;
}

export function formatProblem(p: HarProblem): string {
  return p.path ? `${p.file}: ${p.path}: ${p.message}` : `${p.file}: ${p.message}`;
}

/** A HAR that har-validator rejects: exit 1, every problem printed. */
export class HarInvalidError extends HarnessError {
  readonly exitCode = 1;
  constructor(readonly problems: HarProblem[]) {
    super('HARNESS_ERR_HAR_INVALID', problems.map(formatProblem).join('\n'));
  }
}
