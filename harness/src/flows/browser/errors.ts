import { HarnessError } from '../../core';

/** A browser flow id that no flow has; the message lists the ids there are. */
export class UnknownFlowError extends HarnessError {
  constructor(
    readonly ids: readonly string[],
    known: readonly string[],
  ) {
    super('HARNESS_ERR_UNKNOWN_FLOW', `no browser flow ${ids.map((id) => `"${id}"`).join(', ')} (known: ${known.join(', ')})`);
  }
}

/** `npm run record`: a bad command line (exit 2). */
export class RecordUsageError extends HarnessError {
  readonly exitCode = 2;
  constructor(message: string) {
    super('HARNESS_ERR_RECORD_USAGE', message);
  }
}

/** Thrown after a finding that ends the flow has been recorded. */
export class FlowAbort extends HarnessError {
  constructor(message: string) {
    super('HARNESS_ERR_FLOW_ABORTED', message);
  }
}
