import { randomBytes, randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type express from 'express';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { createApp } from '../../http/app';
import { parseEntityTagList } from '../../http/conditional';
import { indexContent, type IndexedFile } from '../../http/content-index';
import { chooseEncoding } from '../../http/encoding';
import { onlyMethods } from '../../http/methods';
import { codingFor, sendPrecompressed } from '../../http/precompressed';
import { resolveRequestPath } from '../../http/request-path';
import { sendBody } from '../../http/send-body';
import { hostnameOf, originOf } from '../../http/urls';
import { canonicalName } from '../../roles';
import type { HostContext } from '../context';
import { renamer } from '../deployment';
import { loadCatalogue } from './catalogue';
import { productPageCookies } from './cookies';
import { signedFontUrl, verifyFontQuery } from './font-signing';
import { FORMAT_TYPES, ImageVariants, parseWidth, pngSize, preferredFormat, VariantsBusyError } from './image-variants';
import { buildProductPages, storePage, type ShippedImage, type StorePage } from './product-page';
import { CACHE, cdnHeaders, pageHeaders, PAGE_CACHE_CONTROL, themeAssetHeaders } from './storefront-headers';
import { contentVersion, loadTheme, type ThemeFile } from './theme';

const HTML = 'text/html; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';
const FONT_PREFIX = '/cdn/fonts/';
const FILES_PREFIX = '/cdn/shop/files/';
const PRODUCTS_PREFIX = '/products/';
/** The second host name of a font URL (h2): the shop's platform domain. */
export const FONT_H2_HOST = 'store-test.account.myshopify.test';
/** `v=` on image URLs: digits, as the description shows. */
const IMAGE_VERSION = /^[0-9]{1,20}$/;

export interface ShopAppOptions {
  /** Cache of encoded image variants (tests and benchmarks pass their own to inspect it). */
  variants?: ImageVariants;
}

function plain(req: Request, res: Response, status: number, text: string): Promise<void> {
  return sendBody(req, res, `${text}\n`, { status, type: TEXT });
}

/** If-None-Match against the selected representation's tag (weak comparison, RFC 9110 13.1.2). */
function notModified(req: Request, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (header === undefined) return false;
  const list = parseEntityTagList(Array.isArray(header) ? header.join(', ') : header);
  const opaque = etag.replace(/^W\//, '').slice(1, -1);
  return list === '*' || list.some((t) => t.opaque === opaque);
}

async function sendIndexed(req: Request, res: Response, file: IndexedFile): Promise<void> {
  const coding = chooseEncoding(req.headers, ['br', 'gzip']);
  const body = coding === 'identity' ? file.bytes : await file.encoded(coding);
  res.statusCode = 200;
  res.setHeader('Content-Type', file.type);
  if (coding !== 'identity') res.setHeader('Content-Encoding', coding);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('Content-Length', body.length);
  if (req.method === 'HEAD') res.end();
  else res.end(body);
}

/** What the storefront serves, read, rendered and compressed once when the host is built. */
interface Shop {
  deployment: HostContext['deployment'];
  theme: ReturnType<typeof loadTheme>;
  fonts: Map<string, IndexedFile>;
  images: Map<string, ShippedImage>;
  pages: Map<string, StorePage>;
  notFoundPage: StorePage;
  variants: ImageVariants;
}

function loadShop(ctx: HostContext, options: ShopAppOptions): Shop {
  const shopRoot = path.join(ctx.contentRoot, 'shop');
  const { deployment } = ctx;
  const rename = renamer(deployment);
  const theme = loadTheme(shopRoot, rename);
  const fonts = indexContent([{ dir: path.join(shopRoot, 'fonts'), urlPrefix: '/cdn/fonts', rename }], (n) =>
    n.toLowerCase().endsWith('.woff2') ? 'font/woff2' : undefined,
  );
  const images = new Map<string, ShippedImage>();
  for (const file of indexContent([{ dir: path.join(shopRoot, 'files'), urlPrefix: '/cdn/shop/files', rename }], (n) =>
    n.toLowerCase().endsWith('.png') ? 'image/png' : undefined,
  ).values()) {
    const size = pngSize(file.bytes);
    if (!size) throw new Error(`${file.name} is not a PNG`);
    images.set(file.name.toLowerCase(), { key: file.key, bytes: file.bytes, ...size, version: contentVersion(file.bytes) });
  }
  const fontUrl = signedFontUrl(rename('/cdn/fonts/lessons_sans/lessons_sans_n4.woff2'), canonicalName('shop'), FONT_H2_HOST, deployment.fontSecret);
  const catalogue = new Map(
    [...loadCatalogue(path.join(shopRoot, 'products.json')).values()].map((p) => {
      const handle = rename(p.handle);
      return [handle, { ...p, handle, images: p.images.map((i) => ({ ...i, file: rename(i.file) })) }] as const;
    }),
  );
  return {
    deployment,
    theme,
    fonts,
    images,
    pages: buildProductPages(path.join(shopRoot, 'pages/product.html'), catalogue, { fontUrl, ...theme.urls, images }, rename),
    notFoundPage: storePage(fs.readFileSync(path.join(shopRoot, 'pages/404.html'), 'utf8')),
    variants: options.variants ?? new ImageVariants(),
  };
}

function sendPage(req: Request, res: Response, page: StorePage, status: number): void {
  pageHeaders(res);
  const coding = codingFor(req, page.body);
  sendPrecompressed(req, res, page.body, { status, type: HTML, coding });
}

function productPage(shop: Shop, req: Request, res: Response, page: StorePage): void {
  const { deployment } = shop;
  pageHeaders(res);
  const coding = codingFor(req, page.body);
  const etag = page.etag(coding);
  res.setHeader('Cache-Control', PAGE_CACHE_CONTROL);
  res.setHeader('ETag', etag);
  const keepAlive = deployment.keepAliveFormat === 'hex' ? randomBytes(16).toString('hex') : randomUUID();
  res.setHeader(
    'Set-Cookie',
    productPageCookies(hostnameOf(req), new Date(), {
      keepAliveId: keepAlive,
      country: deployment.shopCountry,
      yearDays: deployment.cookieYears.shopYearDays,
      lifetimeAs: deployment.shopCookieLifetimes,
    }),
  );
  if (notModified(req, etag)) {
    res.setHeader('Vary', 'Accept-Encoding');
    res.statusCode = 304;
    res.end();
    return;
  }
  sendPrecompressed(req, res, page.body, { type: HTML, coding });
}

function themeFile(shop: Shop, req: Request, res: Response, found: ThemeFile): Promise<void> {
  const query = found.file.key.includes('/compiled_assets/') ? found.version : `v=${found.version}`;
  themeAssetHeaders(res, `${shop.deployment.shopCanonicalOrigin ?? originOf('shop', req)}${found.file.key}?${query}`);
  return sendIndexed(req, res, found.file);
}

/** Timing-Allow-Origin beyond the theme assets: the deployment's choice. */
const timeable = (shop: Shop) => shop.deployment.shopTimingAllowOrigin === 'every-cdn-file';

function platformFile(shop: Shop, req: Request, res: Response, file: IndexedFile): Promise<void> {
  res.setHeader('Cache-Control', CACHE.platform);
  cdnHeaders(res, timeable(shop));
  return sendIndexed(req, res, file);
}

function font(shop: Shop, req: Request, res: Response, key: string, query: string | undefined): Promise<void> | void {
  if (!verifyFontQuery(key, query, shop.deployment.fontSecret)) return plain(req, res, 403, 'Forbidden: missing or invalid font signature');
  const file = shop.fonts.get(key);
  if (!file) return plain(req, res, 404, 'Not Found');
  res.statusCode = 200;
  res.setHeader('Content-Type', file.type);
  res.setHeader('Cache-Control', CACHE.font);
  cdnHeaders(res, timeable(shop));
  res.setHeader('Content-Length', file.bytes.length);
  res.end(req.method === 'HEAD' ? undefined : file.bytes);
}

async function image(shop: Shop, req: Request, res: Response, key: string, query: string | undefined): Promise<void> {
  const name = key.slice(FILES_PREFIX.length);
  if (!name.endsWith('.png') || name.includes('/')) return plain(req, res, 404, 'Not Found: only PNG originals are stored');
  const source = shop.images.get(name);
  if (!source) return plain(req, res, 404, 'Not Found');
  const params = new URLSearchParams(query ?? '');
  const width = parseWidth(params.getAll('width'));
  if (!width.ok) return plain(req, res, 400, `Bad Request: ${width.reason}`);
  const versions = params.getAll('v');
  if (versions.length > 1 || (versions.length === 1 && !IMAGE_VERSION.test(versions[0]))) return plain(req, res, 400, 'Bad Request: v must be digits');
  const format = preferredFormat(req.headers.accept);
  // The cache is keyed by the file: a v= of the right shape is accepted, and costs no encode of its own.
  let bytes: Buffer;
  try {
    bytes = await shop.variants.get(source, width.width, format);
  } catch (e) {
    if (!(e instanceof VariantsBusyError)) throw e;
    res.setHeader('Retry-After', '1');
    return plain(req, res, 503, 'Service Unavailable: too many image conversions waiting');
  }
  res.statusCode = 200;
  res.setHeader('Content-Type', FORMAT_TYPES[format]);
  res.setHeader('Content-Length', bytes.length);
  res.setHeader('Source-Type', 'image/png');
  res.setHeader('Source-Length', source.bytes.length);
  res.setHeader('Vary', 'Accept, Accept-Encoding');
  res.setHeader('Cache-Control', shop.deployment.shopImageCache);
  cdnHeaders(res, timeable(shop));
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

/** Each path to what answers it: a product page, a theme or platform file, a font, an image, else the store's 404 page. */
function dispatch(shop: Shop): RequestHandler {
  return async (req, res) => {
    const resolved = resolveRequestPath(req.url);
    if (resolved.kind === 'bad-request') return plain(req, res, 400, 'Bad Request: malformed path');
    const notFound = () => sendPage(req, res, shop.notFoundPage, 404);
    if (resolved.kind === 'not-found') return notFound();
    const { key, query } = resolved;
    if (key.startsWith(PRODUCTS_PREFIX)) {
      const page = shop.pages.get(key.slice(PRODUCTS_PREFIX.length));
      return page ? productPage(shop, req, res, page) : notFound();
    }
    const themed = shop.theme.files.get(key);
    if (themed) return themeFile(shop, req, res, themed);
    const platform = shop.theme.platform.get(key);
    if (platform) return platformFile(shop, req, res, platform);
    if (key.startsWith(FONT_PREFIX)) return font(shop, req, res, key, query);
    if (key.startsWith(FILES_PREFIX)) return image(shop, req, res, key, query);
    return notFound();
  };
}

const serverError: ErrorRequestHandler = (_err, req, res, _next) => {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  for (const name of ['Content-Encoding', 'ETag', 'Set-Cookie', 'Link', 'Cache-Control', 'Source-Type', 'Source-Length']) res.removeHeader(name);
  void plain(req, res, 500, 'Internal Server Error');
};

/**
 * The storefront ({shop_url}): a Shopify-style shop. Product pages, theme and platform scripts,
 * fonts and original images are read, rendered and compressed once when the host is built;
 * image variants are encoded on first request and cached.
 */
export function createShopApp(ctx: HostContext, options: ShopAppOptions = {}): express.Express {
  const shop = loadShop(ctx, options);
  const app = createApp();
  const hostHeaders: RequestHandler = (_req, res, next) => {
    res.setHeader('Strict-Transport-Security', shop.deployment.shopHsts);
    for (const [name, value] of Object.entries(shop.deployment.shopEdgeHeaders)) res.setHeader(name, value);
    next();
  };
  app.use(hostHeaders);
  app.use(onlyMethods('GET', 'HEAD'));
  app.use(dispatch(shop));
  app.use(serverError);
  return app;
}
