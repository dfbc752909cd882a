/**
 * The errors of settings whose messages predate SettingsError (`core/errors.ts`), kept word for word:
 * scripts and tests match them. Both carry a stable code like every other harness error.
 */
import { HarnessError } from '../core';

/**
 * A time or size limit that is not valid: HARNESS_CONNECT_TIMEOUT_MS, HARNESS_REQUEST_TIMEOUT_MS,
 * HARNESS_BODY_CAP_BYTES (a positive whole number) or HARNESS_BROWSER_TIMEOUT_MS (at least 500).
 */
export class LimitConfigError extends HarnessError {
  declare readonly code: 'HARNESS_ERR_LIMITS';
  constructor(message: string) {
    super('HARNESS_ERR_LIMITS', message);
  }
}

/** The conformance reporter's options (playwright.config.ts) or HARNESS_REPORT_RAW_SECRETS with a value it does not accept. */
export class ReportOptionsError extends HarnessError {
  declare readonly code: 'HARNESS_ERR_REPORT_OPTIONS';
  constructor(message: string) {
    super('HARNESS_ERR_REPORT_OPTIONS', `conformance reporter: ${message}`);
  }
}
