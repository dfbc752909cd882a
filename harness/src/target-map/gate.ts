/**
 * The one gate of every address a target can steer: a redirect's Location, a discovered link, the
 * OCSP responder a certificate names (AIA), the HTTP/3 alternative an Alt-Svc names. A target may be
 * hostile, and the runner often sits inside a network the target cannot reach itself: the harness
 * asks only the origins of the target map, and never a link-local, cloud-metadata or unspecified
 * address whatever the map says. A refusal is a reason (`is ...`) the caller puts in a finding that
 * names the address; nothing is sent.
 */
import { isIP } from 'node:net';
import { ROLES, type Role } from './roles';
import type { TargetMap } from './target-map';

/** Names of cloud metadata services (GCP, AWS's legacy name); their addresses are link-local or listed below. */
const METADATA_NAMES = new Set(['metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal']);
/** Metadata addresses outside the link-local ranges: AWS over IPv6, Alibaba Cloud. */
const METADATA_ADDRESSES = new Set(['fd00:ec2::254', '100.100.100.200']);

/** An IPv4 address an IPv6 literal carries (`::ffff:a.b.c.d`, or its hex form as the URL parser writes it). */
export function mappedV4(h: string): string | undefined {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(h);
  if (dotted) return dotted[1];
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(h);
  if (!hex) return undefined;
  const [a, b] = [parseInt(hex[1], 16), parseInt(hex[2], 16)];
  return `${a >> 8}.${a & 255}.${b >> 8}.${b & 255}`;
}

/** Why no request may go to `host` whatever the map says (link-local, metadata, unspecified), or undefined. */
export function forbiddenHost(host: string): string | undefined {
  const h = host
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (METADATA_NAMES.has(h) || METADATA_ADDRESSES.has(h)) return `is a cloud metadata address (${h}), never asked`;
  const v4 = isIP(h) === 4 ? h : isIP(h) === 6 ? mappedV4(h) : undefined;
  if (v4 !== undefined) {
    if (METADATA_ADDRESSES.has(v4)) return `is a cloud metadata address (${h}), never asked`;
    if (v4.startsWith('169.254.')) return `is a link-local address (${h}), never asked`;
    if (v4.startsWith('0.')) return `is an unspecified address (${h}), never asked`;
    return undefined;
  }
  if (isIP(h) === 6) {
    if (/^fe[89ab][0-9a-f]?:/.test(h)) return `is a link-local address (${h}), never asked`;
    if (/^(0*:)*:?0*$/.test(h) || h === '::') return `is an unspecified address (${h}), never asked`;
  }
  return undefined;
}

/** `text` as an http(s) URL, or undefined (not a URL, or another scheme: data:, blob:, ws:...): what the gate judges. */
export function httpUrl(text: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
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
  const forbidden = forbiddenHost(url.hostname);
  if (forbidden) return forbidden;
  if (roleOfOrigin(map, url)) return undefined;
  const overTls = ROLES.some((r) => (map.roles[r] ?? []).some((u) => u.protocol === 'https:' && u.hostname === url.hostname));
  if (url.protocol === 'http:' && overTls) return `is plain http: ${url.hostname} is mapped over https only`;
  return `is not the origin of a mapped role (${url.origin}): only the target map's origins are asked`;
}

/** The hosts an Alt-Svc alternative may name, lowercased, once per map (every answer's Alt-Svc is checked against them). */
const alternativesOfMap = new WeakMap<TargetMap, ReadonlySet<string>>();

/**
 * The hosts QUIC may go to: a mapped role's host, or an address the map resolves a mapped name to
 * (TARGET_RESOLVE may name hosts of no role, a third party on loopback: only a mapped role's address counts).
 */
export function alternativeHosts(map: TargetMap): ReadonlySet<string> {
  let hosts = alternativesOfMap.get(map);
  if (hosts) return hosts;
  const names = new Set(ROLES.flatMap((r) => (map.roles[r] ?? []).map((u) => u.hostname.replace(/^\[|\]$/g, '').toLowerCase())));
  const addresses = map.resolve.filter((e) => names.has(e.host.toLowerCase())).flatMap((e) => e.addresses.map((a) => a.toLowerCase()));
  alternativesOfMap.set(map, (hosts = new Set([...names, ...addresses])));
  return hosts;
}

/**
 * Why the harness will not send QUIC to the host an Alt-Svc alternative names (RFC 7838 §2.1 lets
 * it name another host), or undefined: none (the origin's own host), the host of a mapped role, or
 * an address the map resolves a mapped name to. Its port is the target's to choose.
 */
export function refusedAlternative(map: TargetMap, host: string): string | undefined {
  if (host === '') return undefined;
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  const forbidden = forbiddenHost(h);
  if (forbidden) return forbidden;
  if (alternativeHosts(map).has(h)) return undefined;
  return `is not a host of the target map (${h}): QUIC goes only to a mapped role's host`;
}
