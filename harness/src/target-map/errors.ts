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

/**
 * The userinfo of every URL in a text hidden: a configuration error names the URL at fault, never
 * the password in it (`https://user:‹secret›@host`), nor a user name alone (`https://‹secret›@host`:
 * then the name is the credential). Everything between `scheme://` and the last `@` before white
 * space is taken as userinfo (a password with an unencoded `/` included).
 */
export function hideUserinfo(text: string): string {
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/)([^\s"[\]]+)@/gi, (all, scheme: string, userinfo: string) => {
    if (userinfo.includes('‹')) return all;
    const colon = userinfo.indexOf(':');
    return `${scheme}${colon < 0 ? '‹secret›' : `${userinfo.slice(0, colon)}:‹secret›`}@`;
  });
}

/** A variable whose value is a credential, or may be: its value is shown by its length only. */
export function holdsSecrets(variable: string): boolean {
  return /HEAD|AUTH|TOKEN|SECRET|PASS|KEY|COOKIE|CRED|SESSION/i.test(variable);
}

/** How a configuration error may show a value: by its length for a variable that holds secrets, else as written (userinfo hidden). */
export function shownValue(variable: string, value: string): string {
  return holdsSecrets(variable) || /^\s*(basic|bearer|digest|token)\s/i.test(value) ? `‹${value.length} chars›` : value;
}

/** A JSON parser's complaint without the piece of the text it quotes (`Unexpected token 'S', "SECRET" is not valid JSON`). */
export function jsonProblem(e: unknown): string {
  return String((e as Error)?.message ?? e)
    .replace(/,\s*(\.\.\.)?".*$/s, '')
    .replace(/ in JSON at position.*$/s, '');
}

export class TargetConfigError extends HarnessError {
  declare readonly code: 'HARNESS_ERR_TARGET_CONFIG';
  /** The environment variable at fault (TARGETS_FILE for anything read from that file). */
  readonly variable: string;
  /** The offending value as shown (a URL with its userinfo hidden, an entry, a path). */
  readonly value: string;
  /** JSON pointer inside TARGETS_FILE, when the value came from there. */
  readonly pointer?: string;

  constructor(variable: string, value: string, reason: string, pointer?: string) {
    const where = pointer === undefined ? variable : `${variable} (${pointer === '' ? '/' : pointer})`;
    super('HARNESS_ERR_TARGET_CONFIG', `${hideUserinfo(where)}: ${quote(hideUserinfo(value))} ${hideUserinfo(reason)}`);
    this.variable = variable;
    this.value = hideUserinfo(value);
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
