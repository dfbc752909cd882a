/** Set-Cookie lines of a capture (RFC 6265 §5.2, lenient like browsers), read by the replay's parser. */
import { setCookiePair } from '../core';
import { parseSetCookieLine } from '../spec-model/observe';
import type { ObservedCookie } from '../spec-model/observed';

/** A cookie's attributes: the observed cookie's, without the line it came in. */
export type SetCookie = Omit<ObservedCookie, 'line'>;

/**
 * One Set-Cookie line of a capture, read by the parser the replay judges with
 * (`parseSetCookieLine`: undici's, RFC 6265bis), so a derived spec states the cookie as the replay
 * will see it. A line without a name (no `=`, or nothing before it) is no cookie a browser stores:
 * undefined, and the capture has no such cookie to derive.
 */
export function parseSetCookie(line: string): SetCookie | undefined {
  if (!setCookiePair(line).name) return undefined;
  const { line: _line, ...cookie } = parseSetCookieLine(line);
  return cookie;
}

export { setCookieLines } from '../core';
