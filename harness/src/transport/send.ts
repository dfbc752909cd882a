import type { Dispatcher } from 'undici';
import { HarnessError, isIdempotent } from '../core';
import type { TransportLimits } from '../target-map/limits';
import { BodySink, type TruncatedBody } from './body-sink';
import { describeCause, TransportCause } from './cause';

/** What the client asks for: the request alone, as a spec or a recording gives it, free of the run's settings. */
export interface RequestSpec {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

/**
 * The bounds of one exchange, given by whoever sends it (a target map's `limits`): the whole
 * exchange aborts past `requestTimeoutMs`, and only the first `bodyCapBytes` of the body are kept.
 */
export type RequestLimits = Pick<TransportLimits, 'requestTimeoutMs' | 'bodyCapBytes'>;

/** What the target returned, header lines exactly as they came (repeats kept, order kept). */
export interface ObservedResponse {
  status: number;
  lines: Array<[string, string]>;
  /** Body as received, still content-encoded (only its first cap bytes when `truncated`). */
  body: Buffer;
  /** Set when the body was larger than the cap: its real length and SHA-256. */
  truncated?: TruncatedBody;
}

/** What the TLS handshake showed: the negotiated protocol and the peer's certificate (`tlsFacts`). */
export interface ObservedTls {
  protocol: string;
  peerSubject?: string;
  peerIssuer?: string;
  validFrom?: string;
  validTo?: string;
  /** The DNS names of the certificate's subjectAltName, lowercased (whom it was issued for). */
  peerNames?: string[];
}

/** A request that got no complete answer (refused, reset, timed out, a proxy that failed): names the URL and the cause. */
export class TransportError extends HarnessError {
  constructor(
    readonly url: string,
    readonly cause: TransportCause,
    /** The connection closed under the request before any byte of an answer came back. */
    readonly closedBeforeResponse = false,
  ) {
    super('HARNESS_ERR_TRANSPORT', `${url}: ${cause.message}`);
  }
}

/** The connection was closed under the request: a kept-alive connection the server closed as it was reused. */
const CLOSED_UNDER_REQUEST = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

/**
 * Sends one request through a dispatcher and keeps the raw header lines: undici's convenience APIs
 * join repeated lines over HTTP/2, which would hide a header sent twice.
 *
 * An idempotent request whose connection closed before any response byte is sent once more, as
 * browsers do (RFC 9112 §9.3.1, RFC 9110 §9.2.2): a server that closes an idle kept-alive
 * connection just as it is reused is no deviation. A target that closes it again is reported.
 */
export async function send(dispatcher: Dispatcher, spec: RequestSpec, limits: RequestLimits): Promise<ObservedResponse> {
  try {
    return await sendOnce(dispatcher, spec, limits);
  } catch (e) {
    if (!(e instanceof TransportError) || !e.closedBeforeResponse || !isIdempotent(spec.method)) throw e;
    return sendOnce(dispatcher, spec, limits);
  }
}

function sendOnce(dispatcher: Dispatcher, spec: RequestSpec, limits: RequestLimits): Promise<ObservedResponse> {
  const url = new URL(spec.url);
  const timeoutMs = limits.requestTimeoutMs;
  const sink = new BodySink(limits.bodyCapBytes);
  return new Promise((resolve, reject) => {
    let status = 0;
    const lines: Array<[string, string]> = [];
    let settled = false;
    let abort: ((err: Error) => void) | undefined;
    let timedOut: TransportCause | undefined;
    const settle = (fn: () => void) => {
      clearTimeout(timer);
      if (settled) return;
      settled = true;
      fn();
    };
    // dispatch() takes no signal: the timer aborts through the handler's abort function, and the
    // promise settles at once even when undici has not handed that function over yet.
    const timer = setTimeout(() => {
      const got = status ? `status ${status} and ${sink.totalBytes} body bytes` : 'no response head';
      timedOut = new TransportCause('HARNESS_ERR_REQUEST_TIMEOUT', `no complete response within ${timeoutMs} ms (${got})`);
      settle(() => reject(new TransportError(spec.url, timedOut!)));
      abort?.(timedOut);
    }, timeoutMs);
    const handler: Dispatcher.DispatchHandler = {
      onConnect(abortFn) {
        abort = abortFn as (err: Error) => void;
        if (timedOut) abort(timedOut);
      },
      onHeaders(statusCode, rawHeaders) {
        status = statusCode;
        for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
          lines.push([rawHeaders[i].toString('latin1').toLowerCase(), rawHeaders[i + 1].toString('latin1')]);
        }
        return true;
      },
      onData(chunk) {
        sink.push(Buffer.from(chunk));
        return true;
      },
      onComplete() {
        settle(() => {
          const { body, truncated } = sink.finish();
          resolve({ status, lines, body, ...(truncated ? { truncated } : {}) });
        });
      },
      onError(err) {
        const cause = describeCause(err);
        const closed = status === 0 && CLOSED_UNDER_REQUEST.has(cause.lowLevelCode ?? '');
        settle(() => reject(new TransportError(spec.url, cause, closed)));
      },
    };
    dispatcher.dispatch(
      {
        origin: url.origin,
        path: url.pathname + url.search,
        method: (spec.method ?? 'GET') as Dispatcher.HttpMethod,
        headers: spec.headers ?? {},
        body: spec.body,
      } as Dispatcher.DispatchOptions,
      handler,
    );
  });
}
