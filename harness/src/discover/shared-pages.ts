/**
 * Source pages read once for the whole run: the global set-up reads them and writes what they
 * link to a file the workers seed their discovery from, so a page is asked for once per run,
 * not once per worker. A file that is missing or unreadable only means the workers read the pages
 * themselves.
 */
import * as fs from 'node:fs';
import { SELECTORS, type Candidate, type Via } from './candidates';
import type { SourcePage } from './discovery';
import { TARGET_SIDE } from '../target-map/side';

export const ENV_DISCOVERY_FILE = TARGET_SIDE.discoveryFileVariable;

/** A candidate as stored: where it was found, the address, and its link relations and whether it is a stylesheet the document loads. */
type StoredCandidate = [Via, string, { rel?: string[]; loads?: 'stylesheet' }?];

interface StoredPage {
  url: string;
  status?: number;
  problem?: string;
  requests?: { problem?: string };
  candidates: StoredCandidate[];
}

function toStored(c: Candidate): StoredCandidate {
  const extra = { ...(c.rel ? { rel: c.rel } : {}), ...(c.loads ? { loads: c.loads } : {}) };
  return Object.keys(extra).length ? [c.via, c.url.href, extra] : [c.via, c.url.href];
}

export function writePages(file: string, pages: readonly SourcePage[]): void {
  const stored: StoredPage[] = pages.map((p) => ({
    url: p.url,
    ...(p.status !== undefined ? { status: p.status } : {}),
    ...(p.problem !== undefined ? { problem: p.problem } : {}),
    ...(p.requests ? { requests: p.requests } : {}),
    candidates: p.candidates.map(toStored),
  }));
  fs.writeFileSync(file, JSON.stringify(stored));
}

const isVia = (v: unknown): v is Via => (SELECTORS as readonly unknown[]).includes(v) && !String(v).startsWith('link[rel=');

export function readPages(file: string): SourcePage[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const out: SourcePage[] = [];
  for (const p of parsed as StoredPage[]) {
    if (typeof p?.url !== 'string' || !Array.isArray(p.candidates)) continue;
    const candidates = p.candidates.flatMap(([via, href, extra]): Candidate[] => {
      try {
        if (!isVia(via)) return [];
        const rel = Array.isArray(extra?.rel) ? extra.rel.filter((r): r is string => typeof r === 'string') : undefined;
        return [{ via, url: new URL(href), ...(rel ? { rel } : {}), ...(extra?.loads === 'stylesheet' ? { loads: 'stylesheet' as const } : {}) }];
      } catch {
        return [];
      }
    });
    out.push({
      url: p.url,
      ...(typeof p.status === 'number' ? { status: p.status } : {}),
      ...(typeof p.problem === 'string' ? { problem: p.problem } : {}),
      ...(p.requests && typeof p.requests === 'object' ? { requests: typeof p.requests.problem === 'string' ? { problem: p.requests.problem } : {} } : {}),
      candidates,
    });
  }
  return out;
}
