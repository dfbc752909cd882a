import { connect as netConnect, isIP, type Socket } from 'node:net';
import { Duplex } from 'node:stream';
import * as tls from 'node:tls';
import type { ConnectionOptions, SecureContext } from 'node:tls';
import { HarnessError } from '../core';
import { proxyFor } from './proxy';
import { resolveEntryFor, urlPort } from './resolve';
import { rootsContext } from './roots';
import type { TargetMap } from './target-map';
import { openTunnel } from './tunnel';
import { forbiddenLiteral, GUARDED_LOOKUP } from './address-guard';

/** The TCP connection and TLS handshake to a target (through the proxy tunnel, where one applies) took longer than the connect timeout. */
export class ConnectTimeoutError extends HarnessError {
  constructor(readonly timeoutMs: number) {
    super('HARNESS_ERR_CONNECT_TIMEOUT', `connect and TLS handshake not done within ${timeoutMs} ms`);
  }
}

/** Where a socket for `url` goes and how its TLS is checked, under the map's resolve rules and roots. */
export interface ConnectTarget {
  /** Address to connect to (the resolve entry's, or the URL's host). */
  host: string;
  port: number;
  /** SNI and the certificate name check keep the URL's name (undefined for an IP literal). */
  servername?: string;
  /** Trusts Node's default roots plus the map's extra roots (roots.ts). */
  secureContext: SecureContext;
  rejectUnauthorized: boolean;
}

/**
 * The connection the map prescribes for a URL, for clients other than the undici dispatcher (the
 * HTTP/2 leg of the replay runs on node:http2): same resolve table, same roots, same insecure flag.
 */
export function connectTarget(map: TargetMap, url: URL): ConnectTarget {
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const port = urlPort(url);
  const entry = resolveEntryFor(map.resolve, url);
  return {
    host: entry ? entry.address : hostname,
    port: entry ? entry.connectPort : port,
    ...(isIP(hostname) ? {} : { servername: hostname }),
    secureContext: rootsContext(map.ca),
    rejectUnauthorized: !map.insecure,
  };
}

/** The same, as options for `tls.connect`, offering the given ALPN protocols. */
export function tlsConnectOptions(map: TargetMap, url: URL, alpn: string[]): ConnectionOptions {
  const t = connectTarget(map, url);
  return {
    host: t.host,
    port: t.port,
    servername: t.servername,
    secureContext: t.secureContext,
    rejectUnauthorized: t.rejectUnauthorized,
    ALPNProtocols: alpn,
    // Never a link-local, metadata or unspecified address, whatever the name resolves to (address-guard.ts).
    lookup: GUARDED_LOOKUP,
  };
}

/**
 * What an inspection of the handshake (the `certs/<role>` flow) adds to a connection: options over
 * the map's (versions, `rejectUnauthorized: false` to judge `authorized` itself, `requestOCSP`), a
 * tap that sees every byte the server sends (TLS 1.2's Certificate message is in the clear), and
 * the socket before its handshake, for the events it emits during it (`OCSPResponse`).
 */
export interface TlsInspection {
  /** `requestOCSP` is passed on by `tls.connect` to its TLSSocket though its type leaves it out. */
  options?: Partial<ConnectionOptions> & { requestOCSP?: boolean };
  tap?: (chunk: Buffer) => void;
  onSocket?: (socket: tls.TLSSocket) => void;
}

/** A duplex over `socket` that hands every chunk it reads to `tap` as well. */
function tapped(socket: Socket, tap: (chunk: Buffer) => void): Duplex {
  const duplex: Duplex = new Duplex({
    read: () => socket.resume(),
    write: (chunk: Buffer, _enc, done) => socket.write(chunk, done),
    final: (done) => socket.end(done),
    destroy: (err, done) => {
      socket.destroy();
      done(err);
    },
  });
  socket.on('data', (chunk: Buffer) => {
    tap(chunk);
    if (!duplex.push(chunk)) socket.pause();
  });
  socket.on('end', () => duplex.push(null));
  socket.on('error', (err) => duplex.destroy(err));
  return duplex;
}

/**
 * A TLS socket to the target for `url`, handshake done, the way every client of the map connects:
 * directly to the resolve entry's address (or the URL's host), or, when HTTPS_PROXY applies,
 * inside a CONNECT tunnel to that same address and port. SNI, the certificate check and the roots
 * are the same either way. Tunnel and handshake together are bounded by HARNESS_CONNECT_TIMEOUT_MS;
 * a proxy that refuses or cannot be reached rejects with a ProxyError naming it.
 */
export async function openTls(map: TargetMap, url: URL, alpn: string[], inspect: TlsInspection = {}): Promise<tls.TLSSocket> {
  const options = { ...tlsConnectOptions(map, url, alpn), ...inspect.options };
  const proxy = proxyFor(map.proxy, url);
  const forbidden = proxy ? undefined : forbiddenLiteral(options.host!);
  if (forbidden) throw forbidden;
  const ms = map.limits.connectTimeoutMs;
  const started = Date.now();
  const tunnel = proxy ? await openTunnel(proxy, options.host!, options.port!, { ca: map.ca, timeoutMs: ms }) : undefined;
  const plain = tunnel ?? (inspect.tap ? netConnect({ host: options.host!, port: options.port!, lookup: GUARDED_LOOKUP }) : undefined);
  const socket = plain && inspect.tap ? tapped(plain, inspect.tap) : plain;
  const left = ms - (Date.now() - started);
  return new Promise((resolve, reject) => {
    const secure = tls.connect(socket ? { ...options, socket } : options);
    inspect.onSocket?.(secure);
    const timer = setTimeout(() => secure.destroy(new ConnectTimeoutError(ms)), Math.max(left, 1));
    // Left attached: after the handshake it keeps a late error from being unhandled until the caller listens.
    secure.once('error', (err) => {
      clearTimeout(timer);
      plain?.destroy();
      reject(err);
    });
    secure.once('secureConnect', () => {
      clearTimeout(timer);
      resolve(secure);
    });
  });
}
