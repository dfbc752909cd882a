/**
 * Secret values a finding declares, and how much of each a report may show. A finding is built
 * from the exchange's fields, so it knows which of the values in its text are secrets (a cookie's
 * value, a credential header's, a signed query parameter's): it lists them, and the report hides
 * each wherever it appears in the finding, however the finding is worded. No text is searched for
 * what merely looks like a cookie.
 *
 * Whether a cookie's value is secret is judged by what it is, part by part: an issued identifier,
 * a token, a high-entropy run is hidden; a word, a flag, a date is shown (`‹secret: hex32, 32
 * chars›|False`, `Lessons`). A credential or a signed parameter is hidden whole, whatever it is.
 */

/** What a secret value is: how much of it may be shown. */
export type SecretKind = 'cookie' | 'credential' | 'signed';

export interface SecretValue {
  kind: SecretKind;
  value: string;
}

/** Header names whose values are credentials or session state, whatever they look like. */
const SECRET_HEADER =
  /^(authorization|proxy-authorization|cookie|set-cookie|x-api-key|api-key|apikey)$|auth|token|secret|passw|api[-_]?key|session|sess-?id|csrf|xsrf|signature|credential|bearer|jwt|cookie/i;

/** Query parameter (and form field) names whose values are credentials or session state. */
const SECRET_PARAM =
  /token|secret|passw|pwd|api[-_]?key|apikey|auth|session|^sid$|sessid|sig(nature)?$|^sig|hmac|csrf|xsrf|jwt|nonce|^code$|ticket|credential|(^|[-_.])keys?$|^key|access|private|^pass/i;

export function isSecretHeader(name: string): boolean {
  // HTTP/2's :authority is the host, not an authorization; CORS fields name headers, they carry none.
  if (/^(access-control-|:)/i.test(name)) return false;
  return SECRET_HEADER.test(name);
}

export function isSecretParam(name: string): boolean {
  return SECRET_PARAM.test(name);
}

/** The values of signed query parameters (`hmac=`, `token=`) of the addresses given, read from each URL's query. */
export function signedValues(urls: Iterable<string>): SecretValue[] {
  const out: SecretValue[] = [];
  for (const u of urls) {
    let url: URL;
    try {
      url = new URL(u);
    } catch {
      continue;
    }
    for (const [name, value] of url.searchParams) if (value !== '' && isSecretParam(name)) out.push({ kind: 'signed', value });
  }
  return out;
}

/** How a redacted value is shown (the report's `‹secret: shape, N chars›`). */
export type DescribeSecret = (value: string) => string;

/** Where a value splits into parts that are judged each on its own (`<32 hex>|False`, `id=...&lang=en`). */
const PART_SEPARATORS = /([|,;:&\s"'<>()[\]{}]+|=(?!=*$))/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const JWT = /eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}/;

/**
 * Whether one part of a value is a secret by what it is: an issued identifier or token (a UUID, 16
 * or more hex digits or digits, 12 or more letters and digits mixed, a JWT), or a run of 20 or more
 * letters. Words (`Lessons`, `False`, `en-US`), short numbers, dates and versions are not: they are
 * what a reader needs to diagnose, and no credential.
 */
export function isSecretPart(part: string): boolean {
  if (part.length < 8) return false;
  if (UUID.test(part) || JWT.test(part)) return true;
  if (/^[0-9a-f]+$/i.test(part)) return part.length >= 16;
  const letters = /[A-Za-z]/.test(part);
  const digits = /[0-9]/.test(part);
  if (letters && digits) return part.replace(/[^A-Za-z0-9]/g, '').length >= 12;
  // Letters only: words joined by `-`, `_` or `.` are words; one run of 20 or more is random.
  if (letters) return part.split(/[-_.~+/]/).some((w) => w.length >= 20);
  return false;
}

/** The secret parts of a value, in order (what a redactor must hide of it). */
export function secretParts(value: string): string[] {
  return value.split(PART_SEPARATORS).filter((p, i) => i % 2 === 0 && isSecretPart(p));
}

/** A value with only its secret parts described; as it is when no part is one. */
export function showSecretParts(value: string, describe: DescribeSecret): string {
  return value
    .split(PART_SEPARATORS)
    .map((p, i) => (i % 2 === 0 && isSecretPart(p) ? describe(p) : p))
    .join('');
}

const SHORT = 6;

/** What of a declared secret a text must not hold: a cookie's secret parts (each also alone), anything else whole. */
function needles(secret: SecretValue): string[] {
  return secret.kind === 'cookie' ? secretParts(secret.value) : secret.value === '' ? [] : [secret.value];
}

/**
 * The text with every declared secret hidden wherever it appears (as written, JSON-escaped or
 * percent-encoded), longest first so a value is replaced whole before a shorter one inside it.
 */
export function hideSecrets(text: string, secrets: readonly SecretValue[] | undefined, describe: DescribeSecret): string {
  if (!secrets?.length || text === '') return text;
  const all = [...new Set(secrets.flatMap(needles))].sort((a, b) => b.length - a.length);
  let out = text;
  for (const needle of all) {
    const shown = describe(needle);
    for (const form of new Set([needle, JSON.stringify(needle).slice(1, -1), encodeURIComponent(needle)])) {
      // A short value (a 3-letter token) is hidden where it stands alone, not inside every word that holds its letters.
      if (form.length >= SHORT) out = out.split(form).join(shown);
      else out = out.replace(new RegExp(`(?<![A-Za-z0-9])${form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9])`, 'g'), () => shown);
    }
  }
  return out;
}
