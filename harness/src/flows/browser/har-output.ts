/**
 * A HAR recorded by a browser flow, made ready to commit and to feed to har2spec: bodies over
 * 8 KB dropped (sizes kept), tool quirks normalised, then validated with har-validator (the same
 * streaming validation har2spec applies), every problem with its JSON path.
 */
import type { HarProblem } from '../../har/errors';
import { shrinkHar } from '../../har/record-har';
import { normaliseToolQuirks, validateEntry, validateSkeleton } from '../../har/validate';
import { overCapComment } from './har-recorder';

interface HarDoc {
  log: { entries: Array<{ response: { content: { text?: string; encoding?: string; comment?: string } } }>; [k: string]: unknown };
  [k: string]: unknown;
}

/**
 * Adds entries the flow observed but the recorder left out (same method and URL not already
 * there), keeping the entries in time order.
 */
export function mergeSupplement(har: unknown, extra: ReadonlyArray<Record<string, unknown> & { request: { method: string; url: string } }>): number {
  const doc = har as { log?: { entries?: Array<{ request: { method: string; url: string }; startedDateTime?: string }>; pages?: Array<{ id: string }> } };
  if (!doc?.log || !Array.isArray(doc.log.entries)) return 0;
  const have = new Set(doc.log.entries.map((e) => `${e.request.method} ${e.request.url}`));
  const pageref = doc.log.pages?.[0]?.id;
  let added = 0;
  for (const e of extra) {
    const key = `${e.request.method} ${e.request.url}`;
    if (have.has(key)) continue;
    have.add(key);
    doc.log.entries.push({ ...(pageref ? { pageref } : {}), ...e } as (typeof doc.log.entries)[number]);
    added++;
  }
  doc.log.entries.sort((a, b) => String(a.startedDateTime).localeCompare(String(b.startedDateTime)));
  return added;
}

type Content = { size?: number; mimeType?: string; text?: string; encoding?: string; comment?: string };
type PostData = { mimeType?: string; text?: string };
type CappedEntry = { request?: { postData?: PostData }; response?: { content?: Content } };

/** How a capped response body is marked: its size stays, its text goes. */
function markOverCap(c: Content, cap: number): void {
  delete c.text;
  delete c.encoding;
  c.comment = overCapComment(cap);
}

/** Bytes a HAR text stands for (base64 decoded). */
const bytesOf = (text: string, encoding?: string) => (encoding === 'base64' ? Math.floor((text.length * 3) / 4) : Buffer.byteLength(text));

/**
 * Drops every body over the cap (HARNESS_BODY_CAP_BYTES) from a browser's HAR, response and request
 * alike, keeping its size: Chromium hands the recorder whatever a target sends. Returns how many.
 */
export function capHarBodies(har: unknown, cap: number): number {
  const entries = (har as { log?: { entries?: CappedEntry[] } })?.log?.entries;
  if (!Array.isArray(entries)) return 0;
  let dropped = 0;
  for (const e of entries) {
    const c = e.response?.content;
    if (c && typeof c.text === 'string' && bytesOf(c.text, c.encoding) > cap) {
      markOverCap(c, cap);
      dropped++;
    }
    const post = e.request?.postData;
    if (post && typeof post.text === 'string' && Buffer.byteLength(post.text) > cap) {
      post.text = '';
      dropped++;
    }
  }
  return dropped;
}

export function prepareRecordedHar(har: unknown, file: string): { har: HarDoc; problems: HarProblem[] } {
  const doc = har as HarDoc;
  if (!doc || typeof doc !== 'object' || !doc.log || !Array.isArray(doc.log.entries)) {
    return { har: doc, problems: [{ file, path: 'log.entries', message: 'should be array' }] };
  }
  shrinkHar(doc);
  const problems: HarProblem[] = [];
  doc.log.entries.forEach((e, i) => {
    normaliseToolQuirks(e);
    problems.push(...validateEntry(e, i, file));
  });
  problems.push(...validateSkeleton({ ...doc, log: { ...doc.log, entries: [] } }, file));
  return { har: doc, problems };
}
