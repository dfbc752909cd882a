import type { IncomingHttpHeaders } from 'node:http';
import { canonicalName, type Role } from '../roles';

interface HasHeaders {
  headers: IncomingHttpHeaders;
}

/** The Host (HTTP/1.1) or :authority (HTTP/2) of a request, as sent. */
export function authorityOf(req: HasHeaders): string {
  const value = req.headers[':authority'] ?? req.headers.host ?? '';
  return Array.isArray(value) ? value[0] : value;
}

/** Host name of the request, lowercase, without port or trailing dot. */
export function hostnameOf(req: HasHeaders): string {
  const authority = authorityOf(req).toLowerCase();
  const host = authority.startsWith('[') ? authority.slice(0, authority.indexOf(']') + 1) : authority.split(':')[0];
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

/** `:port` as the client wrote it in Host, or '' for the scheme's default port. */
export function portSuffixOf(req: HasHeaders): string {
  const authority = authorityOf(req);
  const match = /:(\d+)$/.exec(authority.startsWith('[') ? authority.slice(authority.indexOf(']') + 1) : authority);
  return match && match[1] !== '443' ? `:${match[1]}` : '';
}

/**
 * Absolute origin of another role as seen by this client: same scheme and port as the request,
 * so links work both on the reference's own port and behind a port-mapping resolver.
 */
export function originOf(role: Role, req: HasHeaders): string {
  return `https://${canonicalName(role)}${portSuffixOf(req)}`;
}
