/**
 * Every request a page made, as plain data (ObservedResource), from Playwright's events. Pending
 * requests are tracked so that "the network went quiet" and "this one hangs" can be told apart.
 * A body is read only within the run's body cap (HARNESS_BODY_CAP_BYTES): Playwright hands a body
 * over whole, so its size must be known first, decoded (a small gzip bomb decodes to 64 MiB).
 */
import type { Page, Request } from '@playwright/test';
import { DecodedSizes } from './decoded-sizes';
import type { ObservedResource } from './resources';

/** What the browser got for an address: its body as text, or why it was not read. */
export type BrowserAnswer = { status: number; contentType?: string } & ({ text: string } | { overCap: { bytes: number; cap: number } });

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
  private readonly sizes: DecodedSizes;
  private readonly bodyCapBytes: number;
  /** Settles once decoded sizes are counted (or cannot be): a load started before goes by its encoded size. */
  readonly ready: Promise<void>;

  constructor(page: Page, options: { bodyCapBytes: number }) {
    this.bodyCapBytes = options.bodyCapBytes;
    this.sizes = DecodedSizes.of(page);
    this.ready = this.sizes.ready;
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
   * content type and body as text, or `overCap` with its size when the body is over the cap (not
   * read); undefined when it loaded no such address or kept no body.
   */
  async answerOf(url: string): Promise<BrowserAnswer | undefined> {
    const e = [...this.entries].reverse().find((x) => x.done && x.request.url() === url);
    const response = e ? await e.request.response().catch(() => null) : null;
    if (!e || !response) return undefined;
    const contentType = response.headers()['content-type'];
    const head = { status: response.status(), ...(contentType ? { contentType } : {}) };
    const bytes = await this.sizes.bodySize(e.request, response.headers()['content-length'], this.bodyCapBytes);
    if (bytes > this.bodyCapBytes) return { ...head, overCap: { bytes, cap: this.bodyCapBytes } };
    const text = await response.text().catch(() => undefined);
    return text === undefined ? undefined : { ...head, text };
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
