/**
 * The browser flows' HAR, recorded by the harness rather than by Playwright's `recordHar`:
 * Playwright's recorder reads every response body whole whatever its `content` option (it sizes
 * each body by reading it), so a target's 48 MiB stylesheet or gzip bomb would be held in the
 * worker, several times over while it is encoded for the protocol. Here a body is read only when
 * its size, decoded, is known to be within the body cap (`DecodedSizes`); any other is marked as
 * `capHarBodies` marks a body over the cap, its size kept. Entries come from Playwright's events
 * (every page, popup and redirect hop of the context); the favicon requests its events leave out
 * are added by the flow (`supplementEntry`).
 */
import { isUtf8 } from 'node:buffer';
import type { BrowserContext, Page, Request } from '@playwright/test';
import { DecodedSizes } from './decoded-sizes';
import { harEntry, type HarBody, type SupplementEntry } from './har-supplement';

/** Playwright's test of a textual type: such a body (valid UTF-8) is kept as text, any other as base64. */
const TEXTUAL =
  /^(text\/.*?|application\/(json|(x-)?javascript|xml.*?|ecmascript|graphql|x-www-form-urlencoded)|image\/svg(\+xml)?|application\/.*?(\+json|\+xml))(;\s*charset=.*)?$/;

export const overCapComment = (cap: number) => `body over the cap (HARNESS_BODY_CAP_BYTES = ${cap}): not kept`;

/**
 * The size of a body sent as it is (no Content-Encoding) with a Content-Length, known from its
 * header at once: such a body is read while its page still holds it. Chromium drops a page's bodies
 * when the next document commits, and a flow that navigates right after a load left the time of
 * the decoded count's round trips to lose them on a busy machine.
 */
function plainLength(headers: Record<string, string>): number | undefined {
  const coding = (headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  const declared = headers['content-length'];
  return coding === 'identity' && declared !== undefined && /^\d+$/.test(declared.trim()) ? Number(declared) : undefined;
}

export interface HarDocument {
  log: { version: string; creator: { name: string; version: string }; pages: unknown[]; entries: SupplementEntry[] };
}

export class HarRecorder {
  private readonly pending: Array<Promise<SupplementEntry | undefined>> = [];
  private readonly sizes = new Map<Page, DecodedSizes>();

  constructor(
    context: BrowserContext,
    private readonly capBytes: number,
  ) {
    for (const page of context.pages()) this.watch(page);
    context.on('page', (page) => this.watch(page));
    context.on('requestfinished', (request) => this.pending.push(this.entry(request)));
  }

  private watch(page: Page): void {
    if (!this.sizes.has(page)) this.sizes.set(page, DecodedSizes.of(page));
  }

  /** Settles once the sizes of the pages so far are counted: a navigation started before goes by its encoded size. */
  async ready(): Promise<void> {
    await Promise.all([...this.sizes.values()].map((s) => s.ready));
  }

  private async entry(request: Request): Promise<SupplementEntry | undefined> {
    try {
      const response = await request.response();
      if (!response) return undefined;
      const frame = request.frame();
      const sizes = this.sizes.get(frame.page());
      const contentType = response.headers()['content-type'] ?? '';
      let body: HarBody | undefined;
      // A redirect has no body to read (Playwright throws for it).
      if (response.status() < 300 || response.status() >= 400) {
        const plain = plainLength(response.headers());
        const bytes =
          plain !== undefined && plain <= this.capBytes
            ? plain
            : sizes
              ? await sizes.bodySize(request, response.headers()['content-length'], this.capBytes)
              : Infinity;
        if (bytes > this.capBytes) body = { comment: overCapComment(this.capBytes), size: Number.isFinite(bytes) ? bytes : -1 };
        else {
          const buffer = await response.body().catch(() => undefined);
          if (buffer)
            body =
              TEXTUAL.test(contentType) && isUtf8(buffer)
                ? { text: buffer.toString(), size: buffer.length }
                : { text: buffer.toString('base64'), encoding: 'base64', size: buffer.length };
        }
      }
      return await harEntry(response, {
        ...(body ? { body } : {}),
        ...(sizes?.protocolOf(request.url()) ? { protocol: sizes.protocolOf(request.url()) } : {}),
      });
    } catch {
      // A request of a page that closed meanwhile: nothing left to ask.
      return undefined;
    }
  }

  /** The HAR of what the context loaded so far (call it before the context closes: its bodies go with it). */
  async har(): Promise<HarDocument> {
    const entries = (await Promise.all(this.pending)).filter((e): e is SupplementEntry => e !== undefined);
    entries.sort((a, b) => String(a.startedDateTime).localeCompare(String(b.startedDateTime)));
    return { log: { version: '1.2', creator: { name: 'replay-conformance browser flows', version: '1' }, pages: [], entries } };
  }
}
