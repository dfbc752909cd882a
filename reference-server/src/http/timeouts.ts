import type * as http from 'node:http';
import type * as http2 from 'node:http2';

/**
 * How long a connection may hold the server without making progress. Every value is in
 * milliseconds; the defaults are what `startReference` uses when an option is left out.
 */
export interface ConnectionTimeouts {
  /** TLS handshake to complete after the TCP connection opens. Default 10,000. */
  handshakeMs: number;
  /** HTTP/1.1: the complete header section of a request, from its first byte (or from the connection's opening for the first request). Default 10,000. */
  headersMs: number;
  /** HTTP/1.1: the whole request, body included. Default 30,000; at least `headersMs`. */
  requestMs: number;
  /** HTTP/1.1: an idle kept-alive connection between two requests. Default 5,000. */
  keepAliveMs: number;
  /** A connection with no traffic at all, in either direction: HTTP/2 sessions and HTTP/1.1 sockets are closed. Default 60,000. */
  idleMs: number;
}

export const DEFAULT_TIMEOUTS: Readonly<ConnectionTimeouts> = Object.freeze({
  handshakeMs: 10_000,
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 5_000,
  idleMs: 60_000,
});

/** HTTP/2 limits against abusive peers (rapid reset, stream floods, junk frames). */
export const HTTP2_LIMITS = Object.freeze({
  /** Streams one session may have open at once (SETTINGS_MAX_CONCURRENT_STREAMS sent to the client). */
  maxConcurrentStreams: 128,
  /** Invalid frames tolerated before the session is closed (Node's default is 1000). */
  maxSessionInvalidFrames: 100,
  /** Streams refused (over the limit) before the session is closed (Node's default). */
  maxSessionRejectedStreams: 100,
  /** Streams the server itself may open toward the client: it never pushes. */
  peerMaxConcurrentStreams: 100,
  /**
   * The largest header list accepted (SETTINGS_MAX_HEADER_LIST_SIZE): the bound Node applies
   * anyway (a larger list is refused, REFUSED_STREAM), announced so a client knows it (RFC 9113
   * §6.5.2). Lists over 16 KB that fit are answered 431 by the guards, as over HTTP/1.1.
   */
  maxHeaderListSize: 65535,
});

const MAX_TIMEOUT_MS = 24 * 60 * 60 * 1000;

/** Fills in defaults and checks every value once; a bad value is an error naming the option. */
export function resolveTimeouts(options: Partial<ConnectionTimeouts> = {}): ConnectionTimeouts {
  const resolved: ConnectionTimeouts = { ...DEFAULT_TIMEOUTS };
  for (const [name, value] of Object.entries(options) as Array<[keyof ConnectionTimeouts, unknown]>) {
    if (!(name in DEFAULT_TIMEOUTS)) throw new Error(`timeouts.${name} is not an option (${Object.keys(DEFAULT_TIMEOUTS).join(', ')})`);
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_TIMEOUT_MS) {
      throw new Error(`timeouts.${name} must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}, not ${JSON.stringify(value)}`);
    }
    resolved[name] = value;
  }
  if (resolved.requestMs < resolved.headersMs) {
    throw new Error(`timeouts.requestMs (${resolved.requestMs}) must be at least timeouts.headersMs (${resolved.headersMs})`);
  }
  return resolved;
}

/** Options for `http2.createSecureServer`: the TLS handshake bound and the HTTP/2 limits. */
export function http2ServerOptions(timeouts: ConnectionTimeouts): http2.SecureServerOptions {
  return {
    handshakeTimeout: timeouts.handshakeMs,
    maxSessionInvalidFrames: HTTP2_LIMITS.maxSessionInvalidFrames,
    maxSessionRejectedStreams: HTTP2_LIMITS.maxSessionRejectedStreams,
    peerMaxConcurrentStreams: HTTP2_LIMITS.peerMaxConcurrentStreams,
    settings: { maxConcurrentStreams: HTTP2_LIMITS.maxConcurrentStreams, maxHeaderListSize: HTTP2_LIMITS.maxHeaderListSize },
  };
}

/**
 * Applies the HTTP/1.1 timeouts (the plain server, and the TLS server's HTTP/1.1 fallback, which
 * reads the same properties) and the idle timeout. Call before `listen`: Node starts the check of
 * header and request timeouts when the server starts listening, every `connectionsCheckingInterval`
 * (30 s by default, far too coarse for a 10 s header bound).
 */
export function applyTimeouts(server: http.Server | http2.Http2SecureServer, timeouts: ConnectionTimeouts): void {
  const target = server as unknown as {
    headersTimeout: number;
    requestTimeout: number;
    keepAliveTimeout: number;
    connectionsCheckingInterval: number;
  };
  target.headersTimeout = timeouts.headersMs;
  target.requestTimeout = timeouts.requestMs;
  // http2's server leaves it undefined: its HTTP/1.1 connections would otherwise idle forever.
  target.keepAliveTimeout = timeouts.keepAliveMs;
  target.connectionsCheckingInterval = Math.max(10, Math.min(1000, Math.floor(Math.min(timeouts.headersMs, timeouts.requestMs) / 4)));
  // With no 'timeout' listener, Node destroys the idle socket (HTTP/1.1) or session (HTTP/2).
  server.setTimeout(timeouts.idleMs);
}
