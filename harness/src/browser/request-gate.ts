/**
 * Every request Chromium sends passes through here, before it leaves: the one gate of addresses a
 * target steers (`target-map/gate.ts`) applied to the browser, then the extra headers of the
 * request's own origin. Interception is on the browser's own DevTools session, so every context,
 * page, popup and worker is covered, and a redirect hop is a request of its own (Playwright's routes
 * see only a chain's first request, and hand its headers to every hop).
 *
 * What the browser will not ask:
 * - a link-local, metadata or unspecified address, whatever asks for it;
 * - a document off the target map: a navigation or a redirect hop to an origin the map does not
 *   name (the raw redirect flows refuse the same `Location`);
 * - anything off the map on the runner's own networks: a loopback, private or unique-local address,
 *   or a name no public resolver answers (`intranet`, `*.internal`, `*.local`, `*.corp`...);
 * - a name that resolves to a link-local, metadata or unspecified address, mapped or not (a target
 *   answers for its own names' records), or a name off the map that resolves onto the runner's own
 *   networks: looked up once per browser before Chromium's own lookup (`resolvedAddressChecker`),
 *   as the harness's own sockets are guarded at connect time.
 * A third party's public host is asked for a page's resources as a visitor's browser does, with
 * none of the extra headers. A refused request fails with `net::ERR_BLOCKED_BY_CLIENT`; the flow's
 * findings name it and the rule (`browserRefusal`). What Chromium connects to with no request to
 * pause (a WebSocket, QUIC to an Alt-Svc alternative, WebRTC) is held by `confinement.ts`.
 */
import { isIP } from 'node:net';
import type { Browser } from '@playwright/test';
import { carriedExtras, extraHeadersFor, forbiddenHost, httpUrl, mappedV4, refusedAddress, withExtraHeaders, type TargetMap } from '../target-map';
import { resolvedAddressChecker, type Lookup } from '../target-map/address-guard';

/** Chromium's reason for a request the gate failed. */
export const BLOCKED = 'net::ERR_BLOCKED_BY_CLIENT';

/** An address on the runner's own networks: loopback, private (RFC 1918), CGNAT, unique-local, or a name no public resolver answers. */
function runnerNetwork(host: string): boolean {
  const h = host
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  // An IPv4 address inside an IPv6 literal is judged as itself (the URL parser writes `[::ffff:7f00:1]`).
  const v4 = isIP(h) === 4 ? h : isIP(h) === 6 ? mappedV4(h) : undefined;
  if (v4 !== undefined) {
    const [a, b] = v4.split('.').map(Number);
    return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127);
  }
  if (isIP(h) === 6) return h === '::1' || /^f[cd][0-9a-f]{2}:/.test(h);
  return !h.includes('.') || /\.(internal|local|localhost|lan|home\.arpa|corp|intranet|private)$/.test(h);
}

/**
 * Why Chromium must not send this request, or undefined. `document`: a navigation or a redirect
 * hop of a frame (CDP's resource type Document).
 */
export function browserRefusal(map: TargetMap, url: string, document: boolean): string | undefined {
  const u = httpUrl(url);
  if (!u) return undefined;
  const forbidden = forbiddenHost(u.hostname);
  if (forbidden) return forbidden;
  const off = refusedAddress(map, url);
  if (!off) return undefined;
  if (document) return `${off}; the browser is sent nowhere off the map`;
  if (runnerNetwork(u.hostname)) return `${off}, on the runner's own network`;
  return undefined;
}

/** A name off the map whose DNS puts it on the runner's own networks: refused as such a name or address is (`browserRefusal`). */
function ontoRunnerNetwork(map: TargetMap, url: string, addresses: readonly string[]): string | undefined {
  const inside = addresses.find(runnerNetwork);
  const off = inside === undefined ? undefined : refusedAddress(map, url);
  return off ? `${off}, and it resolves to ${inside}, on the runner's own network` : undefined;
}

/** The gate's refusals by what a name resolves to, by map and URL: the flow names them as it names the rules above. */
const resolvedRefusals = new WeakMap<TargetMap, Map<string, string>>();

/** Why the gate refused `url` (a rule above, or what its name resolved to), or undefined. */
export function gateRefusal(map: TargetMap, url: string, document: boolean): string | undefined {
  return browserRefusal(map, url, document) ?? resolvedRefusals.get(map)?.get(url);
}

/**
 * Gates every request `browser` sends and gives each the extra headers of its own origin's role (none to any other).
 * `lookup`: the name service the gate asks (tests give one answering what they need).
 */
export async function interceptRequests(browser: Browser, map: TargetMap, options: { lookup?: Lookup } = {}): Promise<void> {
  const ours = carriedExtras(map.headers);
  const resolved = resolvedAddressChecker(map, options.lookup);
  const refusals = resolvedRefusals.get(map) ?? new Map<string, string>();
  resolvedRefusals.set(map, refusals);
  const cdp = await browser.newBrowserCDPSession();
  // A request the page gave up on (navigated away) can be neither failed nor continued: nothing to do.
  const refuse = (requestId: string) => cdp.send('Fetch.failRequest', { requestId, errorReason: 'BlockedByClient' }).catch(() => undefined);
  cdp.on('Fetch.requestPaused', (e) => {
    if (browserRefusal(map, e.request.url, e.resourceType === 'Document')) return void refuse(e.requestId);
    void resolved(e.request.url).then(({ refused, addresses }) => {
      const why = refused ?? ontoRunnerNetwork(map, e.request.url, addresses);
      if (why) {
        refusals.set(e.request.url, why);
        return refuse(e.requestId);
      }
      const given = Object.entries(e.request.headers);
      // A value of ours that Chromium carried over from another hop is taken off; the origin's own are joined (its Cookie pairs with the page's).
      const sent = withExtraHeaders(given, extraHeadersFor(map, e.request.url), ours);
      const same = JSON.stringify(sent) === JSON.stringify(given);
      const continued = same ? { requestId: e.requestId } : { requestId: e.requestId, headers: sent.map(([name, value]) => ({ name, value })) };
      return cdp.send('Fetch.continueRequest', continued).catch(() => undefined);
    });
  });
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*', requestStage: 'Request' }] });
}
