/**
 * Every request a page made, as plain data (ObservedResource), from Playwright's events. Pending
 * requests are tracked so that "the network went quiet" and "this one hangs" can be told apart.
 */
import type { Page, Request } from '@playwright/test';
import type { ObservedResource } from './resources';

interface Entry {
  request: Request;
  done: boolean;
  /** Filled asynchronously when the request ends. */
  facts?: Promise<Omit<ObservedResource, 'redirectedTo' | 'pending'>>;
}

export class NetworkLog {
  private readonly entries: Entry[] = [];
  private readonly byRequest = new Map<Request, Entry>();
  private lastChange = Date.now();

  constructor(page: Page) {
    page.on('request', (request) => {
      const e: Entry = { request, done: false };
      this.entries.push(e);
      this.byRequest.set(request, e);
      this.lastChange = Date.now();
    });
    page.on('requestfinished', (request) => this.finish(request));
    page.on('requestfailed', (request) => this.finish(request, request.failure()?.errorText ?? 'failed'));
  }

  private finish(request: Request, failure?: string): void {
    const e = this.byRequest.get(request);
    if (!e) return;
    e.done = true;
    this.lastChange = Date.now();
    e.facts = (async () => {
      const response = await request.response().catch(() => null);
      const [requestHeaders, responseHeaders] = await Promise.all([
        request.allHeaders().catch(() => request.headers()),
        response ? response.allHeaders().catch(() => response.headers()) : Promise.resolve({} as Record<string, string>),
      ]);
      return {
        url: request.url(),
        method: request.method(),
        resourceType: request.resourceType(),
        requestHeaders,
        ...(response ? { status: response.status() } : {}),
        responseHeaders,
        ...(failure !== undefined ? { failure } : {}),
      };
    })();
  }

  /**
   * What the browser got for an address it loaded (the last finished request for it): status,
   * content type and body as text; undefined when it loaded no such address or kept no body.
   */
  async answerOf(url: string): Promise<{ status: number; contentType?: string; text: string } | undefined> {
    const e = [...this.entries].reverse().find((x) => x.done && x.request.url() === url);
    const response = e ? await e.request.response().catch(() => null) : null;
    if (!response) return undefined;
    const text = await response.text().catch(() => undefined);
    if (text === undefined) return undefined;
    const contentType = response.headers()['content-type'];
    return { status: response.status(), ...(contentType ? { contentType } : {}), text };
  }

  /** Every address the page asked for, in the order it asked. */
  requested(): string[] {
    return this.entries.map((e) => e.request.url());
  }

  pendingCount(): number {
    return this.entries.filter((e) => !e.done).length;
  }

  /** Resolves when nothing was pending for `quietMs`, or at the deadline; returns whether it went quiet. */
  async waitForQuiet(timeoutMs: number, quietMs = 500): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const now = Date.now();
      if (this.pendingCount() === 0 && now - this.lastChange >= quietMs) return true;
      if (now >= deadline) return false;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Every request so far, in the order they started; redirect hops carry `redirectedTo`. */
  async snapshot(): Promise<ObservedResource[]> {
    const out: ObservedResource[] = [];
    for (const e of [...this.entries]) {
      const next = e.request.redirectedTo();
      const extra = next ? { redirectedTo: next.url() } : {};
      if (!e.done || !e.facts) {
        out.push({
          url: e.request.url(),
          method: e.request.method(),
          resourceType: e.request.resourceType(),
          requestHeaders: e.request.headers(),
          responseHeaders: {},
          pending: true,
          ...extra,
        });
        continue;
      }
      out.push({ ...(await e.facts), ...extra });
    }
    return out;
  }
}
