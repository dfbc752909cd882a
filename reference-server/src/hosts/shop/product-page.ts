import { escapeHtml } from '../../http/escape-html';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import type { Coding } from '../../http/encoding';
import { precompress, type Precompressed } from '../../http/precompressed';
import type { Product } from './catalogue';
import type { SourceImage } from './image-variants';

export const PAGE_PLACEHOLDERS = [
  'CANONICAL',
  'TITLE',
  'DESCRIPTION',
  'PRICE',
  'VENDOR',
  'HANDLE',
  'VARIANT_ID',
  'FONT_URL',
  'FONT_CSS_URL',
  'THEME_CSS',
  'THEME_JS',
  'COMPILED_JS',
  'PLATFORM_JS',
  'IMAGES',
] as const;
type PagePlaceholder = (typeof PAGE_PLACEHOLDERS)[number];

/** Widths the page's srcset offers (each clamped to the original's width). */
export const SRCSET_WIDTHS = [180, 360, 540] as const;

export interface ShippedImage extends SourceImage {
  /** The `v=` value pages use for it. */
  version: string;
}

export interface PageAssets {
  fontUrl: string;
  css: string;
  js: string;
  compiled: string;
  platform: string;
  images: ReadonlyMap<string, ShippedImage>;
}

/** A page in every coding it is served in, each representation with its own strong ETag. */
export interface StorePage {
  body: Precompressed;
  etag(coding: Coding): string;
}

export { escapeHtml } from '../../http/escape-html';

/** `"cacheable:<md5 hex of the bytes sent>"`: strong, so a different coding has a different tag. */
export function cacheableEtag(bytes: Buffer): string {
  return `"cacheable:${createHash('md5').update(bytes).digest('hex')}"`;
}

/** A page precompressed in br and gzip, with the ETag of each representation computed once. */
export function storePage(html: string): StorePage {
  const body = precompress(html, ['br', 'gzip']);
  const tags = new Map<Coding, string>((['identity', 'br', 'gzip'] as const).map((c) => [c, cacheableEtag(body.get(c))]));
  return { body, etag: (coding) => tags.get(coding)! };
}

/** A URL inside a CSS string in a <style> element, where HTML entities are not decoded. */
function cssString(url: string): string {
  if (/["\\<>\n]/.test(url)) throw new Error(`not usable in a style sheet: ${url}`);
  return url;
}

function fill(template: string, values: Record<PagePlaceholder, string>): string {
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (m, name: string) => {
    if (!(PAGE_PLACEHOLDERS as readonly string[]).includes(name)) throw new Error(`unknown placeholder ${m}`);
    return values[name as PagePlaceholder];
  });
}

function imageUrl(image: ShippedImage, width: number): string {
  return `/cdn/shop/files/${image.key.split('/').pop()}?v=${image.version}&width=${Math.min(width, image.width)}`;
}

function imageTags(product: Product, images: ReadonlyMap<string, ShippedImage>): string {
  return product.images
    .map(({ file, alt }, i) => {
      const image = images.get(file);
      if (!image) throw new Error(`product ${product.handle}: image ${file} is not in the shop's files`);
      const widths = [...new Set(SRCSET_WIDTHS.map((w) => Math.min(w, image.width)))];
      const srcset = widths.map((w) => `${escapeHtml(imageUrl(image, w))} ${w}w`).join(', ');
      return (
        `        <img src="${escapeHtml(imageUrl(image, SRCSET_WIDTHS[1]))}" srcset="${srcset}" ` +
        `sizes="(min-width: 750px) 60vw, 100vw" width="${image.width}" height="${image.height}" ` +
        `alt="${escapeHtml(alt)}" loading="${i === 0 ? 'eager' : 'lazy'}">`
      );
    })
    .join('\n');
}

function variantId(handle: string): string {
  return BigInt(`0x${createHash('sha256').update(handle).digest('hex').slice(0, 11)}`).toString();
}

export function renderProductPage(template: string, product: Product, assets: PageAssets): string {
  return fill(template, {
    CANONICAL: `/products/${product.handle}`,
    TITLE: escapeHtml(product.title),
    DESCRIPTION: escapeHtml(product.description),
    PRICE: escapeHtml(product.price),
    VENDOR: escapeHtml(product.vendor),
    HANDLE: product.handle,
    VARIANT_ID: variantId(product.handle),
    FONT_URL: escapeHtml(assets.fontUrl),
    FONT_CSS_URL: cssString(assets.fontUrl),
    THEME_CSS: escapeHtml(assets.css),
    THEME_JS: escapeHtml(assets.js),
    COMPILED_JS: escapeHtml(assets.compiled),
    PLATFORM_JS: escapeHtml(assets.platform),
    IMAGES: imageTags(product, assets.images),
  });
}

/**
 * Every product page, rendered and compressed once when the host is built. The pages use
 * origin-relative addresses only, so one rendering serves every port the shop is reached on.
 */
export function buildProductPages(
  templateFile: string,
  products: ReadonlyMap<string, Product>,
  assets: PageAssets,
  rename: (text: string) => string = (t) => t,
): Map<string, StorePage> {
  const template = rename(fs.readFileSync(templateFile, 'utf8'));
  const pages = new Map<string, StorePage>();
  for (const product of products.values()) pages.set(product.handle, storePage(renderProductPage(template, product, assets)));
  return pages;
}
