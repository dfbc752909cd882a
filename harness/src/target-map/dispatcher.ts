import { isIP, type Socket } from 'node:net';
import { Agent, buildConnector, Dispatcher } from 'undici';
import { routeThroughProxy } from './proxy-dispatcher';
import { DelegatingDispatcher } from './delegating-dispatcher';
import { resolveKey, defaultPort } from './resolve';
import { extraHeadersFor, type TargetMap } from './target-map';
import { withExtraHeaders } from './headers';
import { rootsContext } from './roots';
import { InternalError, isIdempotent } from '../core';
import { forbiddenLiteral, GUARDED_LOOKUP, guardedLookup, type Lookup } from './address-guard';

export interface DispatcherOptions {
  /** Offer h2 in ALPN (default true); false pins HTTP/1.1 for the h1 leg of the replay. */
  allowH2?: boolean;
  /**
   * Called with each new connection's socket (a TLSSocket for https) and the origin it serves, once
   * connected (after the TLS handshake): the replay reads the negotiated TLS facts from it.
   */
  onSocket?: (socket: Socket, origin: { protocol: string; hostname: string; port: number }) => void;
  /** The name service for a connection's name (tests give one answering what they need); guarded either way (address-guard.ts). */
  lookup?: Lookup;
}

/**
 * An undici Agent that behaves like curl with --resolve/--connect-to: the socket goes to the
 * mapped address and port, while SNI, the certificate name check and Host/:authority keep the
 * URL's name, which is what lets staging be addressed by production names. Plain-http origins
 * (OCSP responders) go through the same connector and the same map, just without TLS. With
 * HTTPS_PROXY / HTTP_PROXY, origins the proxy applies to go through a CONNECT tunnel instead
 * (proxy-dispatcher.ts), to the same resolve address, with the same TLS checks and `onSocket`.
 */
export function createDispatcher(map: TargetMap, options: DispatcherOptions = {}): Dispatcher {
  const allowH2 = options.allowH2 ?? true;
  if (typeof allowH2 !== 'boolean') {
    throw new InternalError(`createDispatcher: allowH2 must be a boolean, got ${typeof allowH2}`);
  }
  if (options.lookup !== undefined && typeof options.lookup !== 'function') {
    throw new InternalError(`createDispatcher: lookup must be a function, got ${typeof options.lookup}`);
  }
  // allowH2 must reach buildConnector too: it decides the ALPN list, and Agent does not pass
  // its own allowH2 into a custom connector's TLS options.
  const base = buildConnector({
    allowH2,
    secureContext: rootsContext(map.ca),
    rejectUnauthorized: !map.insecure,
    // Connect plus TLS handshake (HARNESS_CONNECT_TIMEOUT_MS); the whole exchange is bounded by send().
    timeout: map.limits.connectTimeoutMs,
    // Never a link-local, metadata or unspecified address, whatever a mapped name resolves to (address-guard.ts).
    lookup: options.lookup ? guardedLookup(options.lookup) : GUARDED_LOOKUP,
  });
  const table = new Map(map.resolve.map((e) => [resolveKey(e.host, e.port), e]));

  const connect: buildConnector.connector = (opts, callback) => {
    const port = opts.port === '' || opts.port === undefined ? defaultPort(opts.protocol) : Number(opts.port);
    const entry = table.get(resolveKey(opts.hostname, port));
    const onSocket = options.onSocket;
    const done: typeof callback = onSocket
      ? (err, socket) => {
          if (!err && socket) onSocket(socket as Socket, { protocol: opts.protocol, hostname: opts.hostname, port });
          (callback as (e: Error | null, s: unknown) => void)(err, socket);
        }
      : callback;
    const forbidden = forbiddenLiteral(entry ? entry.address : opts.hostname);
    if (forbidden) return void done(forbidden, null);
    if (!entry) return base(opts, done);
    // Without an explicit servername undici would derive SNI from the URL's host, which is the
    // same name here; set it anyway so the rewrite of hostname can never leak into SNI.
    const servername = opts.servername || (isIP(opts.hostname) ? undefined : opts.hostname);
    return base(Object.assign({}, opts, { hostname: entry.address, port: String(entry.connectPort), servername }), done);
  };

  const { requestTimeoutMs } = map.limits;
  const agentOptions = { allowH2, connect, headersTimeout: requestTimeoutMs, bodyTimeout: requestTimeoutMs };
  const routed = (direct: Dispatcher) => routeThroughProxy(map, direct, { allowH2, ...(options.onSocket ? { onSocket: options.onSocket } : {}) });
  const pooled = routed(new Agent(agentOptions));
  // HTTP/1.1 only: undici's pipelining 0 is a connection per request, which an h2 session does not need.
  const agent = allowH2 ? pooled : new UnsafeOnFreshConnections(pooled, routed(new Agent({ ...agentOptions, pipelining: 0 })));
  return Object.keys(map.headers).length === 0 ? agent : new WithExtraHeaders(agent, map);
}

/**
 * A request of a method that is not idempotent (POST, PATCH...) goes out on a connection of its
 * own. On a kept-alive connection it could meet a server closing that connection as idle just as
 * it is reused, and such a request may not be sent again (RFC 9112 §9.3.1): a "connection closed"
 * there would be a finding about the harness's timing, not the target. Idempotent requests keep
 * the pool, and are sent once more when that happens (`send`).
 */
export class UnsafeOnFreshConnections extends DelegatingDispatcher {
  constructor(
    private readonly pooled: Dispatcher,
    private readonly fresh: Dispatcher,
  ) {
    super();
  }

  dispatch(opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    return (isIdempotent(opts.method) ? this.pooled : this.fresh).dispatch(opts, handler);
  }

  protected delegates(): Dispatcher[] {
    return [this.pooled, this.fresh];
  }
}

/** A request's headers as undici takes them (flat pairs, an object, or an iterable of pairs), as fields in order. */
function fieldsOf(headers: Dispatcher.DispatchOptions['headers']): Array<[string, string]> {
  if (!headers) return [];
  if (Array.isArray(headers)) {
    const flat = headers as string[];
    const out: Array<[string, string]> = [];
    for (let i = 0; i + 1 < flat.length; i += 2) out.push([flat[i], flat[i + 1]]);
    return out;
  }
  const entries: Iterable<[string, string | string[] | undefined]> =
    Symbol.iterator in headers
      ? (headers as Iterable<[string, string | string[] | undefined]>)
      : Object.entries(headers as Record<string, string | string[] | undefined>);
  const out: Array<[string, string]> = [];
  for (const [name, value] of entries) for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) out.push([name, v]);
  return out;
}

/**
 * The role's extra headers join each request as it leaves, so what callers record never holds
 * them. A plain delegate rather than an undici interceptor: interceptors wrap the handler, and the
 * wrapped form no longer hands repeated fields (Set-Cookie) over as raw lines.
 */
class WithExtraHeaders extends DelegatingDispatcher {
  constructor(
    private readonly inner: Dispatcher,
    private readonly map: TargetMap,
  ) {
    super();
  }

  dispatch(opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    const extra = Object.entries(extraHeadersFor(this.map, `${opts.origin ?? ''}`));
    if (extra.length === 0) return this.inner.dispatch(opts, handler);
    const headers = withExtraHeaders(fieldsOf(opts.headers), Object.fromEntries(extra)).flat();
    return this.inner.dispatch(Object.assign({}, opts, { headers }), handler);
  }

  protected delegates(): Dispatcher[] {
    return [this.inner];
  }
}
