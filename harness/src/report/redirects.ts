/**
 * The redirect chain of a browser flow, read from the HAR the flow attached: every response with a
 * 3xx status and a Location, in the order the browser made the requests.
 */
import { fieldLines, linesOfEntries } from '../core';
import type { RedirectHop } from './types';

interface HarLike {
  log?: {
    entries?: Array<{
      startedDateTime?: string;
      request?: { url?: unknown };
      response?: { status?: unknown; redirectURL?: unknown; headers?: Array<{ name?: unknown; value?: unknown }> };
    }>;
  };
}

export function redirectChain(har: unknown): RedirectHop[] {
  const entries = (har as HarLike)?.log?.entries;
  if (!Array.isArray(entries)) return [];
  const out: RedirectHop[] = [];
  for (const e of entries) {
    const status = Number(e?.response?.status);
    if (!(status >= 300 && status < 400)) continue;
    const url = typeof e?.request?.url === 'string' ? e.request.url : '';
    const entries = (e?.response?.headers ?? []).filter(
      (h): h is { name: string; value: string } => typeof h?.name === 'string' && typeof h?.value === 'string',
    );
    const header = fieldLines(linesOfEntries(entries), 'location')[0];
    const location = typeof e?.response?.redirectURL === 'string' && e.response.redirectURL ? e.response.redirectURL : (header ?? '');
    if (!location) continue;
    out.push({ status, url, location });
  }
  return out;
}
