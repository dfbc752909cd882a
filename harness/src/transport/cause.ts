import { HarnessError } from '../core';

/** The kinds of reason an exchange got no complete answer, as the `code` of its `TransportCause`. */
export type TransportCauseCode =
  'HARNESS_ERR_REQUEST_TIMEOUT' | 'HARNESS_ERR_STREAM_CLOSED' | 'HARNESS_ERR_NO_H2' | 'HARNESS_ERR_NO_CERTIFICATE' | 'HARNESS_ERR_CONNECTION';

/**
 * Why a request got no complete answer: the `cause` a `TransportError` carries (which adds the
 * URL). Its code tells a timeout from a reset or a refused connection without reading the message;
 * `lowLevelCode` keeps the code of the error underneath, where there is one: a socket's or
 * undici's (`ECONNRESET`, `UND_ERR_SOCKET`), or the harness's own (`HARNESS_ERR_CONNECT_TIMEOUT`,
 * `HARNESS_ERR_PROXY`).
 */
export class TransportCause extends HarnessError {
  constructor(
    code: TransportCauseCode,
    message: string,
    readonly lowLevelCode?: string,
  ) {
    super(code, message);
  }
}

/** An error of Node's HTTP/2 or TLS as the cause, its message as it is and its code kept as a field. */
export function causeOf(err: Error): TransportCause {
  if (err instanceof TransportCause) return err;
  const code = (err as { code?: unknown }).code;
  return new TransportCause('HARNESS_ERR_CONNECTION', err.message || err.name, typeof code === 'string' ? code : undefined);
}

/** A connection or protocol error of undici or Node, its code added where the message lacks it, so a report says what happened. */
export function describeCause(err: Error): TransportCause {
  if (err instanceof TransportCause) return err;
  const code = (err as { code?: unknown }).code;
  const low = typeof code === 'string' ? code : undefined;
  const inner = (err as { cause?: Error }).cause;
  const parts = [err.message || err.name];
  if (low && !parts[0].includes(low)) parts.push(`(${low})`);
  if (inner?.message && !parts[0].includes(inner.message)) parts.push(`: ${inner.message}`);
  return new TransportCause('HARNESS_ERR_CONNECTION', parts.join(' '), low);
}
