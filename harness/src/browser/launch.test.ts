import { loadTargetMap } from '../target';
import { BrowserMissingError, targetBrowserLaunch } from './launch';

const map = (extra: Record<string, string> = {}) =>
  loadTargetMap({ TARGET_URL: 'https://www.lessons.test:8443', TARGET_SHOP_URL: 'https://shop.store.test:8443', TARGET_RESOLVE: 'www.lessons.test:8443:127.0.0.1,shop.store.test:8443:127.0.0.1:9443', ...extra });

it('maps every resolve entry with --host-resolver-rules and verifies certificates unless TARGET_INSECURE=1', () => {
  const launch = targetBrowserLaunch(map(), '/tmp/unused', { CHROMIUM_PATH: process.execPath });
  expect(launch.options.executablePath).toBe(process.execPath);
  expect(launch.options.args).toContain('--host-resolver-rules=MAP www.lessons.test:8443 127.0.0.1:8443, MAP shop.store.test:8443 127.0.0.1:9443');
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
