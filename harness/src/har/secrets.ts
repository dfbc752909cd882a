/**
 * What counts as a secret. har2spec never writes one: such values become shapes (or `any`), and
 * requests lose them (no Cookie or Authorization header, redacted query values).
 */

import { showSecretParts as showParts } from '../core/secret-values';
import { shapeByName, tightestShape } from '../shapes';

export { isSecretHeader, isSecretParam, isSecretPart, secretParts } from '../core/secret-values';

/** How a secret is shown wherever it is redacted: its shape and length (`‹secret: hex64, 64 chars›`), never its text. */
export function describeSecret(value: string): string {
  const shape = value === '' ? 'empty' : (tightestShape([value]) ?? 'text');
  return `‹secret: ${shape}, ${value.length} chars›`;
}

/** The shape a redaction names (`‹secret: hex64, 64 chars›` -> `hex64`), when the whole value is one redaction of a known shape. */
export function redactedShape(value: string): string | undefined {
  const m = /^‹secret: ([^,›]+), \d+ chars›$/.exec(value);
  return m && shapeByName(m[1]) ? m[1] : undefined;
}

/** A value with only its secret parts redacted (`‹secret: hex32, 32 chars›|False`); as it is when no part is one. */
export const showSecretParts = (value: string): string => showParts(value, describeSecret);

const SCHEME_CREDENTIAL = /\b(bearer|basic|digest|negotiate|ntlm|token|hoba|mutual|aws4-hmac-sha256)\s+[A-Za-z0-9._~+/=-]{6,}/i;
const JWT = /eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}/;
const NAMED_SECRET = /(session|sess|sid|token|secret|passw(or)?d?|pwd|api[_-]?key|auth|csrf|xsrf|credential)[A-Za-z0-9_-]{0,20}\s*[=:]\s*["']?[^\s;&,"']{6,}/i;
const PRIVATE_KEY = /-----BEGIN [A-Z ]*PRIVATE KEY-----/;

/**
 * A value that looks like a credential or a session id wherever it appears: an auth scheme with a
 * token, a JWT, `session=...`-style pairs, or a long random-looking token mixing upper case, lower
 * case and digits. Pure hex (content hashes, ETags, revisions) is not treated as a secret.
 */
export function looksSecret(value: string): boolean {
  if (value.length < 6) return false;
  if (SCHEME_CREDENTIAL.test(value) || JWT.test(value) || NAMED_SECRET.test(value) || PRIVATE_KEY.test(value)) return true;
  for (const token of value.split(/[^A-Za-z0-9_\-+=]+/)) {
    if (token.length < 20) continue;
    if (/[a-z]/.test(token) && /[A-Z]/.test(token) && /[0-9]/.test(token)) return true;
  }
  return false;
}
