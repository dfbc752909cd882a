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

/**
 * The URLs of a srcset, as the HTML standard parses it ("parse a srcset attribute"): a URL runs to
 * the next whitespace (a comma inside it is part of it, trailing commas end it), then its
 * descriptors run to the next comma outside parentheses.
 */
export function srcsetUrls(value: string): string[] {
  const out: string[] = [];
  const space = (c: string) => /\s/.test(c);
  let i = 0;
  while (i < value.length) {
    while (i < value.length && (space(value[i]) || value[i] === ',')) i++;
    const start = i;
    while (i < value.length && !space(value[i])) i++;
    const url = value.slice(start, i);
    if (!url) break;
    out.push(url.replace(/,+$/, ''));
    if (url.endsWith(',')) continue;
    for (let depth = 0; i < value.length; i++) {
      if (value[i] === '(') depth++;
      else if (value[i] === ')') depth = Math.max(0, depth - 1);
      else if (value[i] === ',' && depth === 0) {
        i++;
        break;
      }
    }
  }
  return out.filter(Boolean);
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
