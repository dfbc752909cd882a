/**
 * Errors of the target mapping. Each class carries a stable `code` so callers (the CLI, the
 * Playwright global setup, the report) can tell a user's configuration mistake from a run failure
 * without matching message text.
 */
import { HarnessError } from '../core';

/** Values are quoted with JSON.stringify so control characters and quotes stay visible in logs. */
function quote(value: string): string {
  return JSON.stringify(value);
}

export class TargetConfigError extends HarnessError {
  declare readonly code: 'HARNESS_ERR_TARGET_CONFIG';
  /** The environment variable at fault (TARGETS_FILE for anything read from that file). */
  readonly variable: string;
  /** The offending value as written (a URL, an entry, a path). */
  readonly value: string;
  /** JSON pointer inside TARGETS_FILE, when the value came from there. */
  readonly pointer?: string;

  constructor(variable: string, value: string, reason: string, pointer?: string) {
    const where = pointer === undefined ? variable : `${variable} (${pointer === '' ? '/' : pointer})`;
    super('HARNESS_ERR_TARGET_CONFIG', `${where}: ${quote(value)} ${reason}`);
    this.variable = variable;
    this.value = value;
    if (pointer !== undefined) this.pointer = pointer;
  }
}

/**
 * A spec uses a placeholder whose role the target does not map. Distinct from a configuration
 * error: the configuration is valid, the exchange just cannot run against this target, which the
 * replay turns into a "role not mapped" skip rather than a failure.
 */
export class UnmappedPlaceholderError extends HarnessError {
  declare readonly code: 'HARNESS_ERR_TARGET_UNMAPPED';
  readonly placeholder: string;
  readonly role: string;

  constructor(placeholder: string, role: string) {
    super('HARNESS_ERR_TARGET_UNMAPPED', `placeholder ${placeholder} needs the ${role} role, which the target does not map`);
    this.placeholder = placeholder;
    this.role = role;
  }
}
