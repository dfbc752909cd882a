/**
 * The HTTP/1.1 (undici) side of HTTPS_PROXY / HTTP_PROXY: each request's origin is looked up in the
 * proxy settings; an origin the proxy applies to goes through undici's own ProxyAgent, the others
 * through the direct agent with the resolve map. ProxyAgent opens an HTTP CONNECT tunnel and runs
 * TLS to the target inside it, with the map's roots, its insecure flag and SNI of the URL's name.
 *
 * Plain-http origins (OCSP responders) are tunnelled too (curl's --proxytunnel), not sent in
 * absolute form: inside a tunnel the proxy can neither answer for the target (its 403 or 502 would
 * be judged as the target's) nor cache or rewrite the exchange the harness is judging, and resolve
 * entries keep working (absolute form cannot carry an address and a name: the proxy must replace
 * Host by the URI's authority, RFC 9112 §3.2.2).
 *
 * Two hooks keep the map's properties through ProxyAgent:
 * - `clientFactory` (the client to the proxy): picks the CONNECT target, the resolve entry's address
 *   and port when the origin has one (curl's --connect-to through a proxy), bounds the wait for the
 *   proxy's answer by the connect timeout, and turns a refusal or an unreachable proxy into a
 *   ProxyError naming the proxy and the status.
 * - `factory` (the pools to the targets): hands each tunnelled TLS socket to `onSocket`.
 */
import type { Socket } from 'node:net';
import { Dispatcher, Pool, ProxyAgent, type buildConnector } from 'undici';
import { proxyAuthorization, proxyFor, type ProxyEndpoint, type ProxySettings } from './proxy';
import { resolveKey } from './resolve';
import { rootsContext } from './roots';
import type { TargetMap } from './target-map';
import { authority, ProxyError } from './tunnel';
import { DelegatingDispatcher } from './delegating-dispatcher';

export interface ProxyRouteOptions {
  allowH2: boolean;
  onSocket?: (socket: Socket, origin: { protocol: string; hostname: string; port: number }) => void;
}

/** `host:port` from a CONNECT request target (`[::1]:443` kept apart at the last colon). */
function splitAuthority(text: string): { host: string; port: number } {
  const colon = text.lastIndexOf(':');
  return {
    host: text
      .slice(0, colon)
      .replace(/^\[|\]$/g, '')
      .toLowerCase(),
    port: Number(text.slice(colon + 1)),
  };
}

/**
 * The client ProxyAgent asks for tunnels. Only the promise form of connect() is used by ProxyAgent;
 * the callback form is kept for the Dispatcher contract.
 */
type ConnectOptions = Parameters<Pool['connect']>[0];

class TunnelClient extends Pool {
  constructor(
    url: string | URL,
    options: Pool.Options,
    private readonly endpoint: ProxyEndpoint,
    private readonly targetOf: (requested: string) => string,
    private readonly timeoutMs: number,
  ) {
    super(url, options);
  }

  override connect(options: ConnectOptions): Promise<Dispatcher.ConnectData>;
  override connect(options: ConnectOptions, callback: (err: Error | null, data: Dispatcher.ConnectData) => void): void;
  override connect(options: ConnectOptions, callback?: (err: Error | null, data: Dispatcher.ConnectData) => void): Promise<Dispatcher.ConnectData> | void {
    const target = this.targetOf(options.path);
    const asked = super.connect({ ...options, path: target, headers: { ...(options.headers as Record<string, string>), host: target } }).then(
      (data) => {
        if (data.statusCode === 200) return data;
        data.socket.on('error', () => {}).destroy();
        throw ProxyError.refused(this.endpoint, target, data.statusCode);
      },
      (err: Error) => {
        if ((err as { code?: string }).code === 'UND_ERR_HEADERS_TIMEOUT') throw ProxyError.silent(this.endpoint, target, this.timeoutMs);
        throw ProxyError.failed(this.endpoint, target, err);
      },
    );
    if (!callback) return asked;
    asked.then(
      (data) => callback(null, data),
      (err: Error) => callback(err, undefined as unknown as Dispatcher.ConnectData),
    );
  }
}

function proxyAgent(map: TargetMap, endpoint: ProxyEndpoint, options: ProxyRouteOptions): ProxyAgent {
  const { connectTimeoutMs, requestTimeoutMs } = map.limits;
  const secureContext = rootsContext(map.ca);
  const table = new Map(map.resolve.map((e) => [resolveKey(e.host, e.port), e]));
  const targetOf = (requested: string) => {
    const { host, port } = splitAuthority(requested);
    const entry = table.get(resolveKey(host, port));
    return entry ? authority(entry.address, entry.connectPort) : requested;
  };
  const token = proxyAuthorization(endpoint);
  const onSocket = options.onSocket;
  return new ProxyAgent({
    uri: endpoint.url.href,
    ...(token ? { token } : {}),
    allowH2: options.allowH2,
    headersTimeout: requestTimeoutMs,
    bodyTimeout: requestTimeoutMs,
    // TLS to the target inside the tunnel: same roots, same verification, ALPN as the direct agent.
    // No servername here: ProxyAgent then derives SNI from the URL's host, never from the CONNECT target.
    requestTls: { secureContext, rejectUnauthorized: !map.insecure, allowH2: options.allowH2, timeout: connectTimeoutMs },
    // An https:// proxy's own certificate: Node's roots plus the map's (a corporate root can go in TARGET_CA).
    proxyTls: { secureContext, timeout: connectTimeoutMs },
    clientFactory: (url: URL, opts: object) =>
      new TunnelClient(url, { ...(opts as Pool.Options), headersTimeout: connectTimeoutMs }, endpoint, targetOf, connectTimeoutMs),
    factory: (origin: string | URL, opts: object) => {
      const o = opts as Pool.Options & { connect: buildConnector.connector };
      if (!onSocket) return new Pool(origin, o);
      const connect: buildConnector.connector = (c, callback) =>
        o.connect(c, (err, socket) => {
          if (!err && socket)
            onSocket(socket as Socket, { protocol: c.protocol, hostname: c.hostname, port: Number(c.port) || (c.protocol === 'https:' ? 443 : 80) });
          (callback as (e: Error | null, s: unknown) => void)(err, socket);
        });
      return new Pool(origin, { ...o, connect });
    },
  });
}

/** undici's ProxyAgent flattens a header array into an object (repeats lost): give it repeats as value arrays. */
function headersObject(headers: Dispatcher.DispatchOptions['headers']): Record<string, string | string[]> | undefined {
  if (headers == null) return undefined;
  const pairs: Array<[string, string]> = [];
  if (Array.isArray(headers)) for (let i = 0; i + 1 < headers.length; i += 2) pairs.push([String(headers[i]), String(headers[i + 1])]);
  else if (typeof (headers as Iterable<unknown>)[Symbol.iterator] === 'function')
    for (const [n, v] of headers as Iterable<[string, string]>) pairs.push([n, v]);
  else {
    // A copy: ProxyAgent adds `host` to the object it is given, and the caller may record its own.
    for (const [n, v] of Object.entries(headers as Record<string, string | string[] | undefined>))
      if (v !== undefined) for (const one of [v].flat()) pairs.push([n, one]);
  }
  const out: Record<string, string | string[]> = {};
  for (const [n, v] of pairs) {
    const had = out[n];
    out[n] = had === undefined ? v : [...[had].flat(), v];
  }
  return out;
}

/** Per request: the proxy's ProxyAgent, or the direct dispatcher (NO_PROXY, no proxy for the scheme). */
class ProxyRouter extends DelegatingDispatcher {
  private readonly agents = new Map<ProxyEndpoint, ProxyAgent>();

  constructor(
    private readonly map: TargetMap,
    private readonly settings: ProxySettings,
    private readonly direct: Dispatcher,
    private readonly options: ProxyRouteOptions,
  ) {
    super();
  }

  dispatch(opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    const endpoint = opts.origin === undefined ? undefined : proxyFor(this.settings, String(opts.origin));
    if (!endpoint) return this.direct.dispatch(opts, handler);
    let agent = this.agents.get(endpoint);
    if (!agent) {
      agent = proxyAgent(this.map, endpoint, this.options);
      this.agents.set(endpoint, agent);
    }
    try {
      return agent.dispatch({ ...opts, headers: headersObject(opts.headers) }, handler);
    } catch (err) {
      // ProxyAgent throws (instead of calling onError) for a request carrying Proxy-Authorization.
      handler.onError?.(err as Error);
      return false;
    }
  }

  protected delegates(): Dispatcher[] {
    return [this.direct, ...this.agents.values()];
  }
}

/** `direct` when the map has no proxy; otherwise a dispatcher sending each origin the way the proxy settings say. */
export function routeThroughProxy(map: TargetMap, direct: Dispatcher, options: ProxyRouteOptions): Dispatcher {
  return map.proxy ? new ProxyRouter(map, map.proxy, direct, options) : direct;
}
