/**
 * `{section}`, read from the site's own home page: the path segment before `/css/` and `/js/` in
 * the stylesheet and script addresses it links on its own origin (the description's shapes
 * `/{section}/css/<name>.css` and `/{section}/js/<name>.js`).
 */
import { pageLinks } from './html-links';

export interface InferredSection {
  section: string;
  /** Where it was read: the page and the first address that showed it. */
  from: string;
}

const SHAPE = /^\/([^/]+)\/(css\/[^/]+\.css|js\/[^/]+\.js)$/i;

export function inferSection(html: string, pageUrl: string): InferredSection | undefined {
  return inferSectionFromLinks(pageLinks(html, pageUrl), pageUrl);
}

/** The same, from the addresses a page links (`from`: the element and attribute). */
export function inferSectionFromLinks(links: ReadonlyArray<{ from: string; url: URL }>, pageUrl: string): InferredSection | undefined {
  const origin = new URL(pageUrl).origin;
  const votes = new Map<string, string[]>();
  for (const link of links) {
    if (link.url.origin !== origin || (link.from !== 'link[href]' && link.from !== 'script[src]')) continue;
    const m = SHAPE.exec(link.url.pathname);
    if (!m) continue;
    votes.set(m[1], [...(votes.get(m[1]) ?? []), link.url.pathname]);
  }
  const best = [...votes.entries()].sort((a, b) => b[1].length - a[1].length)[0];
  if (!best) return undefined;
  return { section: best[0], from: `${pageUrl} (${best[1].length} stylesheet/script address${best[1].length === 1 ? '' : 'es'}, e.g. ${best[1][0]})` };
}
