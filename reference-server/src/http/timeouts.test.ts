import * as http from 'node:http';
import { applyTimeouts, DEFAULT_TIMEOUTS, http2ServerOptions, resolveTimeouts } from './timeouts';

describe('connection timeouts', () => {
  test('defaults fill what is left out', () => {
    expect(resolveTimeouts()).toEqual(DEFAULT_TIMEOUTS);
    expect(resolveTimeouts({ headersMs: 2000 })).toEqual({ ...DEFAULT_TIMEOUTS, headersMs: 2000 });
    expect(resolveTimeouts({ idleMs: undefined })).toEqual(DEFAULT_TIMEOUTS);
  });

  test.each([
    [{ headersMs: 0 }, /headersMs must be a whole number/],
    [{ keepAliveMs: -5 }, /keepAliveMs must be/],
    [{ idleMs: 1.5 }, /idleMs must be/],
    [{ handshakeMs: Number.NaN }, /handshakeMs must be/],
    [{ requestMs: '3000' as unknown as number }, /requestMs must be/],
    [{ headersMs: 5000, requestMs: 4000 }, /requestMs \(4000\) must be at least timeouts.headersMs \(5000\)/],
    [{ headerMs: 5 } as never, /headerMs is not an option/],
  ])('%j is refused', (options, message) => {
    expect(() => resolveTimeouts(options)).toThrow(message);
  });

  test('applied to a server before it listens', () => {
    const server = http.createServer();
    applyTimeouts(server, resolveTimeouts({ headersMs: 2000, requestMs: 8000, keepAliveMs: 700, idleMs: 9000 }));
    expect(server.headersTimeout).toBe(2000);
    expect(server.requestTimeout).toBe(8000);
    expect(server.keepAliveTimeout).toBe(700);
    expect(server.timeout).toBe(9000);
    expect((server as unknown as { connectionsCheckingInterval: number }).connectionsCheckingInterval).toBe(500);
    expect(http2ServerOptions(DEFAULT_TIMEOUTS)).toMatchObject({ handshakeTimeout: 10_000, settings: { maxConcurrentStreams: 128, maxHeaderListSize: 65535 } });
  });
});
