/**
 * The address gate where Chromium makes no request for it to see. The request gate
 * (`request-gate.ts`) pauses every request on the DevTools protocol, but some connections are
 * opened beneath it: a WebSocket's handshake, QUIC to the host an `Alt-Svc` names (where QUIC is
 * on), a certificate's AIA fetch, WebRTC's STUN and TURN. A hostile page could reach the runner's
 * own services through them. So every Chromium of the harness launches with resolver rules that
 * send the gate's refusals nowhere (the map's own rules, and each host the run reaches as itself,
 * come first: Chromium applies the first rule that fits and never a rule to a rule's result), and
 * with WebRTC kept off UDP (an ICE server's address is never resolved, so no rule stops it).
 * Light on purpose: `launch.ts`, which the Playwright config loads, imports it.
 */
import { bracketed } from '../target-map/browser';
import { alternativeHosts, forbiddenHost } from '../target-map/gate';
import type { TargetMap } from '../target-map/target-map';

/** WebRTC sends no UDP but through a proxy (Chromium's policy switch; with none, it sends none). */
export const WEBRTC_NO_UDP = '--force-webrtc-ip-handling-policy=disable_non_proxied_udp';

/**
 * The hosts the request gate refuses as a resource off the map (`runnerNetwork` and
 * `forbiddenHost`: loopback, private, CGNAT and unique-local ranges, link-local, metadata, local
 * names), as patterns of Chromium's resolver rules (`*` and `?` only, matched against the host and
 * against host:port). A pattern cannot say "no dot" or "digits", so a single-label name is not
 * among them, and a public name of four labels or more that begins like one of these addresses
 * (`10.a.example.com`) is.
 */
export const RUNNER_NETWORK_PATTERNS: readonly string[] = [
  // IPv4 in its dotted-quad shape, so that a public name such as 0.gravatar.com is not taken for an address.
  '127.*.*.*',
  '10.*.*.*',
  '192.168.*.*',
  ...Array.from({ length: 16 }, (_, i) => `172.${16 + i}.*.*`),
  // 100.64.0.0/10 (CGNAT): 100.64-69, 100.70-119 by tens, 100.120-127.
  ...[64, 65, 66, 67, 68, 69, '7?', '8?', '9?', '10?', '11?', 120, 121, 122, 123, 124, 125, 126, 127].map((b) => `100.${b}.*.*`),
  '169.254.*.*',
  '0.*.*.*',
  '::',
  '::1',
  '::ffff:*',
  'fc??:*',
  'fd??:*',
  ...['8', '9', 'a', 'b'].flatMap((n) => [`fe${n}:*`, `fe${n}?:*`]),
  'localhost',
  ...['localhost', 'internal', 'local', 'lan', 'home.arpa', 'corp', 'intranet', 'private'].map((suffix) => `*.${suffix}`),
  'metadata',
  'metadata.goog',
  'instance-data',
];

const NOWHERE = ' ~NOTFOUND';

/**
 * The rules that follow the map's own: each host the run reaches as itself (a mapped role's host,
 * the address the map resolves it to, a proxy of the map's), never a forbidden one, then the
 * gate's refusals as names that resolve nowhere.
 */
export function confinementRules(map: TargetMap): string[] {
  const proxies = [map.proxy?.https, map.proxy?.http].flatMap((e) => (e ? [e.url.hostname.replace(/^\[|\]$/g, '').toLowerCase()] : []));
  const reached = [...new Set([...alternativeHosts(map), ...proxies])].filter((h) => forbiddenHost(h) === undefined);
  return [...reached.map((h) => `MAP ${h} ${bracketed(h)}`), ...RUNNER_NETWORK_PATTERNS.map((p) => `MAP ${p}${NOWHERE}`)];
}

/** A rules value without `confinementRules`' part: what a reproduction command needs to reach the target. */
export function withoutConfinement(rules: string): string {
  return rules
    .split(', ')
    .filter((r) => {
      const [, from, to] = r.split(' ');
      return !r.endsWith(NOWHERE) && bracketed(from) !== to;
    })
    .join(', ');
}
