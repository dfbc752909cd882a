import { ConnectTimeoutError } from '../target-map/connect';
import { causeOf, describeCause, TransportCause } from './cause';

const coded = (message: string, code: string, cause?: Error) => Object.assign(new Error(message), { code, ...(cause ? { cause } : {}) });

test("describeCause: undici's error with its code added to the message and kept as lowLevelCode; the inner cause's message added", () => {
  const c = describeCause(coded('other side closed', 'UND_ERR_SOCKET'));
  expect(c).toBeInstanceOf(TransportCause);
  expect(c).toMatchObject({ code: 'HARNESS_ERR_CONNECTION', lowLevelCode: 'UND_ERR_SOCKET', message: 'other side closed (UND_ERR_SOCKET)' });
  const inner = describeCause(coded('fetch failed', 'UND_ERR_CONNECT', new Error('connect ECONNREFUSED 127.0.0.1:9')));
  expect(inner.message).toBe('fetch failed (UND_ERR_CONNECT) : connect ECONNREFUSED 127.0.0.1:9');
  expect(describeCause(coded('connect ECONNREFUSED 127.0.0.1:9', 'ECONNREFUSED')).message).toBe('connect ECONNREFUSED 127.0.0.1:9');
});

test("describeCause: the harness's own error underneath keeps its code in lowLevelCode", () => {
  const c = describeCause(new ConnectTimeoutError(600));
  expect(c.code).toBe('HARNESS_ERR_CONNECTION');
  expect(c.lowLevelCode).toBe('HARNESS_ERR_CONNECT_TIMEOUT');
  expect(c.message).toMatch(/^connect and TLS handshake not done within 600 ms/);
});

test('a cause passes through either as it is; causeOf keeps the message as it came', () => {
  const timeout = new TransportCause('HARNESS_ERR_REQUEST_TIMEOUT', 'no complete response within 5 ms (no response head)');
  expect(describeCause(timeout)).toBe(timeout);
  expect(causeOf(timeout)).toBe(timeout);
  const reset = causeOf(coded('Stream closed with error code NGHTTP2_REFUSED_STREAM', 'ERR_HTTP2_STREAM_ERROR'));
  expect(reset).toMatchObject({
    code: 'HARNESS_ERR_CONNECTION',
    lowLevelCode: 'ERR_HTTP2_STREAM_ERROR',
    message: 'Stream closed with error code NGHTTP2_REFUSED_STREAM',
  });
  expect(causeOf(new Error('boom')).lowLevelCode).toBeUndefined();
});
