import type { Response } from 'express';

/** On every storefront response of the reference deployment (the description: 63072000 s on the storefront); `Deployment.shopHsts`. */
export const SHOP_HSTS = 'max-age=63072000; includeSubDomains';
/** Storefront HTML pages. */
export const PAGE_CSP = "block-all-mixed-content; frame-ancestors 'none'; upgrade-insecure-requests;";
/** Theme assets, compiled scripts and platform scripts: served as documents they may not script the shop. */
export const ASSET_CSP = 'sandbox allow-scripts allow-forms allow-modals allow-popups allow-downloads allow-top-navigation-by-user-activation';
/** Product pages carry per-visitor cookies: private, revalidated with the ETag on every use. */
export const PAGE_CACHE_CONTROL = 'private, max-age=0, must-revalidate';

export const CACHE = {
  theme: 'public, max-age=31557600',
  platform: 'public, max-age=31556952, immutable',
  font: 'max-age=2629800, immutable',
  image: 'public, max-age=31556952',
} as const;

export function pageHeaders(res: Response): void {
  res.setHeader('Content-Language', 'en');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Content-Security-Policy', PAGE_CSP);
}

/**
 * What every file under /cdn/ carries: readable from any origin, and timeable from any origin
 * where `timing` says so (the description states Timing-Allow-Origin for theme assets only).
 */
export function cdnHeaders(res: Response, timing = true): void {
  if (timing) res.setHeader('Timing-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Origin', '*');
}

/** Theme assets and the compiled script: sandboxed, cross-origin readable and timeable, with their canonical address. */
export function themeAssetHeaders(res: Response, canonical: string): void {
  res.setHeader('Cache-Control', CACHE.theme);
  res.setHeader('Content-Security-Policy', ASSET_CSP);
  res.setHeader('Link', `<${canonical}>; rel="canonical"`);
  cdnHeaders(res);
}
