/**
 * HAR 1.2 entries built from the Playwright responses a flow holds: the browser flows' HAR
 * (`har-recorder.ts`), and what a flow saw that no recorder sees (Chromium's /favicon.ico requests
 * and their redirects, which Playwright's events leave out).
 */
import type { Response } from '@playwright/test';
import { fieldLines, linesOfEntries } from '../../core';

/** A HAR 1.2 entry built from a Playwright response. */
export type SupplementEntry = Record<string, unknown> & {
  request: { method: string; url: string } & Record<string, unknown>;
  response: { status: number } & Record<string, unknown>;
};

/** The body of an entry: its text (base64 for bytes), or a comment saying why it is not there. */
export type HarBody = { text: string; encoding?: 'base64'; size: number } | { comment: string; size: number };

/** Chromium's protocol names as HAR's httpVersion. */
const VERSION: Record<string, string> = { 'http/1.1': 'HTTP/1.1', 'http/1.0': 'HTTP/1.0', h2: 'HTTP/2.0', h3: 'HTTP/3.0' };

export async function harEntry(response: Response, options: { body?: HarBody; protocol?: string; comment?: string } = {}): Promise<SupplementEntry> {
  const request = response.request();
  const [reqHeaders, resHeaders] = await Promise.all([request.headersArray(), response.headersArray()]);
  const timing = request.timing();
  const started = timing.startTime > 0 ? new Date(timing.startTime) : new Date();
  const ms = (a: number, b: number) => (a >= 0 && b >= 0 ? Math.max(0, b - a) : 0);
  const resLines = linesOfEntries(resHeaders);
  const length = Number(fieldLines(resLines, 'content-length')[0] ?? -1);
  const url = new URL(request.url());
  const httpVersion = VERSION[options.protocol ?? ''] ?? 'HTTP/2.0';
  const body = options.body;
  const postData = request.postData();
  return {
    startedDateTime: started.toISOString(),
    time: ms(timing.requestStart, timing.responseEnd),
    request: {
      method: request.method(),
      url: request.url(),
      httpVersion,
      cookies: [],
      headers: reqHeaders,
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      ...(postData !== null ? { postData: { mimeType: request.headers()['content-type'] ?? 'application/octet-stream', text: postData } } : {}),
      headersSize: -1,
      bodySize: postData === null ? 0 : Buffer.byteLength(postData),
    },
    response: {
      status: response.status(),
      statusText: response.statusText(),
      httpVersion,
      cookies: [],
      headers: resHeaders,
      content: {
        size: body ? body.size : Number.isFinite(length) ? length : -1,
        mimeType: fieldLines(resLines, 'content-type')[0] ?? 'x-unknown',
        ...(body && 'text' in body ? { text: body.text, ...(body.encoding ? { encoding: body.encoding } : {}) } : {}),
        ...(body && 'comment' in body ? { comment: body.comment } : options.comment ? { comment: options.comment } : {}),
      },
      redirectURL: fieldLines(resLines, 'location')[0] ?? '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 0, wait: ms(timing.requestStart, timing.responseStart), receive: ms(timing.responseStart, timing.responseEnd) },
    ...(options.comment ? { comment: options.comment } : {}),
  };
}

/** An entry for a request Playwright's events leave out (no body: redirects have none to read). */
export function supplementEntry(response: Response): Promise<SupplementEntry> {
  return harEntry(response, {
    comment: 'added by the browser flow: Playwright leaves /favicon.ico requests (and their redirects) out of its events',
  });
}
