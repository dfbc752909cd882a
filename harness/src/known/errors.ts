import { HarnessError } from '../core';

/** The known deviations file (specs/known-deviations.json, HARNESS_KNOWN) cannot be read or is not valid; the message names the file and each bad entry. */
export class KnownDeviationsError extends HarnessError {
  declare readonly code: 'HARNESS_ERR_KNOWN';
  constructor(
    readonly file: string,
    readonly problems: readonly string[],
  ) {
    super(
      'HARNESS_ERR_KNOWN',
      problems.length === 1 ? `${file}: ${problems[0]}` : `${file}: ${problems.length} problems\n${problems.map((p) => `  ${p}`).join('\n')}`,
    );
  }
}
