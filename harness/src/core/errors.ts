/**
 * The harness's error base: every error a user can meet carries a stable `code` (`HARNESS_ERR_*`)
 * so callers tell a configuration mistake from a run failure without matching message text.
 */
export class HarnessError extends Error {
  constructor(
    readonly code: `HARNESS_ERR_${string}`,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/**
 * A caller broke an invariant of the harness's own API (an argument no public entry point passes):
 * a bug of the harness or of code built on it, never a fault of the target or of the settings.
 */
export class InternalError extends HarnessError {
  constructor(message: string) {
    super('HARNESS_ERR_INTERNAL', message);
  }
}

/** A `HARNESS_*` setting with a value the harness does not accept; the message names both. */
export class SettingsError extends HarnessError {
  constructor(
    readonly variable: string,
    readonly value: string,
    reason: string,
  ) {
    super('HARNESS_ERR_SETTINGS', `${variable}: ${JSON.stringify(value)} ${reason}`);
  }
}
