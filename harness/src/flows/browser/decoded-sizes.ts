/**
 * What Chromium decoded for each request of a page, counted on a CDP session of our own that keeps
 * no bodies (its buffers 0): Playwright hands a body over whole and exposes only its encoded size,
 * so the decoded size must be known before a body is read (a small gzip bomb decodes to 64 MiB).
 * Also the protocol each answer came over (Playwright does not say).
 */
import type { CDPSession, Page, Request } from '@playwright/test';

/** Decoded bytes Chromium received for one of its requests (a redirect starts a new one). */
interface Decoded {
  url: string;
  bytes: number;
  protocol?: string;
  ended: boolean;
  end: () => void;
  whenEnded: Promise<void>;
}

/** Chromium reports the end of a load to each of its sessions in turn: ours may hear it a moment after Playwright's. */
const END_WAIT_MS = 2000;

const withoutFragment = (url: string) => url.split('#')[0];

/** One count per page, shared by whoever reads its bodies (the network log, the HAR recorder). */
const perPage = new WeakMap<Page, DecodedSizes>();

export class DecodedSizes {
  static of(page: Page): DecodedSizes {
    let sizes = perPage.get(page);
    if (!sizes) perPage.set(page, (sizes = new DecodedSizes(page)));
    return sizes;
  }

  private readonly byId = new Map<string, Decoded>();
  private readonly byUrl = new Map<string, Decoded>();
  /** Settles once sizes are counted (or cannot be: a browser without CDP leaves only the encoded sizes). */
  readonly ready: Promise<void>;

  private constructor(page: Page) {
    this.ready = this.watch(page).catch(() => undefined);
  }

  private async watch(page: Page): Promise<void> {
    const session: CDPSession = await page.context().newCDPSession(page);
    session.on('Network.requestWillBeSent', (e) => this.track(e.requestId, e.request.url));
    session.on('Network.responseReceived', (e) => {
      this.track(e.requestId, e.response.url);
      const d = this.byId.get(e.requestId);
      if (d && e.response.protocol) d.protocol = e.response.protocol;
    });
    session.on('Network.dataReceived', (e) => {
      const d = this.byId.get(e.requestId);
      if (d) d.bytes += e.dataLength;
    });
    session.on('Network.loadingFinished', (e) => this.byId.get(e.requestId)?.end());
    session.on('Network.loadingFailed', (e) => this.byId.get(e.requestId)?.end());
    await session.send('Network.enable', { maxTotalBufferSize: 0, maxResourceBufferSize: 0 });
  }

  private track(requestId: string, url: string): void {
    const key = withoutFragment(url);
    if (this.byId.get(requestId)?.url === key) return;
    let resolve = (): void => undefined;
    const whenEnded = new Promise<void>((r) => (resolve = r));
    const d: Decoded = {
      url: key,
      bytes: 0,
      ended: false,
      whenEnded,
      end: () => {
        d.ended = true;
        resolve();
      },
    };
    this.byId.set(requestId, d);
    this.byUrl.set(key, d);
  }

  /** The protocol Chromium reported for the last answer to `url` (`h2`, `http/1.1`, `h3`), if it said. */
  protocolOf(url: string): string | undefined {
    return this.byUrl.get(withoutFragment(url))?.protocol;
  }

  /**
   * The largest size known of a finished request's body: decoded as Chromium counted it (waiting
   * for its end while still within `cap`), the encoded size Playwright measured, and the
   * Content-Length it declared.
   */
  async bodySize(request: Request, contentLength: string | undefined, cap: number): Promise<number> {
    const d = this.byUrl.get(withoutFragment(request.url()));
    if (d && !d.ended && d.bytes <= cap) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([d.whenEnded, new Promise((r) => (timer = setTimeout(r, END_WAIT_MS)))]);
      clearTimeout(timer);
    }
    const encoded = await request
      .sizes()
      .then((s) => s.responseBodySize)
      .catch(() => 0);
    const declared = Number(contentLength);
    return Math.max(d?.bytes ?? 0, encoded, Number.isFinite(declared) ? declared : 0);
  }
}
