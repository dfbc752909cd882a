import { isSecretHeader, isSecretParam, looksSecret, secretParts, showSecretParts } from './secrets';

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

describe('secret by what it is, part by part', () => {
  test.each([
    ['0123456789abcdef0123456789abcdef|False', expect.stringMatching(/^‹secret: [a-z0-9-]+, 32 chars›\|False$/)],
    ['0123456789abcdef0123456789abcdef|True', expect.stringMatching(/^‹secret: [a-z0-9-]+, 32 chars›\|True$/)],
    ['Lessons', 'Lessons'],
    ['False', 'False'],
    ['en-US', 'en-US'],
    ['2026-11-27', '2026-11-27'],
    ['visitor-flag-enabled', 'visitor-flag-enabled'],
    ['id=0dtbkz3ilvd3yqa2ljfnx1bx&lang=en', expect.stringMatching(/^id=‹secret: [a-z0-9-]+, 24 chars›&lang=en$/)],
    ['1f0e3dad-9990-4f4e-8b22-6f4c7e5a7d31', expect.stringMatching(/^‹secret: [a-z0-9]+, 36 chars›$/)],
    ['CfDJ8Nq3x7Kp2mVw9Lr4Tz', expect.stringMatching(/^‹secret: [a-z0-9-]+, 22 chars›$/)],
    ['1732752000', '1732752000'],
    ['QWxhZGRpbjpvcGVuIHNlc2FtZQ==', '‹secret: base64url, 28 chars›'],
  ])('%s -> %s', (value, shown) => {
    expect(showSecretParts(value)).toEqual(shown);
  });
  test('the parts a redactor must hide', () => {
    expect(secretParts('0123456789abcdef0123456789abcdef|False')).toEqual(['0123456789abcdef0123456789abcdef']);
    expect(secretParts('Lessons')).toEqual([]);
  });
});
