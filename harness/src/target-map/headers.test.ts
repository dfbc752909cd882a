import { TargetConfigError } from './errors';
import { describeExtraHeaders, headersForRole, parseHeadersVariable } from './headers';
import { extraHeadersFor, loadTargetMap } from './target-map';

const SECRET = 'Bearer eyJhbGciOiJIUzI1NiJ9.c2VjcmV0.c2lnbmF0dXJl';

test('role headers over the headers for every role; names lowercased', () => {
  const h = parseHeadersVariable(JSON.stringify({ '*': { Authorization: SECRET, 'X-Env': 'staging' }, shop: { 'X-Env': 'shop-staging' } }));
  expect(headersForRole(h, 'shop')).toEqual({ authorization: SECRET, 'x-env': 'shop-staging' });
  expect(headersForRole(h, 'site')).toEqual({ authorization: SECRET, 'x-env': 'staging' });
  expect(describeExtraHeaders(h)).toBe('*: authorization, x-env; shop: x-env (values hidden)');
});

test("only requests to a mapped role's origin get them: a third-party origin gets none", () => {
  const map = loadTargetMap({
    TARGET_URL: 'https://www.staging.test',
    TARGET_SHOP_URL: 'https://shop.staging.test:8443',
    TARGET_HEADERS: JSON.stringify({ '*': { authorization: SECRET }, shop: { 'x-shop': '1' } }),
  });
  expect(extraHeadersFor(map, 'https://www.staging.test/a.css')).toEqual({ authorization: SECRET });
  expect(extraHeadersFor(map, 'https://shop.staging.test:8443/products/x')).toEqual({ authorization: SECRET, 'x-shop': '1' });
  expect(extraHeadersFor(map, 'https://shop.staging.test/products/x')).toEqual({});
  expect(extraHeadersFor(map, 'https://tags.third-party.example/t.js')).toEqual({});
});

test('headers for every role never go to a plain-http origin; a role named for its own headers gets them there too', () => {
  const map = loadTargetMap({
    TARGET_URL: 'https://www.staging.test',
    TARGET_OCSP_URL: 'http://r10.o.pki.test,http://r11.o.pki.test:8080',
    TARGET_HEADERS: JSON.stringify({ '*': { authorization: SECRET }, ocsp: { 'x-ocsp-bypass': 'b' } }),
  });
  expect(extraHeadersFor(map, 'http://r10.o.pki.test/MFMw')).toEqual({ 'x-ocsp-bypass': 'b' });
  expect(extraHeadersFor(map, 'http://r11.o.pki.test:8080/')).toEqual({ 'x-ocsp-bypass': 'b' });
  expect(extraHeadersFor(map, 'https://www.staging.test/')).toEqual({ authorization: SECRET });
  // The plain-http twin of a mapped https origin is another origin.
  expect(extraHeadersFor(map, 'http://www.staging.test/')).toEqual({});
});

test.each<[string, string, RegExp]>([
  ['not JSON', `{"*": {"authorization": "${SECRET}"`, /^TARGET_HEADERS: "‹\d+ chars›" is not valid JSON/],
  ['not an object', '["x"]', /is not an object of role \(or "\*"\) -> \{header: value\}/],
  ['an unknown role', '{"cdn": {"a": "b"}}', /^TARGET_HEADERS \(\/cdn\): "cdn" is not a role or "\*" \(known: \*, site/],
  // A name that is no token may be a whole header line: shown by its length, in the pointer too.
  ['a bad header name', '{"*": {"bad name": "x"}}', /\(\/\*\/‹8 chars›\): "‹8 chars›" is not a header name$/],
  ['a transport field', '{"*": {"Host": "x"}}', /"Host" belongs to the transport and cannot be set$/],
  ['a value that is not a string', '{"*": {"x-a": 1}}', /"x-a" has a value that is not a string$/],
  ['a value with a line break', '{"*": {"x-a": "a\\r\\nInjected: 1"}}', /"x-a" has a value \(‹14 chars›\) with a line break or NUL$/],
])('refuses %s, naming the variable and never echoing a value', (_name, text, message) => {
  let error: unknown;
  try {
    parseHeadersVariable(text);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(TargetConfigError);
  expect((error as Error).message).toMatch(message);
  expect((error as Error).message).not.toContain('eyJhbGci');
  expect((error as Error).message).not.toContain('Injected');
});
