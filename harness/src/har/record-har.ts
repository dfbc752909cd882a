/**
 * `npm run record:har`: records `har/reference-site.har` from the reference with Chromium and
 * Playwright's recordHar (content embedded). The reference runs as a separate process (the harness
 * never imports it); Chromium reaches it through host-resolver rules and trusts its root through an
 * NSS database, as the browser specs do. Large bodies are dropped to keep the committed file small.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium } from '@playwright/test';
import { targetContextOptions } from '../browser/context-options';
import { targetBrowserLaunch } from '../browser/launch';
import { EmbeddedReferenceError, startEmbeddedReference, targetEnvOf } from '../embedded/start-reference';
import { loadTargetMap, roleUrls } from '../target-map';

const ROOT = path.resolve(__dirname, '../../..');
const MAX_BODY_CHARS = 8 * 1024;

/** Pages and stylesheets are what discovery and `{section}` are read from: they keep their text up to this. */
const MAX_PAGE_CHARS = 1024 * 1024;

/** Keeps the HAR valid and small: bodies over MAX_BODY_CHARS lose their text (sizes are kept), but for pages and stylesheets. */
export function shrinkHar(har: { log: { entries: Array<{ response: { content: { text?: string; encoding?: string; comment?: string; mimeType?: string } } }> } }): void {
  for (const e of har.log.entries) {
    const c = e.response.content;
    const page = /html|css/i.test(c.mimeType ?? '') && (c.encoding ?? '') !== 'base64';
    if (typeof c.text === 'string' && c.text.length > (page ? MAX_PAGE_CHARS : MAX_BODY_CHARS)) {
      delete c.text;
      delete c.encoding;
      c.comment = 'body omitted by record.ts to keep the fixture small';
    }
  }
}

async function record(out: string): Promise<void> {
  const reference = await startEmbeddedReference();
  try {
    const map = loadTargetMap({ ...process.env, ...targetEnvOf(reference.ready) });
    // The same launch as the browser flows (`npm run record` records those, one HAR per flow).
    const launch = targetBrowserLaunch(map);
    const browser = await chromium.launch(launch.options);
    const raw = `${out}.tmp`;
    try {
      const context = await browser.newContext({ ...targetContextOptions(map), recordHar: { path: raw, content: 'embed' } });
      const page = await context.newPage();
      const origin = (role: Parameters<typeof roleUrls>[1]) => roleUrls(map, role)[0]?.origin;
      const site = origin('site');
      if (!site) throw new EmbeddedReferenceError('the reference reported no site URL');
      await page.goto(`${site}/`, { waitUntil: 'networkidle' });
      await page.mouse.move(40, 40);
      await page.mouse.move(120, 90);
      await page.waitForResponse((r) => r.url().includes('/layouts/system/VisitorIdentificationCSS.aspx'), { timeout: 10000 }).catch(() => undefined);
      await page.waitForLoadState('networkidle');
      // A broken link as real traffic has it: the asset address written into the site's path (the description's malformed path).
      const assetsOrigin = origin('assets');
      if (assetsOrigin) await page.goto(`${site}/%7B${assetsOrigin}/-/media/Project/Lessons/icons/search.svg?rev=43b14fb918c28f96ab445eb0bf3f4b49}`).catch(() => undefined);
      const bare = origin('bare');
      if (bare) await page.goto(`${bare}/`, { waitUntil: 'networkidle' });
      const maintenance = origin('maintenance');
      if (maintenance) await page.goto(`${maintenance}/$web/site-maintenance.html?aspxerrorpath=/x`).catch(() => undefined);
      const assets = origin('assets');
      if (assets) await page.goto(`${assets}/-/media/Project/Lessons/icons/search.svg?rev=0123456789abcdef0123456789abcdef`).catch(() => undefined);
      await context.close();
    } finally {
      await browser.close();
    }
    const har = JSON.parse(fs.readFileSync(raw, 'utf8'));
    fs.rmSync(raw);
    shrinkHar(har);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(har, null, 1)}\n`);
    console.log(`wrote ${path.relative(process.cwd(), out)}: ${har.log.entries.length} entries, ${fs.statSync(out).size} bytes`);
  } finally {
    await reference.stop();
  }
}

if (require.main === module) {
  const out = path.resolve(process.argv[2] ?? path.join(ROOT, 'har', 'reference-site.har'));
  record(out).catch((err: Error) => {
    console.error(`record:har: ${err.message}`);
    process.exitCode = 1;
  });
}
