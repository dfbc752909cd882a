/**
 * What counts as a secret. har2spec never writes one: such values become shapes (or `any`), and
 * requests lose them (no Cookie or Authorization header, redacted query values).
 */

import { shapeByName, tightestShape } from '../shapes';

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

/** Header names whose values are credentials or session state, whatever they look like. */
const SECRET_HEADER = /^(authorization|proxy-authorization|cookie|set-cookie|x-api-key|api-key|apikey)$|auth|token|secret|passw|api[-_]?key|session|sess-?id|csrf|xsrf|signature|credential|bearer|jwt|cookie/i;

/** Query parameter (and form field) names whose values are credentials or session state. */
const SECRET_PARAM = /token|secret|passw|pwd|api[-_]?key|apikey|auth|session|^sid$|sessid|sig(nature)?$|^sig|hmac|csrf|xsrf|jwt|nonce|^code$|ticket|credential|(^|[-_.])keys?$|^key|access|private|^pass/i;

export function isSecretHeader(name: string): boolean {
  // HTTP/2's :authority is the host, not an authorization; CORS fields name headers, they carry none.
  if (/^(access-control-|:)/i.test(name)) return false;
  return SECRET_HEADER.test(name);
}

export function isSecretParam(name: string): boolean {
  return SECRET_PARAM.test(name);
}

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
