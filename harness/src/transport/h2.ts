/**
 * The HTTP/2 leg of the replay on node:http2. undici's HTTP/2 client joins repeated header fields
 * into one line, which would hide a header sent twice; node:http2 hands the response's raw header
 * list (repeats and order kept) to the 'response' event. Connections follow the same target map as
 * the undici dispatcher: resolve entries, extra roots, the insecure flag, SNI of the URL's name, the
 * proxy (a CONNECT tunnel, see openTls) when HTTPS_PROXY applies to the origin, and the map's limits.
 */
import * as http2 from 'node:http2';
import * as tls from 'node:tls';
import { isIdempotent } from '../core';
import { extraHeadersFor, openTls, withExtraHeaders, type TargetMap } from '../target-map';
import { BodySink } from './body-sink';
import { causeOf, TransportCause } from './cause';
import { TransportError, type ObservedResponse, type ObservedTls, type RequestSpec } from './send';

export const H2_NOT_OFFERED = 'target does not offer h2';

/** Whether an origin speaks h2 (ALPN), and the TLS facts of the handshake. */
export type H2Probe = { offered: true; tls: ObservedTls } | { offered: false; reason: string; tls?: ObservedTls };

export interface H2Response extends ObservedResponse {
  tls: ObservedTls;
}

/** A distinguished name as "C=US, O=Org, CN=name" (Node gives an object of attributes). */
function dn(name: unknown): string | undefined {
  if (!name || typeof name !== 'object') return undefined;
  const parts: string[] = [];
  for (const [k, v] of Object.entries(name as Record<string, string | string[]>)) {
    for (const value of Array.isArray(v) ? v : [v]) parts.push(`${k}=${value}`);
  }
  return parts.join(', ');
}

/** TLS facts of a connected socket: version, and the peer certificate's subject, issuer and validity. */
export function tlsFacts(socket: tls.TLSSocket): ObservedTls {
  const cert = socket.getPeerCertificate();
  const facts: ObservedTls = { protocol: socket.getProtocol() ?? 'unknown' };
  if (cert && Object.keys(cert).length) {
    const subject = dn(cert.subject);
    const issuer = dn(cert.issuer);
    if (subject) facts.peerSubject = subject;
    if (issuer) facts.peerIssuer = issuer;
    if (cert.valid_from) facts.validFrom = cert.valid_from;
    if (cert.valid_to) facts.validTo = cert.valid_to;
    const names = (cert.subjectaltname ?? '')
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n.startsWith('DNS:'))
      .map((n) => n.slice(4).toLowerCase());
    if (names.length) facts.peerNames = names;
  }
  return facts;
}

interface Session {
  session: http2.ClientHttp2Session;
  tls: ObservedTls;
}

/** One HTTP/2 session per origin, opened on first use; an origin that negotiates http/1.1 is remembered as such. */
export class H2Client {
  private readonly sessions = new Map<string, Promise<{ session?: Session; probe: H2Probe }>>();

  constructor(private readonly map: TargetMap) {}

  /** Connects (once per origin) and tells whether the origin negotiated h2. */
  async probe(origin: string): Promise<H2Probe> {
    return (await this.open(origin)).probe;
  }

  private open(origin: string): Promise<{ session?: Session; probe: H2Probe }> {
    let pending = this.sessions.get(origin);
    if (!pending) {
      pending = this.connect(new URL(origin));
      this.sessions.set(origin, pending);
      // A failed connection is not cached: the next request tries again and reports its own error.
      pending.catch(() => this.sessions.delete(origin));
    }
    return pending;
  }

  private async connect(url: URL): Promise<{ session?: Session; probe: H2Probe }> {
    if (url.protocol !== 'https:') return { probe: { offered: false, reason: H2_NOT_OFFERED } };
    let socket: tls.TLSSocket;
    try {
      // Through the CONNECT tunnel when HTTPS_PROXY applies to the origin; bounded by the connect timeout either way.
      socket = await openTls(this.map, url, ['h2', 'http/1.1']);
    } catch (err) {
      throw new TransportError(url.origin, causeOf(err as Error));
    }
    const facts = tlsFacts(socket);
    if (socket.alpnProtocol !== 'h2') {
      socket.destroy();
      return { probe: { offered: false, reason: H2_NOT_OFFERED, tls: facts } };
    }
    const session = http2.connect(url.origin, { createConnection: () => socket });
    // A session the server is closing (GOAWAY) takes no new stream: the next request opens another.
    session.on('goaway', () => this.sessions.delete(url.origin));
    session.on('error', () => this.sessions.delete(url.origin));
    session.on('close', () => this.sessions.delete(url.origin));
    return { session: { session, tls: facts }, probe: { offered: true, tls: facts } };
  }

  /**
   * Sends one request over h2; throws TransportError when the origin does not offer h2 or the
   * exchange fails. An idempotent request the server did not process (its stream refused, or left
   * out by the server's GOAWAY, before any response: RFC 9113 §8.7) is sent once more, on a new
   * session where the old one is closing, as browsers do; a second refusal is the error.
   */
  async request(spec: RequestSpec): Promise<H2Response> {
    try {
      return await this.requestOnce(spec);
    } catch (e) {
      if (!(e instanceof TransportError) || !e.closedBeforeResponse || !isIdempotent(spec.method)) throw e;
      return this.requestOnce(spec);
    }
  }

  private async requestOnce(spec: RequestSpec): Promise<H2Response> {
    const url = new URL(spec.url);
    let { session, probe } = await this.open(url.origin);
    if (session && (session.session.closed || session.session.destroyed)) {
      this.sessions.delete(url.origin);
      ({ session, probe } = await this.open(url.origin));
    }
    if (!session) throw new TransportError(spec.url, new TransportCause('HARNESS_ERR_NO_H2', probe.offered ? 'no session' : probe.reason));
    const h2 = session;
    const headers: http2.OutgoingHttpHeaders = {
      ':method': (spec.method ?? 'GET').toUpperCase(),
      ':path': url.pathname + url.search,
      ':scheme': 'https',
      ':authority': url.host,
    };
    // The role's extra headers (TARGET_HEADERS) go on the wire only, never into what is recorded.
    for (const [name, value] of withExtraHeaders(Object.entries(spec.headers ?? {}), extraHeadersFor(this.map, url))) {
      const n = name.toLowerCase();
      if (CONNECTION_SPECIFIC.has(n)) continue; // RFC 9113 §8.2.2
      headers[n] = value;
    }
    const body = spec.body === undefined ? undefined : Buffer.from(spec.body);
    if (body !== undefined && headers['content-length'] === undefined) headers['content-length'] = String(body.length);
    return new Promise((resolve, reject) => {
      let stream: http2.ClientHttp2Stream;
      try {
        stream = h2.session.request(headers, { endStream: body === undefined });
      } catch (err) {
        // The session closed between the check above and this request: nothing was sent.
        this.sessions.delete(url.origin);
        reject(new TransportError(spec.url, causeOf(err as Error), true));
        return;
      }
      let status = 0;
      const lines: Array<[string, string]> = [];
      const sink = new BodySink(this.map.limits.bodyCapBytes);
      const timeoutMs = this.map.limits.requestTimeoutMs;
      let settled = false;
      // Refused (also what a GOAWAY makes of the streams it leaves out), or its session gone, before any response.
      const unprocessed = () => status === 0 && (stream.rstCode === http2.constants.NGHTTP2_REFUSED_STREAM || h2.session.closed || h2.session.destroyed);
      const fail = (err: Error, notProcessed = false) => {
        clearTimeout(timer);
        if (settled) return;
        settled = true;
        reject(new TransportError(spec.url, causeOf(err), notProcessed));
      };
      const timer = setTimeout(() => {
        const got = status ? `status ${status} and ${sink.totalBytes} body bytes` : 'no response head';
        fail(new TransportCause('HARNESS_ERR_REQUEST_TIMEOUT', `no complete response within ${timeoutMs} ms (${got})`));
        stream.close(http2.constants.NGHTTP2_CANCEL);
      }, timeoutMs);
      stream.on('response', (h, _flags, rawHeaders?: string[]) => {
        status = Number(h[':status']);
        const raw = rawHeaders ?? flatten(h);
        for (let i = 0; i + 1 < raw.length; i += 2) {
          if (!raw[i].startsWith(':')) lines.push([raw[i].toLowerCase(), raw[i + 1]]);
        }
      });
      stream.on('data', (c: Buffer) => sink.push(c));
      stream.on('end', () => {
        // Ended with no response head (its session went away): no answer, never a status 0.
        if (status === 0)
          return fail(new TransportCause('HARNESS_ERR_STREAM_CLOSED', `stream closed without a response (code ${stream.rstCode ?? 0})`), unprocessed());
        clearTimeout(timer);
        if (settled) return;
        settled = true;
        const { body, truncated } = sink.finish();
        resolve({ status, lines, body, ...(truncated ? { truncated } : {}), tls: h2.tls });
      });
      stream.on('error', (err) => fail(err, unprocessed()));
      stream.on('close', () => {
        if (status === 0) fail(new TransportCause('HARNESS_ERR_STREAM_CLOSED', `stream closed without a response (code ${stream.rstCode})`), unprocessed());
        else if (stream.rstCode)
          fail(new TransportCause('HARNESS_ERR_STREAM_CLOSED', `stream reset mid-body (code ${stream.rstCode}) after ${sink.totalBytes} bytes`));
      });
      if (body !== undefined) stream.end(body);
    });
  }

  async close(): Promise<void> {
    const all = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(
      all.map(async (p) => {
        const s = await p.catch(() => undefined);
        if (!s?.session) return;
        await new Promise<void>((done) => s.session!.session.close(() => done()));
      }),
    );
  }
}

const CONNECTION_SPECIFIC = new Set(['host', 'connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

/** Older Node versions pass no raw list: rebuild one from the header object (repeats then come as arrays). */
function flatten(h: http2.IncomingHttpHeaders): string[] {
  const out: string[] = [];
  for (const [name, value] of Object.entries(h)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) out.push(name, String(v));
  }
  return out;
}
