import { escapeHtml } from '../../http/escape-html';
/**
 * A request path that starts with a left brace (raw or percent-encoded) and an absolute address,
 * as when a page emits `{https://...}` as a link. ASP.NET rejects the `:` in the path
 * ("potentially dangerous Request.Path") and its customErrors setting redirects to the error page.
 */
const BRACED_ABSOLUTE = /^\/(?:%7b|\{)https?(?::|%3a)/i;

export function isBracedAbsolutePath(rawPath: string): boolean {
  return BRACED_ABSOLUTE.test(rawPath);
}

// RFC 3986 query characters: unreserved, sub-delims, ':', '@', '/', '?'; '%' only in a triplet.
const QUERY_SAFE = /[A-Za-z0-9\-._~!$&'()*+,;=:@/?]/;

/**
 * The path as received, percent-encoding only what a query may not contain; existing %XX
 * triplets are kept as they are. Characters up to U+00FF stand for the bytes Node decoded them
 * from (latin1), so they go back out as those bytes.
 */
export function encodeForQuery(raw: string): string {
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i];
    if (ch === '%' && /^[0-9A-Fa-f]{2}$/.test(raw.slice(i + 1, i + 3))) out += ch;
    else if (QUERY_SAFE.test(ch)) out += ch;
    else {
      const code = ch.codePointAt(0)!;
      const bytes = code <= 0xff ? [code] : [...Buffer.from(String.fromCodePoint(code), 'utf8')];
      if (code > 0xffff) i++;
      out += bytes.map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
    }
  }
  return out;
}

export function maintenanceLocation(maintenanceOrigin: string, rawPath: string): string {
  return `${maintenanceOrigin}/$web/site-maintenance.html?aspxerrorpath=${encodeForQuery(rawPath)}`;
}

/** ASP.NET's body for a 302 (HttpResponse.Redirect). */
export function objectMovedBody(location: string): string {
  return `<html><head><title>Object moved</title></head><body>\r\n<h2>Object moved to <a href="${escapeHtml(location)}">here</a>.</h2>\r\n</body>\r\n</html>\r\n`;
}
