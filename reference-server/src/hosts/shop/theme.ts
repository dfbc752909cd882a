import { createHash } from 'node:crypto';
import * as path from 'node:path';
import { indexContent, type IndexedFile } from '../../http/content-index';

/** The published theme's number, as in /cdn/shop/t/<theme number>/. */
export const THEME_ID = '137296035934';
export const THEME_PREFIX = `/cdn/shop/t/${THEME_ID}`;
/** The platform's own script folder, /cdn/<platform path>/assets/storefront/. */
export const PLATFORM_PATH = 'shopifycloud/storefront';
export const PLATFORM_PREFIX = `/cdn/${PLATFORM_PATH}/assets/storefront`;

export const THEME_TYPES: Readonly<Record<string, string>> = {
  '.css': 'text/css',
  '.js': 'application/javascript',
};

export interface ThemeFile {
  file: IndexedFile;
  /** The `v=` value pages use: digits derived from the content, so it changes with the file. */
  version: string;
}

/** Digits from a content hash (about 15), the shape of Shopify's `v=` and compiled-script query. */
export function contentVersion(bytes: Buffer): string {
  return BigInt(`0x${createHash('sha256').update(bytes).digest('hex').slice(0, 12)}`).toString();
}

export interface Theme {
  /** Lowercased path -> file, for `/cdn/shop/t/<id>/assets/*` and `/compiled_assets/scripts.js`. */
  files: Map<string, ThemeFile>;
  /** Lowercased `/cdn/<platform path>/assets/storefront/features-<sha256>.js` -> file. */
  platform: Map<string, IndexedFile>;
  /** Page-relative addresses of what the product page loads. */
  urls: { css: string; js: string; compiled: string; platform: string };
}

function typeOf(name: string): string | undefined {
  return THEME_TYPES[path.extname(name).toLowerCase()];
}

/** Indexes the theme and platform scripts once; the platform script is named by its SHA-256. */
export function loadTheme(shopRoot: string, rename: (text: string) => string = (t) => t): Theme {
  const files = new Map<string, ThemeFile>();
  for (const file of indexContent([{ dir: path.join(shopRoot, 'theme'), urlPrefix: THEME_PREFIX, rename }], typeOf).values()) {
    files.set(file.key, { file, version: contentVersion(file.bytes) });
  }
  const platform = new Map<string, IndexedFile>();
  let platformUrl = '';
  for (const file of indexContent([{ dir: path.join(shopRoot, 'platform'), urlPrefix: PLATFORM_PREFIX, rename }], typeOf).values()) {
    const stem = path.basename(file.name, path.extname(file.name));
    const url = `${rename(PLATFORM_PREFIX)}/${stem}-${createHash('sha256').update(file.bytes).digest('hex')}.js`;
    platform.set(url.toLowerCase(), file);
    if (stem === 'features') platformUrl = url;
  }
  const need = (key: string): ThemeFile => {
    const found = files.get(rename(key).toLowerCase());
    if (!found) throw new Error(`theme file missing: ${key}`);
    return found;
  };
  const css = need(`${THEME_PREFIX}/assets/base.css`);
  const js = need(`${THEME_PREFIX}/assets/global.js`);
  const compiled = need(`${THEME_PREFIX}/compiled_assets/scripts.js`);
  if (!platformUrl) throw new Error('platform script features.js missing');
  return {
    files,
    platform,
    urls: {
      css: `${css.file.key}?v=${css.version}`,
      js: `${js.file.key}?v=${js.version}`,
      compiled: `${compiled.file.key}?${compiled.version}`,
      platform: platformUrl,
    },
  };
}
