/**
 * A page closed to input sees no pointer event until the gate opens, then sees the flow's own: the
 * premise is checked too (Chromium does send a pointer event of its own to a page it shows).
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type * as http from 'node:http';
import { launchFlowChromium, serveLocal } from '../testing/local-pages';
import { closeToInput } from './input-gate';

// Every pointer event the document receives, from the first script on.
const PAGE = `<!doctype html><html><head><script>
window.seen = [];
for (const t of ['mouseover', 'mousemove', 'pointermove', 'pointerover']) document.addEventListener(t, (e) => window.seen.push(t + '@' + e.clientX + ',' + e.clientY), true);
</script></head><body><p>page</p></body></html>`;

let server: http.Server;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  ({ server, origin } = await serveLocal((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE)));
  browser = await launchFlowChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((r) => server.close(r));
});

/** Loads the page as a flow does and returns what it saw after it settled. */
async function load(gate: boolean): Promise<{ seen: string[]; context: BrowserContext; page: Page; open: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const input = gate ? await closeToInput(context, page) : { open: async () => undefined };
  await page.goto(`${origin}/`, { waitUntil: 'load' });
  await page.waitForTimeout(150);
  return { seen: await page.evaluate(() => (window as unknown as { seen: string[] }).seen), context, page, open: () => input.open() };
}

test('without the gate, Chromium itself sends a pointer event to the page it shows (the premise)', async () => {
  const runs = [];
  for (let i = 0; i < 4; i++) {
    const r = await load(false);
    runs.push(r.seen);
    await r.context.close();
  }
  expect(runs.flat()).toEqual(expect.arrayContaining([expect.stringMatching(/^(mouseover|pointerover|mousemove)@0,0$/)]));
});

test("closed to input, the page sees no pointer event until the gate opens, then the flow's own", async () => {
  for (let i = 0; i < 4; i++) {
    const r = await load(true);
    expect(r.seen).toEqual([]);
    await r.open();
    await r.open();
    await r.page.mouse.move(40, 30);
    const after = await r.page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(after).toContain('mousemove@40,30');
    await r.context.close();
  }
});
