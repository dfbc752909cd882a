/**
 * HAR entries for what a browser flow saw that Playwright's HAR recorder leaves out (it skips
 * /favicon.ico and its redirects), built from the Playwright response the flow holds.
 */
import type { Response } from '@playwright/test';
import { fieldLines, linesOfEntries } from '../../core';

/** A HAR 1.2 entry built from a Playwright response (no body: redirects have none to read). */
export type SupplementEntry = Record<string, unknown> & {
  request: { method: string; url: string } & Record<string, unknown>;
  response: { status: number } & Record<string, unknown>;
};

export async function supplementEntry(response: Response): Promise<SupplementEntry> {
  const request = response.request();
  const [reqHeaders, resHeaders] = await Promise.all([request.headersArray(), response.headersArray()]);
  const timing = request.timing();
  const started = timing.startTime > 0 ? new Date(timing.startTime) : new Date();
  const ms = (a: number, b: number) => (a >= 0 && b >= 0 ? Math.max(0, b - a) : 0);
  const resLines = linesOfEntries(resHeaders);
  const length = Number(fieldLines(resLines, 'content-length')[0] ?? -1);
  const url = new URL(request.url());
  return {
    startedDateTime: started.toISOString(),
    time: ms(timing.requestStart, timing.responseEnd),
    request: {
      method: request.method(),
      url: request.url(),
      httpVersion: 'HTTP/2.0',
      cookies: [],
      headers: reqHeaders,
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status: response.status(),
      statusText: response.statusText(),
      httpVersion: 'HTTP/2.0',
      cookies: [],
      headers: resHeaders,
      content: {
        size: Number.isFinite(length) ? length : -1,
        mimeType: fieldLines(resLines, 'content-type')[0] ?? 'x-unknown',
        comment: 'added by the browser flow: Playwright does not record this request',
      },
      redirectURL: fieldLines(resLines, 'location')[0] ?? '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 0, wait: ms(timing.requestStart, timing.responseStart), receive: ms(timing.responseStart, timing.responseEnd) },
    comment: 'added by the browser flow: Playwright leaves /favicon.ico requests (and their redirects) out of its HAR',
  };
}
