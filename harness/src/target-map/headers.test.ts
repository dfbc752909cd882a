import { TargetConfigError } from './errors';
import { carriedExtras, describeExtraHeaders, headersForRole, parseHeadersVariable, withExtraHeaders, withoutExtraHeaders } from './headers';
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

describe('joining the extra headers to a request', () => {
  const extra = { authorization: SECRET, cookie: 'gate=g4te; region=eu' };

  test("a Cookie of TARGET_HEADERS joins the request's own in one field, after them; every other extra field replaces the request's of that name", () => {
    const sent = withExtraHeaders(
      [
        ['accept', 'text/html'],
        ['Authorization', 'Basic old'],
        ['cookie', 'session=s1; visitor=v2'],
      ],
      extra,
    );
    expect(sent).toEqual([
      ['accept', 'text/html'],
      ['cookie', 'session=s1; visitor=v2; gate=g4te; region=eu'],
      ['authorization', SECRET],
    ]);
  });

  test('its pairs win over a pair of the same name; a request without cookies gets them alone; without an extra Cookie the request keeps its own as written', () => {
    expect(withExtraHeaders([['cookie', 'gate=mine; a=1']], extra)).toEqual([
      ['cookie', 'a=1; gate=g4te; region=eu'],
      ['authorization', SECRET],
    ]);
    expect(withExtraHeaders([['accept', '*/*']], extra)).toEqual([
      ['accept', '*/*'],
      ['cookie', 'gate=g4te; region=eu'],
      ['authorization', SECRET],
    ]);
    // Nothing to join or take off: the request's Cookie fields leave as they were written.
    const written: Array<[string, string]> = [
      ['cookie', 'a=1;b'],
      ['cookie', 'b=2'],
    ];
    expect(withExtraHeaders(written, { authorization: SECRET })).toEqual([...written, ['authorization', SECRET]]);
  });

  test('what came over from another hop is taken off, a whole field or the pairs of an extra Cookie, also where this origin gets none', () => {
    const ours = carriedExtras({ '*': extra });
    const carried: Array<[string, string]> = [
      ['authorization', SECRET],
      ['cookie', 'third=t; gate=g4te; region=eu'],
    ];
    expect(withExtraHeaders(carried, {}, ours)).toEqual([['cookie', 'third=t']]);
    expect(withExtraHeaders([['cookie', 'gate=g4te; region=eu']], {}, ours)).toEqual([]);
    expect(withExtraHeaders(carried, extra, ours)).toEqual([
      ['cookie', 'third=t; gate=g4te; region=eu'],
      ['authorization', SECRET],
    ]);
  });

  test('taken off again before a request is recorded: every extra field, and of Cookie only its pairs', () => {
    const sent: Array<[string, string]> = [
      ['accept', '*/*'],
      ['cookie', 'session=s1; gate=g4te; region=eu'],
      ['authorization', SECRET],
    ];
    expect(withoutExtraHeaders(sent, extra)).toEqual([
      ['accept', '*/*'],
      ['cookie', 'session=s1'],
    ]);
    expect(withoutExtraHeaders([['cookie', 'gate=g4te']], extra)).toEqual([]);
    expect(withoutExtraHeaders([['cookie', 'session=s1']], { authorization: SECRET })).toEqual([['cookie', 'session=s1']]);
  });
});
