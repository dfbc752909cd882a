/* Test support: the expectations on the header set of security-headers.ts, for route tests. */
import { headerLines, type TestResponse } from './test-server';

export function expectSecurityHeaders(res: TestResponse, options: { frameOptionsLines?: number; port?: string } = {}): void {
  const h = res.headers;
  const port = options.port ?? '';
  expect(h['strict-transport-security']).toBe('max-age=31536000; includeSubDomains; preload');
  expect(headerLines(res, 'x-frame-options')).toEqual(Array(options.frameOptionsLines ?? 1).fill('SAMEORIGIN'));
  expect(h['x-xss-protection']).toBe('1; mode=block');
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['referrer-policy']).toBe('no-referrer-when-downgrade');
  expect(h['content-security-policy']).toBe(
    "default-src 'self' https: data: blob: 'unsafe-inline' 'unsafe-eval'; " +
      `script-src 'self' 'unsafe-inline' 'unsafe-eval' https://tags.beacon.test${port} https://analytics.beacon.test${port}`,
  );
  expect(h['feature-policy']).toBe("microphone 'none'; midi 'none'; camera 'none'; magnetometer 'none'; gyroscope 'none'; payment 'none'");
  expect(h['permissions-policy']).toBe('microphone=(), midi=(), camera=(), magnetometer=(), gyroscope=(), payment=()');
  expect(h['request-context']).toMatch(/^appId=cid-v1:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
}
