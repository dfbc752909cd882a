/*
 * What was OBSERVED: what a target returned for one request. Nothing here is an expectation.
 */
import type { ObservedTls } from '../transport/send';

export interface ObservedCookie {
  name: string;
  value: string;
  path?: string;
  domain?: string;
  expires?: string;
  maxAge?: number;
  httpOnly: boolean;
  secure: boolean;
  sameSite?: string;
  /** The Set-Cookie line as received. */
  line: string;
}

/** The TLS facts of the connection: the transport's own record of the handshake. */
export type { ObservedTls } from '../transport/send';

export interface ObservedExchange {
  /** Which target map the exchange was sent to (differential mode keeps two). */
  target: string;
  /** The request as actually sent (placeholders resolved). */
  request: { method: string; url: string; headers: Array<[string, string]> };
  protocol: 'h1' | 'h2' | 'h3' | 'unknown';
  status: number;
  /** Header lines as received, names lowercased, repeats and order kept. */
  lines: Array<[string, string]>;
  cookies: ObservedCookie[];
  /** Body as received (content-coded; decoded already when a browser read it, over HTTP/3). */
  body: Buffer;
  /** Body with the content coding removed, or undefined when it could not be decoded (see decodeError). */
  decoded?: Buffer;
  decodeError?: string;
  tls?: ObservedTls;
  timings: { startedAt: string; totalMs: number };
}
