/**
 * A raw HTTP/1.1 client for the fuzz test: writes whatever bytes it is given and parses the answer
 * strictly, so that a malformed answer is reported rather than tolerated.
 */
import * as net from 'node:net';
import * as tls from 'node:tls';

export interface ParsedResponse {
  kind: 'response';
  status: number;
  /** Lowercased names; repeated names joined with ', '. */
  headers: Record<string, string>;
  body: Buffer;
  /** The server will not take another request on this connection. */
  closes: boolean;
}
export type Outcome =
  ParsedResponse | { kind: 'malformed'; reason: string; bytes: string } | { kind: 'closed' } | { kind: 'timeout'; bytes: string; previous?: string };

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

type Parse = { done: false } | { done: true; outcome: Outcome; rest: Buffer };

/** Parses one response (1xx interim answers skipped) from `buf`; `ended` when the peer closed. */
export function parseResponse(buf: Buffer, headRequest: boolean, ended: boolean): Parse {
  let offset = 0;
  for (;;) {
    const headEnd = buf.indexOf('\r\n\r\n', offset);
    if (headEnd < 0) {
      if (ended)
        return buf.length === offset
          ? { done: true, outcome: { kind: 'closed' }, rest: Buffer.alloc(0) }
          : malformed('connection closed inside the header section', buf);
      if (buf.length - offset > 256 * 1024) return malformed('header section over 256 KB', buf);
      return { done: false };
    }
    const lines = buf.subarray(offset, headEnd).toString('latin1').split('\r\n');
    const statusLine = /^HTTP\/1\.[01] ([1-5]\d\d) [^\r\n]*$/.exec(lines[0]);
    if (!statusLine) return malformed(`bad status line ${JSON.stringify(lines[0].slice(0, 80))}`, buf);
    const status = Number(statusLine[1]);
    const headers: Record<string, string> = {};
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).toLowerCase();
      if (colon <= 0 || !TOKEN.test(name)) return malformed(`bad header line ${JSON.stringify(line.slice(0, 80))}`, buf);
      const value = line.slice(colon + 1).trim();
      if (/[\0\r\n]/.test(value)) return malformed('control character in a header value', buf);
      headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
    }
    const bodyStart = headEnd + 4;
    if (status < 200) {
      offset = bodyStart;
      continue;
    }
    const closes = /(^|,)\s*close\s*(,|$)/i.test(headers.connection ?? '');
    if (headRequest || status === 204 || status === 304)
      return { done: true, outcome: { kind: 'response', status, headers, body: Buffer.alloc(0), closes }, rest: buf.subarray(bodyStart) };
    if (headers['transfer-encoding'] !== undefined) {
      if (headers['transfer-encoding'].toLowerCase() !== 'chunked') return malformed(`transfer-encoding ${headers['transfer-encoding']}`, buf);
      if (headers['content-length'] !== undefined) return malformed('both content-length and chunked', buf);
      const chunks: Buffer[] = [];
      let at = bodyStart;
      for (;;) {
        const lineEnd = buf.indexOf('\r\n', at);
        if (lineEnd < 0) return ended ? malformed('closed inside a chunk size', buf) : { done: false };
        const size = /^([0-9a-fA-F]+)(;.*)?$/.exec(buf.subarray(at, lineEnd).toString('latin1'));
        if (!size) return malformed('bad chunk size', buf);
        const n = parseInt(size[1], 16);
        if (n === 0) {
          const trailerEnd = buf.indexOf('\r\n', lineEnd + 2);
          if (trailerEnd !== lineEnd + 2) return ended ? malformed('closed inside the last chunk', buf) : { done: false };
          return { done: true, outcome: { kind: 'response', status, headers, body: Buffer.concat(chunks), closes }, rest: buf.subarray(trailerEnd + 2) };
        }
        if (buf.length < lineEnd + 2 + n + 2) return ended ? malformed('closed inside a chunk', buf) : { done: false };
        chunks.push(buf.subarray(lineEnd + 2, lineEnd + 2 + n));
        if (buf.subarray(lineEnd + 2 + n, lineEnd + 4 + n).toString() !== '\r\n') return malformed('chunk not followed by CRLF', buf);
        at = lineEnd + 4 + n;
      }
    }
    if (headers['content-length'] !== undefined) {
      if (!/^\d+$/.test(headers['content-length'])) return malformed(`content-length ${headers['content-length']}`, buf);
      const n = Number(headers['content-length']);
      if (buf.length < bodyStart + n) return ended ? malformed('closed before content-length bytes', buf) : { done: false };
      return {
        done: true,
        outcome: { kind: 'response', status, headers, body: buf.subarray(bodyStart, bodyStart + n), closes },
        rest: buf.subarray(bodyStart + n),
      };
    }
    // Neither: the body runs to the end of the connection.
    if (!ended) return { done: false };
    return { done: true, outcome: { kind: 'response', status, headers, body: buf.subarray(bodyStart), closes: true }, rest: Buffer.alloc(0) };
  }
}

function malformed(reason: string, buf: Buffer): Parse {
  return { done: true, outcome: { kind: 'malformed', reason, bytes: buf.subarray(0, 300).toString('latin1') }, rest: Buffer.alloc(0) };
}

export interface RawTarget {
  port: number;
  /** TLS with this SNI name (HTTP/1.1 by ALPN); plain TCP when absent. */
  servername?: string;
  ca?: string;
}

/** One connection, one request at a time; reconnects when the server closed. */
export class RawConnection {
  private socket: net.Socket | undefined;
  private buffer: Buffer = Buffer.alloc(0);
  private ended = false;
  private waiter: (() => void) | undefined;
  private session: Buffer | undefined;
  private current: net.Socket | undefined;
  /** The request sent before this one on the same connection. */
  private previous: Buffer | undefined;

  constructor(private readonly target: RawTarget) {}

  private connect(): Promise<net.Socket> {
    return new Promise((resolve, reject) => {
      const { port, servername, ca } = this.target;
      const socket = servername
        ? tls.connect({ host: '127.0.0.1', port, servername, ca, ALPNProtocols: ['http/1.1'], session: this.session }, () => resolve(socket))
        : net.connect(port, '127.0.0.1', () => resolve(socket));
      if (servername) (socket as tls.TLSSocket).on('session', (s: Buffer) => void (this.session = s));
      socket.once('error', reject);
      this.buffer = Buffer.alloc(0);
      this.ended = false;
      // Events of an earlier, closed socket must not touch this one's state.
      this.current = socket;
      socket.on('data', (chunk: Buffer) => {
        if (socket !== this.current) return;
        this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
        this.waiter?.();
      });
      socket.on('close', () => {
        if (socket !== this.current) return;
        this.ended = true;
        this.waiter?.();
      });
      socket.on('error', () => undefined);
    });
  }

  /**
   * Sends `bytes` and reads one answer, within `timeoutMs`. A kept-alive connection the server
   * closed before any byte of the answer came (it may close an idle one at any time) is retried
   * once on a new connection, as clients do; on a new connection that counts as `closed`.
   */
  async exchange(bytes: Buffer, headRequest: boolean, timeoutMs: number): Promise<Outcome> {
    const reused = !!this.socket && !this.ended && !this.socket.destroyed;
    const outcome = await this.once(bytes, headRequest, timeoutMs);
    return outcome.kind === 'closed' && reused ? this.once(bytes, headRequest, timeoutMs) : outcome;
  }

  private async once(bytes: Buffer, headRequest: boolean, timeoutMs: number): Promise<Outcome> {
    if (!this.socket || this.ended || this.socket.destroyed) {
      this.socket = await this.connect();
      this.previous = undefined;
    }
    const previous = this.previous;
    this.previous = bytes;
    this.socket.write(bytes);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const parsed = parseResponse(this.buffer, headRequest, this.ended);
      if (parsed.done) {
        this.buffer = parsed.rest;
        const o = parsed.outcome;
        if (o.kind !== 'response' || o.closes || this.buffer.length) this.close();
        return o;
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        const received = this.buffer.subarray(0, 300).toString('latin1');
        this.close();
        return { kind: 'timeout', bytes: received, previous: previous?.subarray(0, 300).toString('latin1') };
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiter = () => {
          clearTimeout(timer);
          this.waiter = undefined;
          resolve();
        };
      });
    }
  }

  close(): void {
    this.socket?.destroy();
    this.socket = undefined;
  }
}
