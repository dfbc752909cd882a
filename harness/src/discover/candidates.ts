/**
 * Every address a source page offers, with where it was found: HTML attributes (`link[href]`,
 * `img[srcset]`...), CSS (`css`, `font-face`) from a stylesheet or from a page's `<style>`
 * elements and `style` attributes, `Link` response fields (`link-header`), and the requests a
 * browser made for the page (`network`, from a browser's network log). A selector names a kind of
 * reference, not a file: `link[rel=preload]` is a preload hint as an element or as a `Link` field.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import { cssLinks } from './css-links';
import { headerLinks } from './link-header';
import { pageLinks } from './html-links';

export const SELECTORS = [
  'link[href]',
  'link[rel=preload]',
  'link[rel=prefetch]',
  'link[rel=icon]',
  'script[src]',
  'img[src]',
  'img[srcset]',
  'source[src]',
  'source[srcset]',
  'a[href]',
  'css',
  'font-face',
  'link-header',
  'network',
] as const;
export type Selector = (typeof SELECTORS)[number];

/** Where a candidate was read: an element and attribute, CSS, a `Link` field, a browser's request. */
export type Via = Exclude<Selector, 'link[rel=preload]' | 'link[rel=prefetch]' | 'link[rel=icon]'>;

export interface Candidate {
  /** Where it was found: an element and attribute, `css`, `font-face`, `link-header` or `network`. */
  via: Via;
  url: URL;
  /** The `rel` tokens of a link element or a `Link` field, lowercased. */
  rel?: string[];
  /** A stylesheet a browser loads with the document: `<link rel=stylesheet>` or `@import`. */
  loads?: 'stylesheet';
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
const tokens = (rel: string | undefined) => (rel ? rel.toLowerCase().split(/\s+/).filter(Boolean) : undefined);

function fromCss(css: string, base: string, context: 'stylesheet' | 'declarationList' = 'stylesheet'): Candidate[] {
  return cssLinks(css, base, context).map((l) => ({ via: l.from, url: l.url, ...(l.imports ? { loads: 'stylesheet' as const } : {}) }));
}

function inlineCss(html: string, base: string): Candidate[] {
  const doc = parseDocument(html);
  const out: Candidate[] = [];
  for (const style of DomUtils.getElementsByTagName('style', doc)) out.push(...fromCss(DomUtils.textContent(style), base));
  for (const el of DomUtils.findAll((e) => typeof e.attribs.style === 'string', doc.children)) out.push(...fromCss(el.attribs.style, base, 'declarationList'));
  return out;
}

export function candidatesOf(answer: SourceAnswer): Candidate[] {
  const out: Candidate[] = headerLinks(answer.link, answer.url).map((l) => ({ via: 'link-header', url: l.url, ...(l.rel ? { rel: tokens(l.rel) } : {}) }));
  const text = answer.text ?? '';
  if (isCss(answer.contentType)) out.push(...fromCss(text, answer.url));
  else if (isHtml(answer.contentType, text)) {
    for (const l of pageLinks(text, answer.url)) {
      const rel = tokens(l.rel);
      out.push({
        via: l.from as Via,
        url: l.url,
        ...(rel ? { rel } : {}),
        ...(l.from === 'link[href]' && rel?.includes('stylesheet') ? { loads: 'stylesheet' as const } : {}),
      });
    }
    out.push(...inlineCss(text, answer.url));
  }
  return out;
}

/** The link relation a rel-qualified selector names. */
const REL_SELECTORS: Partial<Record<Selector, string>> = { 'link[rel=preload]': 'preload', 'link[rel=prefetch]': 'prefetch', 'link[rel=icon]': 'icon' };

/**
 * Whether the selectors take the candidate: its own kind; `css` takes `@font-face` sources too;
 * `link[rel=preload|prefetch|icon]` a link element or `Link` field with that relation.
 */
export function selects(selectors: readonly Selector[], c: Candidate): boolean {
  if (selectors.includes(c.via) || (c.via === 'font-face' && selectors.includes('css'))) return true;
  if (c.via !== 'link[href]' && c.via !== 'link-header') return false;
  return selectors.some((s) => {
    const rel = REL_SELECTORS[s];
    return rel !== undefined && (c.rel ?? []).includes(rel);
  });
}
