/**
 * The addresses an HTML page links, read with a real HTML parser (htmlparser2): link href, script
 * src, img src and srcset, source src and srcset, a href. Resolved against the page's URL.
 */
import { DomUtils, parseDocument } from 'htmlparser2';

export interface PageLink {
  /** The element and attribute it came from: `link[href]`, `script[src]`... */
  from: string;
  /** `rel` of a link element, lowercased. */
  rel?: string;
  url: URL;
}

const ATTRIBUTES: ReadonlyArray<[string, string]> = [
  ['link', 'href'],
  ['script', 'src'],
  ['img', 'src'],
  ['img', 'srcset'],
  ['source', 'src'],
  ['source', 'srcset'],
  ['a', 'href'],
];

/** The URLs of a srcset (candidate strings separated by commas, each a URL and a descriptor). */
function srcsetUrls(value: string): string[] {
  return value
    .split(/,\s+/)
    .map((c) => c.trim().split(/\s+/)[0])
    .filter(Boolean);
}

export function pageLinks(html: string, base: string): PageLink[] {
  const doc = parseDocument(html);
  const out: PageLink[] = [];
  for (const [tag, attr] of ATTRIBUTES) {
    for (const el of DomUtils.getElementsByTagName(tag, doc)) {
      const value = el.attribs[attr];
      if (value === undefined || value.trim() === '') continue;
      for (const raw of attr === 'srcset' ? srcsetUrls(value) : [value.trim()]) {
        try {
          out.push({ from: `${tag}[${attr}]`, ...(el.attribs.rel ? { rel: el.attribs.rel.toLowerCase() } : {}), url: new URL(raw, base) });
        } catch {
          /* not a URL: nothing to follow */
        }
      }
    }
  }
  return out;
}
