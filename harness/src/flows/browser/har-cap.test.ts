import { chromium, type Browser } from '@playwright/test';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { targetBrowserLaunch } from '../../browser/launch';
import { loadTargetMap } from '../../target-map';
import { startHostileTarget, type HostileTarget } from '../../testing/broken-targets/hostile';
import { capHarBodies } from './har-output';

/*
 * The HARs of the browser flows keep no body over the cap (HARNESS_BODY_CAP_BYTES): Chromium hands
 * Playwright whatever a target sends, and a hostile target sends a lot.
 */
type Entry = {
  request: { url: string; postData?: { text?: string } };
  response: { content: { size: number; text?: string; encoding?: string; comment?: string } };
};
const entry = (url: string, text: string | undefined, encoding?: string): Entry => ({
  request: { url },
  response: { content: { size: 1, ...(text !== undefined ? { text } : {}), ...(encoding ? { encoding } : {}) } },
});

test('drops each body over the cap (text or base64, request or response), keeping its size and saying why', () => {
  const har = {
    log: {
      entries: [
        entry('https://a/small', 'x'.repeat(100)),
        entry('https://a/text', 'y'.repeat(2000)),
        entry('https://a/base64', Buffer.alloc(1500).toString('base64'), 'base64'),
        entry('https://a/base64-small', Buffer.alloc(900).toString('base64'), 'base64'),
        { ...entry('https://a/post', undefined), request: { url: 'https://a/post', postData: { text: 'z'.repeat(5000) } } },
      ],
    },
  };
  expect(capHarBodies(har, 1000)).toBe(3);
  const [small, text, b64, b64small, post] = har.log.entries as Entry[];
  expect(small.response.content.text).toHaveLength(100);
  expect(b64small.response.content.text).toBeDefined();
  for (const e of [text, b64]) {
    expect(e.response.content.text).toBeUndefined();
    expect(e.response.content.encoding).toBeUndefined();
    expect(e.response.content.comment).toBe('body over the cap (HARNESS_BODY_CAP_BYTES = 1000): not kept');
  }
  expect(post.request.postData?.text).toBe('');
});

describe('a flow context against a target that sends more than the cap', () => {
  let t: HostileTarget;
  let browser: Browser;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'har-cap-'));
  beforeAll(async () => {
    t = await startHostileTarget();
    browser = await chromium.launch(targetBrowserLaunch(loadTargetMap(t.env()), dir).options);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('its HAR, once capped, holds no body over the cap', async () => {
    const file = path.join(dir, 'flow.har');
    const context = await browser.newContext({ recordHar: { path: file, content: 'embed' } });
    for (const bytes of [2 * 1024 * 1024, 500]) {
      const page = await context.newPage();
      const response = await page.goto(`${t.siteOrigin}/big?bytes=${bytes}&type=text/plain`);
      // The HAR takes the body Playwright reads for the response; closing the page before that read
      // ends (a loaded machine) would leave the entry without a body and this test without its case.
      await response?.body();
      await page.close();
    }
    await context.close();
    const har = JSON.parse(fs.readFileSync(file, 'utf8')) as { log: { entries: Entry[] } };
    expect(capHarBodies(har, 64 * 1024)).toBe(1);
    const big = har.log.entries.find((e) => e.request.url.includes('bytes=2097152'))!;
    expect(big.response.content).toMatchObject({ size: 2 * 1024 * 1024, comment: 'body over the cap (HARNESS_BODY_CAP_BYTES = 65536): not kept' });
    expect(har.log.entries.find((e) => e.request.url.includes('bytes=500'))?.response.content.text).toHaveLength(500);
  });
});
