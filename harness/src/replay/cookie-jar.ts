/**
 * A cookie jar for the raw flows, with the storage model of RFC 6265 §5.3 and the Cookie header of
 * §5.4, on top of the Set-Cookie parsing the harness already uses (undici's `getSetCookies`, via
 * `parseSetCookieLine`). It keeps what a flow needs: host-only vs domain cookies, default-path,
 * path-match, Secure, Max-Age over Expires, replacement by (name, domain, path), deletion by an
 * expiry in the past. Not modelled: the public-suffix list (a Domain attribute naming a public
 * suffix is accepted), SameSite (there is no cross-site context in the raw replay), the cookie
 * count limits.
 */
import { isIP } from 'node:net';
import { parseAnyDate } from '../shapes';
import { parseSetCookieLine } from '../spec-model/observe';

export interface StoredCookie {
  name: string;
  value: string;
  domain: string;
  hostOnly: boolean;
  path: string;
  secure: boolean;
  httpOnly: boolean;
  /** Milliseconds since the epoch; undefined for a session cookie. */
  expiresAt?: number;
  createdAt: number;
}

/** RFC 6265 §5.1.3. */
export function domainMatches(host: string, domain: string): boolean {
  if (host === domain) return true;
  return !isIP(host) && host.endsWith(`.${domain}`);
}

/** RFC 6265 §5.1.4: the directory of the request path. */
export function defaultPath(pathname: string): string {
  if (!pathname.startsWith('/')) return '/';
  const last = pathname.lastIndexOf('/');
  return last <= 0 ? '/' : pathname.slice(0, last);
}

/** RFC 6265 §5.1.4. */
export function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}

export class CookieJar {
  private cookies: StoredCookie[] = [];
  private clock = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Stores the Set-Cookie lines of a response to `url` (§5.3); returns how many were accepted. */
  store(url: string | URL, setCookieLines: readonly string[]): number {
    const u = new URL(url);
    const host = u.hostname.toLowerCase().replace(/^\[|\]$/g, '');
    const secureScheme = u.protocol === 'https:';
    let accepted = 0;
    for (const line of setCookieLines) {
      const c = parseSetCookieLine(line);
      if (!c.name && !c.value) continue;
      // Cookies with the Secure attribute are only accepted from secure origins (RFC 6265bis §5.7 step 15).
      if (c.secure && !secureScheme) continue;
      let domain = (c.domain ?? '').toLowerCase().replace(/^\./, '');
      let hostOnly = false;
      if (domain === '') {
        domain = host;
        hostOnly = true;
      } else if (!domainMatches(host, domain)) {
        continue; // §5.3 step 6: a Domain that does not cover the host is ignored
      }
      const path = c.path && c.path.startsWith('/') ? c.path : defaultPath(u.pathname);
      let expiresAt: number | undefined;
      if (c.maxAge !== undefined) expiresAt = c.maxAge <= 0 ? 0 : this.now() + c.maxAge * 1000;
      else if (c.expires !== undefined) expiresAt = parseAnyDate(c.expires)?.getTime();
      const i = this.cookies.findIndex((x) => x.name === c.name && x.domain === domain && x.path === path);
      const createdAt = i >= 0 ? this.cookies[i].createdAt : this.clock++;
      if (i >= 0) this.cookies.splice(i, 1);
      if (expiresAt !== undefined && expiresAt <= this.now()) continue; // a deletion
      this.cookies.push({ name: c.name, value: c.value, domain, hostOnly, path, secure: c.secure, httpOnly: c.httpOnly, expiresAt, createdAt });
      accepted += 1;
    }
    return accepted;
  }

  /** The cookies that go with a request to `url`, in §5.4 order (longer paths first, then older first). */
  cookiesFor(url: string | URL): StoredCookie[] {
    const u = new URL(url);
    const host = u.hostname.toLowerCase().replace(/^\[|\]$/g, '');
    const now = this.now();
    this.cookies = this.cookies.filter((c) => c.expiresAt === undefined || c.expiresAt > now);
    return this.cookies
      .filter((c) => (c.hostOnly ? c.domain === host : domainMatches(host, c.domain)))
      .filter((c) => pathMatches(u.pathname || '/', c.path))
      .filter((c) => !c.secure || u.protocol === 'https:')
      .sort((a, b) => b.path.length - a.path.length || a.createdAt - b.createdAt);
  }

  /** The Cookie header value for a request to `url`, or undefined when no cookie applies. */
  header(url: string | URL): string | undefined {
    const list = this.cookiesFor(url);
    return list.length ? list.map((c) => `${c.name}=${c.value}`).join('; ') : undefined;
  }

  /** The stored value of a cookie by name (the most specific one for `url` when given). */
  get(name: string, url?: string | URL): string | undefined {
    const list = url === undefined ? this.cookies : this.cookiesFor(url);
    return list.find((c) => c.name === name)?.value;
  }

  all(): readonly StoredCookie[] {
    return this.cookies;
  }
}
