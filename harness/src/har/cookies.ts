/** Set-Cookie and Cookie parsing (RFC 6265 §5.2, lenient like browsers). */
import type { ObservedCookie } from '../spec-model/observed';

/** A cookie's attributes: the observed cookie's, without the line it came in. */
export type SetCookie = Omit<ObservedCookie, 'line'>;

export function parseSetCookie(line: string): SetCookie | undefined {
  const [pair, ...attrs] = line.split(';');
  const eq = pair.indexOf('=');
  if (eq < 0) return undefined;
  const name = pair.slice(0, eq).trim();
  if (!name) return undefined;
  const cookie: SetCookie = { name, value: pair.slice(eq + 1).trim(), httpOnly: false, secure: false };
  for (const attr of attrs) {
    const i = attr.indexOf('=');
    const key = (i < 0 ? attr : attr.slice(0, i)).trim().toLowerCase();
    const val = i < 0 ? '' : attr.slice(i + 1).trim();
    if (key === 'path') cookie.path = val;
    else if (key === 'domain') cookie.domain = val;
    else if (key === 'expires') cookie.expires = val;
    else if (key === 'max-age' && /^-?[0-9]+$/.test(val)) cookie.maxAge = Number(val);
    else if (key === 'httponly') cookie.httpOnly = true;
    else if (key === 'secure') cookie.secure = true;
    else if (key === 'samesite') cookie.sameSite = val;
  }
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
