/**
 * Cookie expectations stated from the service description's tables, used where no spec file
 * (specs/<role>.json) states the cookies of that exchange yet.
 */
import type { CookieSpec } from '../../../spec/types';

const YEAR = 365 * 86400;

/** "Cookies set by {base_url}" (the session cookie's name is not given, so it is not listed). */
export const SITE_HOME_COOKIES: Record<string, CookieSpec> = {
  SC_ANALYTICS_GLOBAL_COOKIE: { value: { regex: '^[0-9a-f]{32}\\|False$' }, expires: { relativeTime: { to: 'date', offsetSeconds: 315576000, toleranceSeconds: 259200 } }, path: '/', httpOnly: true },
  __RequestVerificationToken: { value: { regex: '^[A-Za-z0-9_-]{60,160}$' }, path: '/', httpOnly: true },
  sxa_site: { value: { regex: '^.+$' }, path: '/' },
  ARRAffinity: { value: { shape: 'hex64' }, path: '/', domain: '{site_host}', httpOnly: true, secure: true },
  ARRAffinitySameSite: { value: { shape: 'hex64' }, path: '/', domain: '{site_host}', sameSite: 'None', httpOnly: true, secure: true },
};

/** States and transitions: flag False -> flag True, "same cookie id with suffix |True, same attributes". */
export const SITE_FLIP_COOKIES: Record<string, CookieSpec> = {
  SC_ANALYTICS_GLOBAL_COOKIE: { value: { regex: '^[0-9a-f]{32}\\|True$' }, expires: { relativeTime: { to: 'date', offsetSeconds: 315576000, toleranceSeconds: 259200 } }, path: '/', httpOnly: true },
};

/** Storefront host: GET /products/<product handle> "sets cookies ...; expires _shopify_y and _shopify_s". */
export const SHOP_PRODUCT_COOKIES: Record<string, CookieSpec> = {
  keep_alive: { httpOnly: true, sameSite: 'Lax', expires: { relativeTime: { to: 'date', offsetSeconds: 1800, toleranceSeconds: 300 } } },
  secure_customer_sig: { secure: true, httpOnly: true, expires: { relativeTime: { to: 'date', offsetSeconds: YEAR, toleranceSeconds: 2 * 86400 } } },
  localization: { value: { regex: '^[A-Z]{2}$' }, expires: { relativeTime: { to: 'date', offsetSeconds: YEAR, toleranceSeconds: 2 * 86400 } } },
  _tracking_consent: { value: { regex: '^%7B.*%7D$', note: 'URL-encoded JSON' }, domain: '{shop_host}', expires: { relativeTime: { to: 'date', offsetSeconds: YEAR, toleranceSeconds: 2 * 86400 } } },
  _cmp_a: { value: { regex: '^%7B.*%7D$', note: 'URL-encoded JSON' }, domain: '{shop_host}', expires: { relativeTime: { to: 'date', offsetSeconds: 86400, toleranceSeconds: 3600 } } },
  _shopify_y: { maxAge: 0 },
  _shopify_s: { maxAge: 0 },
};
