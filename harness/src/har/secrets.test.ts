import { isSecretHeader, isSecretParam, looksSecret } from './secrets';

describe('secrets', () => {
  it.each(['authorization', 'Cookie', 'x-api-key', 'x-csrf-token', 'x-session-id', 'x-auth-token', 'proxy-authorization'])('header %s is secret', (n) =>
    expect(isSecretHeader(n)).toBe(true),
  );
  it.each(['content-type', 'etag', 'access-control-allow-credentials', 'cache-control', 'x-frame-options', ':authority'])('header %s is not', (n) =>
    expect(isSecretHeader(n)).toBe(false),
  );
  it.each(['token', 'access_token', 'api_key', 'access_key', 'sig', 'hmac', 'session', 'password', 'code', 'state_nonce'])('param %s is secret', (n) =>
    expect(isSecretParam(n)).toBe(true),
  );
  it.each(['lw', 'rev', 'v', 'width', 'guids', 'utm_source'])('param %s is not', (n) => expect(isSecretParam(n)).toBe(false));
  it.each([
    'Bearer abcdef123456',
    'Basic dXNlcjpwYXNz',
    'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig',
    'sessionid=abcdef123',
    'x Ab3dEf6hIj9kLm2nOp5qRs8t y',
  ])('value %s looks secret', (v) => expect(looksSecret(v)).toBe(true));
  it.each([
    '"0123456789abcdef0123456789abcdef:0"',
    'max-age=31536000; includeSubDomains; preload',
    'text/html; charset=utf-8',
    'Tue, 14 Apr 2026 10:00:00 GMT',
    '{asset_url}/-/media/project/Lessons/Icons/Arrow-Right.svg?rev=0123456789abcdef0123456789abcdef',
    'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
  ])('value %s does not', (v) => expect(looksSecret(v)).toBe(false));
});
