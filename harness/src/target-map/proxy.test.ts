import { inspect } from 'node:util';
import { TargetConfigError } from './errors';
import { bypassesProxy, chromiumBypassRules, parseNoProxy } from './no-proxy';
import { describeProxy, hideProxyPassword, parseProxyUrl, proxyAuthorization, proxyFor, proxyFromEnv } from './proxy';
import { describeTargetMap, loadTargetMap } from './target-map';

function configError(fn: () => unknown): TargetConfigError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(TargetConfigError);
    return e as TargetConfigError;
  }
  throw new Error('no error thrown');
}

describe('proxyFromEnv: which variable', () => {
  it('is undefined without HTTPS_PROXY and HTTP_PROXY, whatever NO_PROXY says', () => {
    expect(proxyFromEnv({})).toBeUndefined();
    expect(proxyFromEnv({ NO_PROXY: 'localhost', no_proxy: '*' })).toBeUndefined();
    expect(proxyFromEnv({ HTTPS_PROXY: '', https_proxy: '  ' })).toBeUndefined();
  });

  it('reads either spelling; the lowercase one wins when both are set (curl)', () => {
    expect(proxyFromEnv({ HTTPS_PROXY: 'http://upper:3128' })?.https?.url.href).toBe('http://upper:3128/');
    expect(proxyFromEnv({ https_proxy: 'http://lower:3128' })?.https?.url.href).toBe('http://lower:3128/');
    const both = proxyFromEnv({ HTTPS_PROXY: 'http://upper:3128', https_proxy: 'http://lower:3128', HTTP_PROXY: 'http://uh:1', http_proxy: 'http://lh:2' });
    expect([both?.https?.url.host, both?.https?.variable, both?.http?.url.host, both?.http?.variable]).toEqual([
      'lower:3128',
      'https_proxy',
      'lh:2',
      'http_proxy',
    ]);
    // An empty lowercase value counts as unset: the uppercase one applies.
    expect(proxyFromEnv({ https_proxy: '', HTTPS_PROXY: 'http://upper:3128' })?.https?.variable).toBe('HTTPS_PROXY');
    const np = proxyFromEnv({ HTTPS_PROXY: 'http://p:1', NO_PROXY: 'upper.test', no_proxy: 'lower.test' });
    expect([np?.noProxyVariable, np?.noProxy.map((r) => r.source)]).toEqual(['no_proxy', ['lower.test']]);
  });

  it('keeps the schemes apart: https:// origins use HTTPS_PROXY only, http:// origins HTTP_PROXY only', () => {
    const onlyHttps = proxyFromEnv({ HTTPS_PROXY: 'http://p:3128' });
    expect(proxyFor(onlyHttps, 'https://www.x.test/')?.url.host).toBe('p:3128');
    expect(proxyFor(onlyHttps, 'http://r10.o.test/')).toBeUndefined();
    const onlyHttp = proxyFromEnv({ HTTP_PROXY: 'http://q:8080' });
    expect(proxyFor(onlyHttp, 'https://www.x.test/')).toBeUndefined();
    expect(proxyFor(onlyHttp, 'http://r10.o.test/')?.url.host).toBe('q:8080');
    expect(proxyFor(undefined, 'https://www.x.test/')).toBeUndefined();
  });
});

describe('parseProxyUrl', () => {
  it("accepts http:// and https:// proxies, a bare host:port as http://, a trailing slash; default ports are the scheme's", () => {
    expect(parseProxyUrl('http://proxy.corp:3128', 'HTTPS_PROXY').url.href).toBe('http://proxy.corp:3128/');
    expect(parseProxyUrl('https://proxy.corp', 'HTTPS_PROXY').url.origin).toBe('https://proxy.corp');
    expect(parseProxyUrl('proxy.corp:3128', 'HTTPS_PROXY').url.href).toBe('http://proxy.corp:3128/');
    expect(parseProxyUrl(' http://PROXY.corp:3128/ ', 'HTTPS_PROXY').url.href).toBe('http://proxy.corp:3128/');
    expect(parseProxyUrl('http://[::1]:3128', 'HTTPS_PROXY').url.host).toBe('[::1]:3128');
  });

  it('keeps credentials out of the URL and out of any dump, and sends them as Basic', () => {
    const e = parseProxyUrl('http://al%40ice:p%3Ass%20w@proxy.corp:3128', 'HTTPS_PROXY');
    expect(e.url.href).toBe('http://proxy.corp:3128/');
    expect(e.credentials).toEqual({ username: 'al@ice', password: 'p:ss w' });
    expect(proxyAuthorization(e)).toBe(`Basic ${Buffer.from('al@ice:p:ss w').toString('base64')}`);
    for (const dump of [JSON.stringify(e), inspect(e, { depth: 5 }), JSON.stringify(proxyFromEnv({ HTTPS_PROXY: 'http://u:pw@p:1' }))]) {
      expect(dump).not.toMatch(/p:ss|pw|al@ice/);
    }
    // A user name alone is sent with an empty password, as curl does.
    expect(proxyAuthorization(parseProxyUrl('http://token@p:1', 'HTTPS_PROXY'))).toBe(`Basic ${Buffer.from('token:').toString('base64')}`);
    expect(proxyAuthorization(parseProxyUrl('http://p:1', 'HTTPS_PROXY'))).toBeUndefined();
  });

  it.each([
    [
      'socks5://proxy.corp:1080',
      'HTTPS_PROXY: "socks5://proxy.corp:1080" has scheme socks5://, not http:// or https:// (the harness asks proxies for HTTP CONNECT tunnels)',
    ],
    [
      'http://proxy.corp:3128/pac',
      'HTTPS_PROXY: "http://proxy.corp:3128/pac" has a path or query ("/pac"): a proxy URL is scheme://[user:password@]host[:port]',
    ],
    [
      'http://proxy.corp:3128/?x=1',
      'HTTPS_PROXY: "http://proxy.corp:3128/?x=1" has a path or query ("/?x=1"): a proxy URL is scheme://[user:password@]host[:port]',
    ],
    [
      'http://proxy.corp:99999',
      'HTTPS_PROXY: "http://proxy.corp:99999" is not a proxy URL (expected http://host:port or https://host:port, credentials as user:password@)',
    ],
    ['http://', 'HTTPS_PROXY: "http://" is not a proxy URL (expected http://host:port or https://host:port, credentials as user:password@)'],
    [
      'http://user:s3cret@proxy.corp:3128/x',
      'HTTPS_PROXY: "http://user:‹secret›@proxy.corp:3128/x" has a path or query: a proxy URL is scheme://[user:password@]host[:port] (percent-encode "/", "?", "#" and "@" in a user name or password)',
    ],
    // The URL parser reads "user:12" as host and port, and the rest of the password as a path: never shown.
    [
      'http://user:12/s3cret@proxy.corp:3128',
      'HTTPS_PROXY: "http://user:‹secret›@proxy.corp:3128" has a path or query: a proxy URL is scheme://[user:password@]host[:port] (percent-encode "/", "?", "#" and "@" in a user name or password)',
    ],
    [
      'http://user:pa/ss@proxy.corp:3128',
      'HTTPS_PROXY: "http://user:‹secret›@proxy.corp:3128" is not a proxy URL (expected http://host:port or https://host:port, credentials as user:password@)',
    ],
    ['http://user:%zz@proxy.corp:3128', 'HTTPS_PROXY: "http://user:‹secret›@proxy.corp:3128" has a user name or password that is not valid percent-encoding'],
  ])('%s is refused with the variable, the value (password hidden) and why', (value, message) => {
    const err = configError(() => proxyFromEnv({ HTTPS_PROXY: value }));
    expect(err.message).toBe(message);
    expect(err.code).toBe('HARNESS_ERR_TARGET_CONFIG');
    expect(err.variable).toBe('HTTPS_PROXY');
    expect(`${err.message} ${err.value} ${err.stack}`).not.toMatch(/s3cret|pa\/ss|%zz/);
  });

  it('names the variable that was read (lowercase) in errors', () => {
    expect(configError(() => proxyFromEnv({ http_proxy: 'ftp://p:21', HTTP_PROXY: 'http://ok:1' })).message).toMatch(
      /^http_proxy: "ftp:\/\/p:21" has scheme ftp:\/\//,
    );
  });

  it('hides a password, or a user name that stands alone, even in text that does not parse', () => {
    expect(hideProxyPassword('http://user:secret@proxy:3128')).toBe('http://user:‹secret›@proxy:3128');
    expect(hideProxyPassword('http://tok3n@proxy:3128')).toBe('http://‹secret›@proxy:3128');
    expect(hideProxyPassword('user:p@ss@proxy:3128')).toBe('user:‹secret›@proxy:3128');
    expect(hideProxyPassword('http://proxy:3128')).toBe('http://proxy:3128');
  });
});

describe('NO_PROXY', () => {
  const rules = parseNoProxy('localhost, .internal.test *.corp.test,example.org:8443 10.1.2.3 [::1]:8080 fd00::/8 192.168.0.0/16 ::2 127.0.0.1:9', 'NO_PROXY');
  it.each([
    ['https://localhost:8443/', true],
    ['https://sub.localhost/', true],
    ['https://localhost.evil.test/', false],
    ['https://internal.test/', true], // a leading dot also covers the domain itself (curl)
    ['https://a.b.internal.test/', true],
    ['https://notinternal.test/', false],
    ['https://corp.test/', true],
    ['https://www.CORP.test./', true],
    ['https://example.org:8443/', true],
    ['https://www.example.org:8443/', true],
    ['https://example.org/', false], // the entry names port 8443
    ['https://10.1.2.3:4443/', true],
    ['https://10.1.2.30/', false],
    ['http://[::1]:8080/', true],
    ['http://[::1]/', false],
    ['https://[fd12::5]/', true],
    ['https://192.168.7.9/', true],
    ['https://192.169.0.1/', false],
    ['https://[0:0::2]/', true],
    ['http://127.0.0.1:9/', true],
    ['http://127.0.0.1:10/', false],
    ['https://www.x.test/', false],
  ])('%s goes direct: %s', (url, direct) => {
    expect(bypassesProxy(rules, new URL(url))).toBe(direct);
    expect(
      proxyFor({ https: parseProxyUrl('http://p:1', 'HTTPS_PROXY'), http: parseProxyUrl('http://p:1', 'HTTP_PROXY'), noProxy: rules }, url) === undefined,
    ).toBe(direct);
  });

  it('* sends every host direct', () => {
    const settings = proxyFromEnv({ HTTPS_PROXY: 'http://p:1', NO_PROXY: '*' });
    expect(proxyFor(settings, 'https://anything.test/')).toBeUndefined();
    expect(describeProxy(settings)).toBe('proxy: https:// via http://p:1 (HTTPS_PROXY), http:// direct, not for any host (NO_PROXY=*)');
  });

  it.each(['http://example.org', 'foo*.test', 'example.org:0', 'example.org:http', '10.0.0.0/33', '[::1', 'a..b', '-bad.test'])(
    'refuses %s, naming the entry',
    (entry) => {
      const err = configError(() => parseNoProxy(`localhost,${entry}`, 'no_proxy'));
      expect(err.message).toBe(
        `no_proxy: ${JSON.stringify(entry)} is not a NO_PROXY entry (a host name, .domain, host:port, IP address, CIDR range such as 10.0.0.0/8, or *)`,
      );
    },
  );

  it('is parsed only when a proxy is set', () => {
    expect(proxyFromEnv({ NO_PROXY: 'http://bad' })).toBeUndefined();
    expect(() => proxyFromEnv({ HTTPS_PROXY: 'http://p:1', NO_PROXY: 'http://bad' })).toThrow(TargetConfigError);
  });

  it("translates to Chromium's bypass rules: a domain and its subdomains, ports and brackets kept, CIDR as is", () => {
    expect(chromiumBypassRules(rules)).toEqual([
      'localhost',
      '*.localhost',
      'internal.test',
      '*.internal.test',
      'corp.test',
      '*.corp.test',
      'example.org:8443',
      '*.example.org:8443',
      '10.1.2.3',
      '[::1]:8080',
      'fd00::/8',
      '192.168.0.0/16',
      '[::2]',
      '127.0.0.1:9',
    ]);
  });
});

describe('the run header', () => {
  const base = {
    TARGET_URL: 'https://www.x.test:8443',
    TARGET_OCSP_URL: 'http://r10.o.test',
    TARGET_RESOLVE: 'www.x.test:8443:10.0.0.5,r10.o.test:80:10.0.0.6',
  };

  it('names the proxy, its variables and NO_PROXY, never credentials; a resolve entry of a proxied host says where CONNECT goes', () => {
    const proxy = 'http://alice:s3cret@proxy.corp:3128';
    const text = describeTargetMap(loadTargetMap({ ...base, HTTPS_PROXY: proxy, HTTP_PROXY: proxy, NO_PROXY: 'localhost,.internal,r10.o.test' }));
    const lines = text.split('\n');
    expect(lines).toContain('proxy: http://proxy.corp:3128 (HTTPS_PROXY, HTTP_PROXY, with credentials), not for: localhost, .internal, r10.o.test (NO_PROXY)');
    expect(lines).toContain('  www.x.test:8443 -> 10.0.0.5:8443  (through the proxy: CONNECT to this address; Chromium asks the proxy for the name)');
    expect(lines).toContain('  r10.o.test:80 -> 10.0.0.6:80');
    expect(text).not.toMatch(/alice|s3cret/);
  });

  it('shows different proxies per scheme, and no line at all without a proxy', () => {
    const two = proxyFromEnv({ https_proxy: 'https://a.corp:443', HTTP_PROXY: 'b.corp:8080' });
    expect(describeProxy(two)).toBe('proxy: https:// via https://a.corp (https_proxy), http:// via http://b.corp:8080 (HTTP_PROXY)');
    expect(describeTargetMap(loadTargetMap(base))).not.toMatch(/proxy/);
  });

  it('an embedded reference is never proxied (it runs on this machine), and its proxy variables are not even read', () => {
    const map = loadTargetMap({ ...base, HARNESS_TARGET_KIND: 'reference', HTTPS_PROXY: 'socks5://unused:1' });
    expect(map.proxy).toBeUndefined();
    expect(loadTargetMap({ ...base, HTTPS_PROXY: 'http://p:1' }).proxy?.https?.url.host).toBe('p:1');
  });
});
