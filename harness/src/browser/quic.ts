/**
 * Chromium with QUIC forced to the HTTP/3 endpoints the target advertised (Alt-Svc), for the HTTP/3
 * legs. `--origin-to-force-quic-on` makes Chromium speak HTTP/3 to an origin at once, never racing
 * TCP: a QUIC handshake that fails is an error, not a quiet fall-back to HTTP/2. A host-resolver
 * rule sends the origin's name and port to the advertised UDP endpoint (any port, and the alternative's
 * own host when it names one), while SNI and certificate checks keep the origin's name, as RFC 7838
 * §2.1 asks of a client. These rules come before the map's own and its confinement (`confinement.ts`:
 * with QUIC on, Chromium also acts on any other Alt-Svc it reads): Chromium applies the first that fits.
 */
import type { LaunchOptions } from '@playwright/test';
import type { TargetMap } from '../target-map';
import { bracketed, type H3Command, type QuicEndpoint } from '../target-map/browser';
import { withoutConfinement } from './confinement';
import type { TargetBrowserLaunch } from './launch';

const RULES = '--host-resolver-rules=';

/**
 * The address of an advertised alternative: the map's resolve entry for its host (that port's,
 * else any port's: the UDP port is never in a curl-style entry), else the host itself.
 */
export function quicAddress(map: TargetMap, host: string, originPort: number): string {
  const h = host.toLowerCase();
  const entries = map.resolve.filter((e) => e.host === h);
  return (entries.find((e) => e.port === originPort) ?? entries[0])?.address ?? h;
}

export function quicArgs(endpoints: readonly QuicEndpoint[]): string[] {
  if (endpoints.length === 0) return [];
  return ['--enable-quic', `--origin-to-force-quic-on=${endpoints.map((e) => `${e.originHost}:${e.originPort}`).join(',')}`];
}

/** The map's launch with QUIC lifted where the endpoints are, and their resolver rules first. */
export function quicLaunch(launch: TargetBrowserLaunch, endpoints: readonly QuicEndpoint[]): TargetBrowserLaunch {
  const rules = endpoints.map((e) => `MAP ${e.originHost}:${e.originPort} ${bracketed(e.address)}:${e.port}`);
  const args: string[] = [];
  let merged = false;
  for (const a of launch.options.args ?? []) {
    if (a === '--disable-quic' || /^--(proxy-server|proxy-bypass-list|no-proxy-server)\b/.test(a)) continue;
    if (a.startsWith(RULES)) {
      args.push(`${RULES}${[...rules, a.slice(RULES.length)].join(', ')}`);
      merged = true;
    } else args.push(a);
  }
  if (!merged && rules.length) args.push(`${RULES}${rules.join(', ')}`);
  // QUIC never goes through an HTTP proxy (the leg is skipped where one applies), and Chromium would
  // otherwise take HTTPS_PROXY from the environment for its own requests.
  args.push(...quicArgs(endpoints), '--no-proxy-server');
  const options: LaunchOptions = { ...launch.options, args };
  delete options.proxy;
  return { ...launch, options };
}

const quote = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

/**
 * The command line that reproduces one HTTP/3 request (Debian's curl has no HTTP/3): the same
 * Chromium switches and trust store, loading the URL and writing the DOM and a net log, whose QUIC
 * session events show the handshake and the answer's header fields.
 */
export function quicCommand(launch: TargetBrowserLaunch, url: string): H3Command {
  const home = launch.options.env?.HOME;
  const exe = launch.options.executablePath ?? 'chromium';
  const args = (launch.options.args ?? [])
    .filter(
      (a) => !/^--(disable-gpu|no-first-run|disable-background-networking|disable-component-update|disable-sync|force-webrtc-ip-handling-policy=.*)$/.test(a),
    )
    // The confinement keeps a hostile page off the runner's networks; reproducing a request needs only the map's rules.
    .map((a) => (a.startsWith(RULES) ? `${RULES}${withoutConfinement(a.slice(RULES.length))}` : a));
  const env = home && home !== process.env.HOME ? `HOME=${quote(home)} ` : '';
  return {
    launch: env + [exe, '--headless', ...args].map(quote).join(' '),
    request: ['--log-net-log=h3-netlog.json', '--dump-dom', url].map(quote).join(' '),
  };
}
