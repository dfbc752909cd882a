/**
 * The blank page the HTTP/3 leg sends each request from: answered by the browser itself, at a path
 * of the request's own origin, so the page's `fetch()` is same-origin and nothing is hidden by CORS.
 */
import type { CDPSession } from '@playwright/test';

/** The blank page each request is sent from, answered by the browser itself (never asked of the target). */
export const BLANK_PATH = '/.well-known/conformance-harness-h3-blank';
export const BLANK_HTML = '<!doctype html><meta charset=utf-8><link rel=icon href="data:,"><title>HTTP/3 leg</title>';

/**
 * Answers every request for `path` in the page with `html`, in the browser itself. Through the
 * DevTools protocol, not Playwright's routes: with a route set, Playwright aborts every request for
 * /favicon.ico, which is an exchange here.
 */
export async function answerBlankPages(cdp: CDPSession, path: string, html: string): Promise<void> {
  cdp.on('Fetch.requestPaused', (e) => {
    void cdp
      .send('Fetch.fulfillRequest', {
        requestId: e.requestId,
        responseCode: 200,
        responseHeaders: [{ name: 'content-type', value: 'text/html; charset=utf-8' }],
        body: Buffer.from(html).toString('base64'),
      })
      .catch(() => undefined);
  });
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: `*${path}`, requestStage: 'Request' }] });
}
