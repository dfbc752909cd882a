import { forbiddenHost, httpUrl, refusedAddress, refusedAlternative } from './gate';
import { loadTargetMap } from './target-map';

/*
 * The one gate of addresses a target steers: only the map's origins (hosts for an HTTP/3
 * alternative), never a link-local, metadata or unspecified address even where the map names it.
 */
const map = loadTargetMap({
  TARGET_URL: 'https://www.x.test',
  TARGET_ASSETS_URL: 'https://assets.x.test',
  TARGET_OCSP_URL: 'http://ocsp.x.test',
  TARGET_RESOLVE: 'www.x.test:443:127.0.0.1,assets.x.test:443:127.0.0.1,third.party.test:443:127.0.0.9',
});

describe('forbiddenHost', () => {
  test.each([
    ['169.254.169.254', /link-local/],
    ['169.254.0.1', /link-local/],
    ['[fe80::1]', /link-local/],
    ['febf::1', /link-local/],
    ['::ffff:169.254.169.254', /link-local/],
    ['[::ffff:a9fe:a9fe]', /link-local/],
    ['metadata.google.internal', /metadata/],
    ['metadata.google.internal.', /metadata/],
    ['instance-data', /metadata/],
    ['[fd00:ec2::254]', /metadata/],
    ['100.100.100.200', /metadata/],
    ['0.0.0.0', /unspecified/],
    ['[::]', /unspecified/],
    ['0:0:0:0:0:0:0:0', /unspecified/],
  ])('%s is never asked', (host, reason) => {
    expect(forbiddenHost(host)).toMatch(reason);
  });
  test.each(['127.0.0.1', '10.0.0.1', '[::1]', 'www.x.test', '169.255.0.1', 'fec0::1', 'metadata.example.org'])('%s is not forbidden by itself', (host) => {
    expect(forbiddenHost(host)).toBeUndefined();
  });
});

describe('refusedAddress', () => {
  test.each(['https://www.x.test/a', 'https://assets.x.test/b?c=1', '/relative', 'http://ocsp.x.test/'])('%s is a mapped origin', (a) => {
    expect(refusedAddress(map, a, 'https://www.x.test/')).toBeUndefined();
  });
  test.each([
    ['https://other.test/', /not the origin of a mapped role \(https:\/\/other\.test\)/],
    ['http://www.x.test/', /plain http: www\.x\.test is mapped over https only/],
    ['http://169.254.169.254/latest/meta-data/', /link-local/],
    ['http://metadata.google.internal/computeMetadata/v1/', /metadata/],
    ['https://127.0.0.1/', /not the origin of a mapped role/],
    ['ftp://www.x.test/', /scheme ftp/],
    ['https://[', /not a URL/],
  ])('%s is refused: %s', (a, reason) => {
    expect(refusedAddress(map, a)).toMatch(reason);
  });
  test('a metadata address is refused even where the map names it', () => {
    const odd = loadTargetMap({ TARGET_URL: 'https://www.x.test', TARGET_OCSP_URL: 'http://169.254.169.254' });
    expect(refusedAddress(odd, 'http://169.254.169.254/')).toMatch(/link-local/);
  });
});

describe('refusedAlternative', () => {
  test.each(['', 'www.x.test', 'ASSETS.x.test', '127.0.0.1'])('%j: the origin itself, a mapped host or an address the map resolves to', (host) => {
    expect(refusedAlternative(map, host)).toBeUndefined();
  });
  test.each([
    ['127.0.0.2', /not a host of the target map \(127\.0\.0\.2\)/],
    ['127.0.0.9', /not a host of the target map \(127\.0\.0\.9\)/],
    ['third.party.test', /not a host of the target map/],
    ['internal.corp', /not a host of the target map/],
    ['169.254.169.254', /link-local/],
    ['[fe80::1]', /link-local/],
    ['metadata.google.internal', /metadata/],
  ])('%s is refused', (host, reason) => {
    expect(refusedAlternative(map, host)).toMatch(reason);
  });
});

test.each([
  ['https://www.x.test/a?b=1', 'https://www.x.test/a?b=1'],
  ['http://ocsp.x.test', 'http://ocsp.x.test/'],
  ['data:text/plain,x', undefined],
  ['blob:https://www.x.test/0b1c', undefined],
  ['wss://www.x.test/socket', undefined],
  ['not a url', undefined],
])('httpUrl(%s): an http(s) URL, else nothing to judge', (text, href) => {
  expect(httpUrl(text)?.href).toBe(href);
});
