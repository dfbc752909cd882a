/** Set-Cookie and Cookie parsing (RFC 6265 §5.2, lenient like browsers). */
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
  const pair = line.split(';')[0];
  const eq = pair.indexOf('=');
  if (eq < 0 || !pair.slice(0, eq).trim()) return undefined;
  const { line: _line, ...cookie } = parseSetCookieLine(line);
  return cookie;
}

/** Set-Cookie header values as HAR tools store them: one per line, or several joined by newlines. */
export function setCookieLines(values: string[]): string[] {
  return values.flatMap((v) => v.split('\n')).map((v) => v.trim()).filter(Boolean);
}

/** `a=1; b=2` -> [[a, 1], [b, 2]]. */
export function parseCookieHeader(value: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const part of value.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (name) out.push([name, part.slice(eq + 1).trim()]);
  }
  return out;
}
