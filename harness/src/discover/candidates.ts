/**
 * Every address a source page offers, with where it was found: HTML attributes (`link[href]`,
 * `img[srcset]`...), CSS (`css`, `font-face`) from a stylesheet or from a page's `<style>`
 * elements and `style` attributes, and `Link` response fields (`link-header`).
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import { cssLinks } from './css-links';
import { headerLinks } from './link-header';
import { pageLinks } from './html-links';

export const SELECTORS = [
  'link[href]',
  'script[src]',
  'img[src]',
  'img[srcset]',
  'source[src]',
  'source[srcset]',
  'a[href]',
  'css',
  'font-face',
  'link-header',
] as const;
export type Selector = (typeof SELECTORS)[number];

export interface Candidate {
  /** Where it was found: an element and attribute, `css`, `font-face` or `link-header`. */
  via: Selector;
  url: URL;
}

export interface SourceAnswer {
  url: string;
  contentType?: string;
  /** The decoded body as text. */
  text?: string;
  /** The `Link` field lines. */
  link: readonly string[];
}

const isCss = (type: string | undefined) => /^text\/css\b/i.test(type ?? '');
const isHtml = (type: string | undefined, text: string) => /html/i.test(type ?? '') || (!type && /^\s*<(!doctype|html)/i.test(text));

function inlineCss(html: string, base: string): Candidate[] {
  const doc = parseDocument(html);
  const out: Candidate[] = [];
  for (const style of DomUtils.getElementsByTagName('style', doc)) {
    for (const l of cssLinks(DomUtils.textContent(style), base)) out.push({ via: l.from, url: l.url });
  }
  for (const el of DomUtils.findAll((e) => typeof e.attribs.style === 'string', doc.children)) {
    for (const l of cssLinks(el.attribs.style, base, 'declarationList')) out.push({ via: l.from, url: l.url });
  }
  return out;
}

export function candidatesOf(answer: SourceAnswer): Candidate[] {
  const out: Candidate[] = headerLinks(answer.link, answer.url).map((l) => ({ via: 'link-header', url: l.url }));
  const text = answer.text ?? '';
  if (isCss(answer.contentType)) out.push(...cssLinks(text, answer.url).map((l) => ({ via: l.from, url: l.url })));
  else if (isHtml(answer.contentType, text)) {
    out.push(...pageLinks(text, answer.url).map((l) => ({ via: l.from as Selector, url: l.url })));
    out.push(...inlineCss(text, answer.url));
  }
  return out;
}

/** `css` selects every address of a stylesheet, `@font-face` sources included. */
export function selects(selectors: readonly Selector[], c: Candidate): boolean {
  return selectors.includes(c.via) || (c.via === 'font-face' && selectors.includes('css'));
}
