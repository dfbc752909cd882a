import { isIP } from 'node:net';
import { rootCertificates, type ConnectionOptions } from 'node:tls';
import { resolveKey } from './resolve';
import type { TargetMap } from './target-map';

/** Where a socket for `url` goes and how its TLS is checked, under the map's resolve rules and roots. */
export interface ConnectTarget {
  /** Address to connect to (the resolve entry's, or the URL's host). */
  host: string;
  port: number;
  /** SNI and the certificate name check keep the URL's name (undefined for an IP literal). */
  servername?: string;
  /** Node's default roots plus the map's extra roots. */
  ca: string[];
  rejectUnauthorized: boolean;
}

export function defaultPort(protocol: string): number {
  return protocol === 'https:' ? 443 : 80;
}

/**
 * The connection the map prescribes for a URL, for clients other than the undici dispatcher (the
 * HTTP/2 leg of the replay runs on node:http2): same resolve table, same roots, same insecure flag.
 */
export function connectTarget(map: TargetMap, url: URL): ConnectTarget {
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const port = url.port === '' ? defaultPort(url.protocol) : Number(url.port);
  const entry = map.resolve.find((e) => resolveKey(e.host, e.port) === resolveKey(hostname, port));
  return {
    host: entry ? entry.address : hostname,
    port: entry ? entry.connectPort : port,
    ...(isIP(hostname) ? {} : { servername: hostname }),
    ca: [...rootCertificates, ...map.ca],
    rejectUnauthorized: !map.insecure,
  };
}

/** The same, as options for `tls.connect`, offering the given ALPN protocols. */
export function tlsConnectOptions(map: TargetMap, url: URL, alpn: string[]): ConnectionOptions {
  const t = connectTarget(map, url);
  return { host: t.host, port: t.port, servername: t.servername, ca: t.ca, rejectUnauthorized: t.rejectUnauthorized, ALPNProtocols: alpn };
}
