/**
 * What the harness will fetch when a target names the address: a redirect's Location is followed
 * only to the origin of a mapped role. A target may be hostile, and the runner often sits inside a
 * network the target cannot reach itself: another host, plain http (a mapped name over http is
 * another origin, in clear) or a link-local address (where cloud metadata services answer) is named
 * in a finding and never asked.
 */
import { isIP } from 'node:net';
import { ROLES, type Role } from './roles';
import type { TargetMap } from './target-map';

/** 169.254.0.0/16 and fe80::/10. */
function linkLocal(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(h) === 4) return h.startsWith('169.254.');
  if (isIP(h) === 6) return /^fe[89ab][0-9a-f]?:/.test(h) || /^::ffff:169\.254\./.test(h);
  return false;
}

/** The role whose origin `url` is, or undefined. */
export function roleOfOrigin(map: TargetMap, url: URL): Role | undefined {
  return ROLES.find((r) => (map.roles[r] ?? []).some((u) => u.origin === url.origin));
}

/** Why the harness will not fetch `address` (resolved against `base`) that a target named, or undefined when it is a mapped role's origin. */
export function refusedAddress(map: TargetMap, address: string, base?: string): string | undefined {
  let url: URL;
  try {
    url = new URL(address, base);
  } catch {
    return 'is not a URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `has scheme ${url.protocol.slice(0, -1)}, not https`;
  if (linkLocal(url.hostname)) return `is a link-local address (${url.hostname}), never fetched`;
  if (roleOfOrigin(map, url)) return undefined;
  const overTls = ROLES.some((r) => (map.roles[r] ?? []).some((u) => u.protocol === 'https:' && u.hostname === url.hostname));
  if (url.protocol === 'http:' && overTls) return `is plain http: ${url.hostname} is mapped over https only`;
  return `is not the origin of a mapped role (${url.origin}): only the target map's origins are fetched`;
}
