import { HarnessError } from '../core';

/** A page or style sheet discovery reads could not be read: the browser did not load it, or its body does not decode. */
export class SourceUnreadableError extends HarnessError {
  constructor(reason: string) {
    super('HARNESS_ERR_SOURCE_UNREADABLE', reason);
  }
}
