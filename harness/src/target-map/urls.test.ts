import { configErrorOf } from '../testing/config-error-of';
import { parseBaseUrl, parseRoleUrls } from './urls';

const SRC = { variable: 'TARGET_URL' };

const errorOf = configErrorOf;

describe('parseBaseUrl', () => {
  it.each([
    ['https://www.x.test', 'https://www.x.test/'],
    ['https://www.x.test:8443/', 'https://www.x.test:8443/'],
    ['http://r10.o.pki.test:8080', 'http://r10.o.pki.test:8080/'],
    ['HTTPS://WWW.X.TEST', 'https://www.x.test/'],
    ['https://[::1]:8443', 'https://[::1]:8443/'],
  ])('accepts %s', (value, href) => {
    expect(parseBaseUrl(value, SRC).href).toBe(href);
  });

  it.each([
    ['www.x.test', 'is not an absolute URL with a scheme (expected https://host[:port])'],
    ['www.x.test:8443', 'is not an absolute URL with a scheme'],
    ['//www.x.test', 'is not an absolute URL with a scheme'],
    ['https://', 'is not a valid URL'],
    ['https://www.x.test:99999', 'is not a valid URL'],
    ['ftp://www.x.test', 'has scheme ftp; only http and https are supported'],
    ['https://www.x.test/app', 'must not have a path (found /app)'],
    ['https://www.x.test/app/', 'must not have a path'],
    ['https://www.x.test/?a=1', 'must not have a query or fragment'],
    ['https://www.x.test?', 'must not have a query or fragment'],
    ['https://www.x.test#top', 'must not have a query or fragment'],
    ['https://@www.x.test', 'must not carry credentials'],
  ])('rejects %s', (value, reason) => {
    const err = errorOf(() => parseBaseUrl(value, SRC));
    expect(err.variable).toBe('TARGET_URL');
    expect(err.value).toBe(value);
    expect(err.message).toContain(`TARGET_URL: ${JSON.stringify(value)} ${reason}`);
  });

  it.each([
    ['https://user:pw@www.x.test', 'https://user:‹secret›@www.x.test'],
    ['https://t0ken@www.x.test', 'https://‹secret›@www.x.test'],
  ])('rejects %s, its credentials hidden', (value, shown) => {
    const err = errorOf(() => parseBaseUrl(value, SRC));
    expect(err.value).toBe(shown);
    expect(err.message).toBe(`TARGET_URL: ${JSON.stringify(shown)} must not carry credentials (expected https://host[:port])`);
  });

  it('gives exactly the documented message for a missing scheme', () => {
    expect(() => parseBaseUrl('www.x.test', SRC)).toThrow('TARGET_URL: "www.x.test" is not an absolute URL with a scheme (expected https://host[:port])');
  });
});

describe('parseRoleUrls', () => {
  it('keeps several URLs for the roles that take a list, in order', () => {
    const urls = parseRoleUrls('ocsp', ['http://r10.o.test', ' http://r11.o.test '], { variable: 'TARGET_OCSP_URL' });
    expect(urls.map((u) => u.origin)).toEqual(['http://r10.o.test', 'http://r11.o.test']);
  });

  it('refuses a list for a single-origin role, naming the variable', () => {
    const err = errorOf(() => parseRoleUrls('shop', ['https://a.test', 'https://b.test'], { variable: 'TARGET_SHOP_URL' }));
    expect(err.message).toMatch(/^TARGET_SHOP_URL: "https:\/\/a.test,https:\/\/b.test" gives several URLs, but the shop role takes one/);
  });

  it('refuses an empty item in a list', () => {
    const err = errorOf(() => parseRoleUrls('ocsp', ['http://r10.o.test', ''], { variable: 'TARGET_OCSP_URL' }));
    expect(err.message).toContain('is an empty URL');
  });

  it('points at the array item when the list came from a JSON array', () => {
    const err = errorOf(() => parseRoleUrls('redirector', ['https://go.test', 'hop2.test'], { variable: 'TARGETS_FILE', pointer: '/roles/redirector' }, true));
    expect(err.pointer).toBe('/roles/redirector/1');
    expect(err.message).toMatch(/^TARGETS_FILE \(\/roles\/redirector\/1\): "hop2.test" is not an absolute URL/);
  });
});
