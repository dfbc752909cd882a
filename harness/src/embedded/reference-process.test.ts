import * as path from 'node:path';
import { EmbeddedReferenceError, launchReference, startEmbeddedReference, targetEnvOf, type ReferenceReady } from './reference-process';

const root = path.resolve(__dirname, '../../..');

describe('embedded reference process', () => {
  test('targetEnvOf turns a ready line into the user-facing target variables', () => {
    const ready: ReferenceReady = {
      event: 'ready',
      tlsPort: 8443,
      httpPort: 8080,
      rootPath: '/tmp/root.pem',
      section: 'static',
      implemented: ['site'],
      urls: { site: ['https://www.lessons.test:8443'], ocsp: ['http://r10.o.pki.test:8080', 'http://r11.o.pki.test:8080'] },
    };
    expect(targetEnvOf(ready)).toEqual({
      TARGET_URL: 'https://www.lessons.test:8443',
      TARGET_OCSP_URL: 'http://r10.o.pki.test:8080,http://r11.o.pki.test:8080',
      TARGET_RESOLVE: 'www.lessons.test:8443:127.0.0.1,r10.o.pki.test:8080:127.0.0.1,r11.o.pki.test:8080:127.0.0.1',
      TARGET_CA: '/tmp/root.pem',
      TARGET_SECTION: 'static',
      HARNESS_TARGET_KIND: 'reference',
    });
  });

  test('a command that exits before its ready line is a clear error, not a hang', async () => {
    const launch = launchReference({ command: process.execPath, args: ['-e', 'console.error("boom"); process.exit(3)'], cwd: root, timeoutMs: 10000 });
    await expect(launch).rejects.toThrow(EmbeddedReferenceError);
    await expect(launch).rejects.toThrow(/exited \(code 3\)[\s\S]*boom/);
  });

  test('a command that never gets ready times out', async () => {
    const launch = launchReference({ command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'], cwd: root, timeoutMs: 500 });
    await expect(launch).rejects.toThrow(/no ready line within 500 ms/);
  });

  test('starts the reference, which answers, and stops it on SIGTERM', async () => {
    const reference = await startEmbeddedReference();
    expect(reference.ready.urls.site[0]).toMatch(/^https:\/\/www\.lessons\.test:\d+$/);
    expect(reference.ready.implemented).toEqual(expect.arrayContaining(['site', 'bare', 'assets', 'maintenance']));
    await reference.stop();
  }, 60000);
});
