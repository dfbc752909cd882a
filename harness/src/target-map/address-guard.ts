/**
 * The gate's rule at the socket: whatever a mapped name resolves to, and whatever address a resolve
 * entry names, the harness never connects to a link-local, cloud-metadata or unspecified address.
 * The gate (gate.ts) judges the names a target steers the harness to; but a hostile target also
 * answers for its own names' DNS records, and could point a mapped name at the metadata service
 * (an OCSP responder is asked over plain HTTP, and its answer lands in the report). The check runs
 * on every connection, after the name is resolved, so a record changed in the middle of a run
 * (DNS rebinding) is refused as well. Every socket the harness opens itself takes it: undici's
 * connector (dispatcher.ts) and `openTls` (connect.ts). Through a proxy the proxy resolves the
 * name, and Chromium (the browser flows, the HTTP/3 leg) resolves names itself: docs/targets.md.
 */
import * as dns from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { HarnessError } from '../core';
import { forbiddenHost } from './gate';

/** A name resolved to (or a resolve entry named) an address the harness never asks: no connection was made. */
export class ForbiddenAddressError extends HarnessError {
  constructor(
    readonly hostname: string,
    readonly address: string,
    reason: string,
  ) {
    const what = reason.replace(/^is /, '');
    super('HARNESS_ERR_FORBIDDEN_ADDRESS', hostname === address ? `${address} is ${what}` : `${hostname} resolves to ${what}`);
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
