/**
 * Source pages read once for the whole run: the global set-up reads them and writes what they
 * link to a file the workers seed their discovery from, so a page is asked for once per run,
 * not once per worker. A file that is missing or unreadable only means the workers read the pages
 * themselves.
 */
import * as fs from 'node:fs';
import { SELECTORS, type Selector } from './candidates';
import type { SourcePage } from './discovery';
import { TARGET_SIDE } from '../target-map/side';

export const ENV_DISCOVERY_FILE = TARGET_SIDE.discoveryFileVariable;

interface StoredPage {
  url: string;
  status?: number;
  problem?: string;
  candidates: Array<[Selector, string]>;
}

export function writePages(file: string, pages: readonly SourcePage[]): void {
  const stored: StoredPage[] = pages.map((p) => ({
    url: p.url,
    ...(p.status !== undefined ? { status: p.status } : {}),
    ...(p.problem !== undefined ? { problem: p.problem } : {}),
    candidates: p.candidates.map((c) => [c.via, c.url.href]),
  }));
  fs.writeFileSync(file, JSON.stringify(stored));
}

const isSelector = (v: unknown): v is Selector => (SELECTORS as readonly unknown[]).includes(v);

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
    const candidates = p.candidates.flatMap(([via, href]) => {
      try {
        return isSelector(via) ? [{ via, url: new URL(href) }] : [];
      } catch {
        return [];
      }
    });
    out.push({
      url: p.url,
      ...(typeof p.status === 'number' ? { status: p.status } : {}),
      ...(typeof p.problem === 'string' ? { problem: p.problem } : {}),
      candidates,
    });
  }
  return out;
}
