/**
 * Secrets in observed values: cookie values, credentials and tokens are shown as their shape and
 * length (`‹secret: hex32, 32 chars›`) unless the user asks for raw values. Applied while the
 * results are built, so results.json, the HTML and the JUnit file never hold them.
 */
import { cookiePairs } from '../core';
import { describeSecret, isSecretHeader, isSecretParam, looksSecret, showSecretParts } from '../har/secrets';
import { setCookiePair } from '../core';

export { describeSecret } from '../har/secrets';

/** A Set-Cookie line with the secret parts of its value replaced (name, attributes and words such as `Lessons` or `False` kept). */
export function redactSetCookie(line: string): string {
  const { name, value, attributes } = setCookiePair(line);
  // A line without `=` is all value (RFC 6265 §5.2 step 2 would drop it; the report shows it redacted).
  const named = line.slice(0, line.length - attributes.length).includes('=');
  return `${named ? `${name}=` : ''}${showSecretParts(value)}${attributes}`;
}

/** A Cookie request header: the secret parts of each value replaced. */
export function redactCookieHeader(value: string): string {
  return cookiePairs(value)
    .map(([name, v]) => `${name}=${showSecretParts(v)}`)
    .join('; ');
}

/** One header line's value as the report shows it. */
export function redactHeaderValue(name: string, value: string): string {
  const n = name.toLowerCase();
  if (n === 'set-cookie') return redactSetCookie(value);
  if (n === 'cookie') return redactCookieHeader(value);
  if (isSecretHeader(n) || looksSecret(value)) return describeSecret(value);
  return value;
}

/** A URL with the values of secret-looking query parameters replaced. */
function alreadyRedacted(value: string): boolean {
  try {
    return decodeURIComponent(value).startsWith('‹secret:');
  } catch {
    return false;
  }
}

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hashAt = url.indexOf('#', q);
  const query = url.slice(q + 1, hashAt < 0 ? undefined : hashAt);
  const parts = query.split('&').map((kv) => {
    const eq = kv.indexOf('=');
    if (eq < 0) return kv;
    const name = kv.slice(0, eq);
    const value = kv.slice(eq + 1);
    let decodedName = name;
    try {
      decodedName = decodeURIComponent(name);
    } catch {
      /* keep as is */
    }
    // A value redacted already (by the worker's redactor, percent-encoded in the address) stays as it is.
    if (alreadyRedacted(value)) return kv;
    return isSecretParam(decodedName) || looksSecret(value) ? `${name}=${encodeURIComponent(describeSecret(value))}` : kv;
  });
  return `${url.slice(0, q + 1)}${parts.join('&')}${hashAt < 0 ? '' : url.slice(hashAt)}`;
}

/** Request headers the reproduction command never carries: the user fills them in. */
export function isCredentialHeader(name: string): boolean {
  return /^(cookie|authorization|proxy-authorization)$/i.test(name) || isSecretHeader(name);
}
