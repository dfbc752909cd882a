/**
 * The gate's rule at the socket: whatever a mapped name resolves to, and whatever address a resolve
 * entry names, the harness never connects to a link-local, cloud-metadata or unspecified address.
 * The gate (gate.ts) judges the names a target steers the harness to; but a hostile target also
 * answers for its own names' DNS records, and could point a mapped name at the metadata service
 * (an OCSP responder is asked over plain HTTP, and its answer lands in the report). The check runs
 * on every connection, after the name is resolved, so a record changed in the middle of a run
 * (DNS rebinding) is refused as well. Every socket the harness opens itself takes it: undici's
 * connector (dispatcher.ts) and `openTls` (connect.ts). Through a proxy the proxy resolves the
 * name. Chromium resolves names itself: its request gate asks `resolvedAddressChecker` first.
 */
import * as dns from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { HarnessError } from '../core';
import { forbiddenHost, httpUrl } from './gate';
import { proxyFor } from './proxy';
import { resolveEntryFor } from './resolve';
import type { TargetMap } from './target-map';

/** A name resolved to (or a resolve entry named) an address the harness never asks: no connection was made. */
export class ForbiddenAddressError extends HarnessError {
  /** What the address is, as the gate words it: `a link-local address (169.254.169.254), never asked`. */
  readonly what: string;
  constructor(
    readonly hostname: string,
    readonly address: string,
    reason: string,
  ) {
    const what = reason.replace(/^is /, '');
    super('HARNESS_ERR_FORBIDDEN_ADDRESS', hostname === address ? `${address} is ${what}` : `${hostname} resolves to ${what}`);
    this.what = what;
  }
}

/** Why no connection may go to the IP literal `host`, as an error; undefined for a name (its lookup is guarded) or an allowed address. */
export function forbiddenLiteral(host: string): ForbiddenAddressError | undefined {
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare) === 0) return undefined;
  const reason = forbiddenHost(bare);
  return reason ? new ForbiddenAddressError(bare, bare, reason) : undefined;
}

type Answer = string | dns.LookupAddress[];
type Callback = (err: NodeJS.ErrnoException | null, address: Answer, family?: number) => void;
/** dns.lookup's shape as net and tls call a `lookup` option. */
export type Lookup = (hostname: string, options: dns.LookupOptions, callback: Callback) => void;

const systemLookup: Lookup = (hostname, options, callback) => dns.lookup(hostname, options, callback as never);

/**
 * A `lookup` for net.connect and tls.connect: the system's (or `lookup`, for tests), refusing the
 * whole answer when any address in it is forbidden (an answer of several addresses is tried in
 * turn, and one of them is enough to be steered).
 */
export function guardedLookup(lookup: Lookup = systemLookup): LookupFunction {
  const guarded: Lookup = (hostname, options, callback) =>
    lookup(hostname, options, (err, answer, family) => {
      if (err) return callback(err, answer, family);
      const addresses = typeof answer === 'string' ? [answer] : answer.map((a) => a.address);
      for (const address of addresses) {
        const reason = forbiddenHost(address);
        if (reason) return callback(new ForbiddenAddressError(hostname, address, reason), answer, family);
      }
      callback(null, answer, family);
    });
  return guarded as unknown as LookupFunction;
}

/** The guarded system lookup, shared by every connection (it holds no state). */
export const GUARDED_LOOKUP: LookupFunction = guardedLookup();

/** What a request's name resolves to, for a client that resolves names itself. */
export interface ResolvedName {
  /** Why no request may go there (a forbidden address, no answer in time), worded to follow the URL, or absent. */
  refused?: string;
  /** The addresses the system answered for the name; empty where it was not asked (an IP literal, a resolve entry, a proxy). */
  addresses: readonly string[];
}

/**
 * For a client that resolves names itself (Chromium): what the host of a request to `url` resolves
 * to, and why it must not leave. A resolve entry's address is judged as it is written; a proxied
 * origin is the proxy's to resolve; an IP literal is the gate's (`forbiddenHost`); a name is looked
 * up once per checker through the guarded lookup. A name the system does not know is let through
 * (the client fails it the same way, with its own error), but one that is not answered within the
 * connect budget is refused: a hostile name server could otherwise stall this lookup and answer
 * the client's own with the metadata address.
 */
export function resolvedAddressChecker(map: TargetMap, lookup: Lookup = systemLookup): (url: string) => Promise<ResolvedName> {
  const guarded = guardedLookup(lookup) as unknown as Lookup;
  const byHost = new Map<string, Promise<ResolvedName>>();
  const ms = map.limits.connectTimeoutMs;
  const none: ResolvedName = { addresses: [] };
  const ask = (host: string) =>
    new Promise<ResolvedName>((resolve) => {
      const timer = setTimeout(() => resolve({ refused: `was not resolved within ${ms} ms (HARNESS_CONNECT_TIMEOUT_MS), never asked`, addresses: [] }), ms);
      timer.unref();
      try {
        guarded(host, { all: true }, (err, answer) => {
          clearTimeout(timer);
          if (err) resolve(err instanceof ForbiddenAddressError ? { refused: `resolves to ${err.what}`, addresses: [] } : none);
          else resolve({ addresses: typeof answer === 'string' ? [answer] : answer.map((a) => a.address) });
        });
      } catch (e) {
        // A name service that throws instead of answering: refused, and said (the caller's request is never left hanging).
        clearTimeout(timer);
        resolve({ refused: `could not be resolved (${(e as Error).message}), never asked`, addresses: [] });
      }
    });
  return async (url) => {
    // Only what goes to a host by name: not a data: or blob: URL, and not an IP literal (the gate's own).
    const u = httpUrl(url);
    if (!u) return none;
    const host = u.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    if (host === '' || isIP(host) !== 0) return none;
    const entry = resolveEntryFor(map.resolve, u);
    if (entry) {
      const forbidden = forbiddenLiteral(entry.address);
      return forbidden ? { refused: `resolves (by its resolve entry) to ${forbidden.what}`, addresses: [] } : none;
    }
    if (proxyFor(map.proxy, u)) return none;
    let answer = byHost.get(host);
    if (!answer) byHost.set(host, (answer = ask(host)));
    return answer;
  };
}
