import { HarnessError } from '../core';

/**
 * `playwright merge-reports` exits 0 whatever the merged tests did: in merge mode the reporter
 * raises this once the files are written, so a merge step of a failing run fails as the unsharded
 * run would.
 */
export class MergedRunFailedError extends HarnessError {
  constructor(readonly failOn: string) {
    super('HARNESS_ERR_RUN_FAILED', `conformance: the merged results hold a verdict at or above ${failOn} (HARNESS_FAIL_ON)`);
  }
}
