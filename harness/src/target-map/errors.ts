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
  // Each URL runs to the next `scheme://` (or the end): its userinfo is everything before the last `@`
  // that a host follows, whatever it holds (spaces, quotes and slashes included).
  const starts = [...text.matchAll(/[a-z][a-z0-9+.-]*:\/\//gi)].map((m) => ({ at: m.index!, scheme: m[0] }));
  if (starts.length === 0) return text;
  let out = text.slice(0, starts[0].at);
  starts.forEach(({ at, scheme }, i) => {
    const segment = text.slice(at + scheme.length, i + 1 < starts.length ? starts[i + 1].at : text.length);
    let cut = -1;
    for (let k = segment.length - 1; k >= 0; k--)
      if (segment[k] === '@' && /[A-Za-z0-9[]/.test(segment[k + 1] ?? '')) {
        cut = k;
        break;
      }
    const userinfo = cut < 0 ? '' : segment.slice(0, cut);
    if (cut < 0 || userinfo === '' || userinfo.includes('‹')) {
      out += scheme + segment;
      return;
    }
    const colon = userinfo.indexOf(':');
    out += `${scheme}${colon < 0 ? '‹secret›' : `${userinfo.slice(0, colon)}:‹secret›`}${segment.slice(cut)}`;
  });
  return out;
}

/**
 * A value that looks like a credential whatever variable holds it: an auth scheme with a token, a
 * JWT, a header map naming Authorization, a long run of mixed-case
 * letters and digits (a path's slashes split it: file names are not secrets) or of hex. Shown by its length only.
 */
export function looksLikeCredential(value: string): boolean {
  return (
    /\b(basic|bearer|digest|token|negotiate|ntlm)\s+\S{4,}/i.test(value) ||
    /eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}/.test(value) ||
    /["']?(authorization|proxy-authorization|cookie|x-api-key|api[-_]?key)["']?\s*:/i.test(value) ||
    /(?<![A-Za-z0-9+_-])(?=[A-Za-z0-9+_-]*[a-z])(?=[A-Za-z0-9+_-]*[A-Z])(?=[A-Za-z0-9+_-]*[0-9])[A-Za-z0-9+_-]{24,}={0,2}/.test(value) ||
    /\b[0-9a-fA-F]{32,}\b/.test(value)
  );
}

/** A variable whose value is a credential, or may be: its value is shown by its length only. */
export function holdsSecrets(variable: string): boolean {
  return /HEAD|AUTH|TOKEN|SECRET|PASS|KEY|COOKIE|CRED|SESSION/i.test(variable);
}

/** How a configuration error may show a value: by its length for a variable that holds secrets, else as written (userinfo hidden). */
export function shownValue(variable: string, value: string): string {
  return holdsSecrets(variable) || looksLikeCredential(value) ? `‹${value.length} chars›` : value;
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
    // A value that looks like a credential is said by its length, whatever variable or file field holds it.
    const shown = looksLikeCredential(value) && !value.startsWith('‹') ? `‹${value.length} chars›` : hideUserinfo(value);
    super('HARNESS_ERR_TARGET_CONFIG', `${hideUserinfo(where)}: ${quote(shown)} ${hideUserinfo(reason)}`);
    this.variable = variable;
    this.value = shown;
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
