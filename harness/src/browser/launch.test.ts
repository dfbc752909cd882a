import { loadTargetMap } from '../target-map';
import { confinementRules, WEBRTC_NO_UDP } from './confinement';
import { BrowserMissingError, targetBrowserLaunch } from './launch';

const map = (extra: Record<string, string> = {}) =>
  loadTargetMap({
    TARGET_URL: 'https://www.lessons.test:8443',
    TARGET_SHOP_URL: 'https://shop.store.test:8443',
    TARGET_RESOLVE: 'www.lessons.test:8443:127.0.0.1,shop.store.test:8443:127.0.0.1:9443',
    ...extra,
  });

const RULES = 'MAP www.lessons.test:8443 127.0.0.1:8443, MAP shop.store.test:8443 127.0.0.1:9443';

it('maps every resolve entry with --host-resolver-rules, then the confinement, and verifies certificates unless TARGET_INSECURE=1', () => {
  const launch = targetBrowserLaunch(map(), '/tmp/unused', { CHROMIUM_PATH: process.execPath });
  expect(launch.options.executablePath).toBe(process.execPath);
  expect(launch.options.args).toContain(`--host-resolver-rules=${RULES}, ${confinementRules(map()).join(', ')}`);
  expect(launch.options.args).toContain(WEBRTC_NO_UDP);
  expect(launch.ignoreHTTPSErrors).toBe(false);
  expect(launch.options.env?.HOME).toBeUndefined(); // no TARGET_CA: the user's HOME, no trust store built
  expect(targetBrowserLaunch(map({ TARGET_INSECURE: '1' }), '/tmp/unused', { CHROMIUM_PATH: process.execPath }).ignoreHTTPSErrors).toBe(true);
});

it('a missing browser is one message saying how to get one', () => {
  let error: unknown;
  try {
    targetBrowserLaunch(map(), '/tmp/unused', { CHROMIUM_PATH: '/no/such/chromium' });
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(BrowserMissingError);
  expect((error as Error).message).toBe(
    'CHROMIUM_PATH="/no/such/chromium" is not an executable file. The browser flows need Chromium: set CHROMIUM_PATH=/path/to/chromium, or install the system\'s (Debian: apt-get install -y chromium libnss3-tools; npm run setup does this), or Playwright\'s own (npx playwright install chromium).',
  );
});

describe('the proxy (HTTPS_PROXY / HTTP_PROXY / NO_PROXY)', () => {
  const launch = (extra: Record<string, string>) => targetBrowserLaunch(map(extra), '/tmp/unused', { CHROMIUM_PATH: process.execPath }).options;
  const proxyArgs = (args: readonly string[] | undefined) => (args ?? []).filter((a) => /^--(no-)?proxy/.test(a));

  it('without one, Chromium is told to use none (it would otherwise read the variables or the desktop settings itself)', () => {
    expect(proxyArgs(launch({}).args)).toEqual(['--no-proxy-server']);
    expect(proxyArgs(launch({ HTTPS_PROXY: 'http://p:3128', NO_PROXY: '*' }).args)).toEqual(['--no-proxy-server']);
    // An embedded reference is never proxied.
    expect(proxyArgs(launch({ HTTPS_PROXY: 'http://p:3128', HARNESS_TARGET_KIND: 'reference' }).args)).toEqual(['--no-proxy-server']);
  });

  it('gets --proxy-server and NO_PROXY as --proxy-bypass-list (plus <-loopback>), resolve rules kept for the hosts that go direct', () => {
    const options = launch({
      HTTPS_PROXY: 'http://proxy.corp:3128',
      HTTP_PROXY: 'http://proxy.corp:3128/',
      NO_PROXY: 'shop.store.test, .internal,10.0.0.0/8,[::1]:8080',
    });
    expect(proxyArgs(options.args)).toEqual([
      '--proxy-server=http://proxy.corp:3128',
      '--proxy-bypass-list=shop.store.test;*.shop.store.test;internal;*.internal;10.0.0.0/8;[::1]:8080;<-loopback>',
    ]);
    // The proxy's host is reached as itself, whatever network it is on (proxy.corp would else fall under *.corp).
    const rules = options.args?.find((a) => a.startsWith('--host-resolver-rules='));
    expect(rules).toMatch(new RegExp(`^--host-resolver-rules=${RULES}, .*MAP proxy\\.corp proxy\\.corp, .*MAP \\*\\.corp ~NOTFOUND`));
    expect(options.proxy).toBeUndefined();
  });

  it('per scheme when the two variables differ; a scheme without a proxy goes direct', () => {
    expect(proxyArgs(launch({ https_proxy: 'https://a.corp:8443', HTTP_PROXY: 'b.corp:8080' }).args)[0]).toBe(
      '--proxy-server=https=https://a.corp:8443;http=http://b.corp:8080',
    );
    expect(proxyArgs(launch({ HTTPS_PROXY: 'http://a.corp:3128' }).args)[0]).toBe('--proxy-server=https=http://a.corp:3128');
  });

  it("with credentials, the proxy goes to Playwright's proxy option (Chromium takes none on its command line), never into args", () => {
    const options = launch({ HTTPS_PROXY: 'http://al%40ice:s3%3Acret@proxy.corp:3128', NO_PROXY: '.internal' });
    expect(options.proxy).toEqual({ server: 'http://proxy.corp:3128', bypass: 'internal,*.internal,<-loopback>', username: 'al@ice', password: 's3:cret' });
    expect(proxyArgs(options.args)).toEqual([]);
    expect(JSON.stringify(options.args)).not.toMatch(/s3|al@ice/);
  });
});
