import { randomUUID } from 'node:crypto';

/*
 * Set-Cookie lines of the storefront's product page, written out in Shopify's spelling
 * (lowercase `path`/`expires`/`secure`, `Domain=` on the domain-wide ones).
 */

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
/** "1 year" as the reference counts it: 365 days. */
export const YEAR_DAYS = 365;

export const KEEP_ALIVE_MS = 30 * MINUTE;
export const COUNTRY = 'US';
/** A date in the past for cleared cookies (with Max-Age=0, which wins where it is understood). */
export const PAST_DATE = 'Thu, 01 Jan 1970 00:00:00 GMT';

const expires = (now: Date, ms: number) => new Date(now.getTime() + ms).toUTCString();

/**
 * "Domain-wide": the storefront host's parent (registrable) domain, as a storefront sets it
 * (`shop.store.test` -> `store.test`); a two-label host keeps itself.
 */
export function domainWide(host: string): string {
  const labels = host.split('.');
  return labels.length > 2 ? labels.slice(1).join('.') : host;
}

/** The consent record of a visitor in a region with no banner: every purpose granted. */
export function trackingConsent(country: string = COUNTRY): string {
  return JSON.stringify({
    con: { CMP: { a: '', m: '', p: '', s: '' } },
    v: '2.1',
    region: country + 'CA',
    reg: '',
    purposes: { a: true, p: true, m: true, t: true },
    display_banner: false,
    sale_of_data_region: false,
  });
}

export function cmpAnalytics(): string {
  return JSON.stringify({ purposes: { a: true, p: true, m: true, t: true }, display_banner: false, sale_of_data_region: false });
}

/** A storefront's choices where the description is silent (the reference's when left out). */
export interface ProductCookieChoices {
  keepAliveId?: string;
  country?: string;
  /** How many days "1 year" is (the description says only "1 year"). */
  yearDays?: number;
  /**
   * How a lifetime is written: an Expires date (Shopify's spelling), or Max-Age alone, as many
   * servers' cookie writers do (RFC 6265 §5.2.2: the same expiry, counted from the answer).
   */
  lifetimeAs?: 'expires' | 'max-age';
}

/** Every cookie the product page sets, in order; the domain-wide ones on the parent domain of `host`. */
export function productPageCookies(host: string, now: Date, choices: ProductCookieChoices = {}): string[] {
  const { keepAliveId = randomUUID(), country = COUNTRY, yearDays = YEAR_DAYS, lifetimeAs = 'expires' } = choices;
  const domain = domainWide(host);
  const YEAR = yearDays * DAY;
  const lasts = (ms: number) => (lifetimeAs === 'max-age' ? `Max-Age=${Math.round(ms / 1000)}` : `expires=${expires(now, ms)}`);
  return [
    `keep_alive=${keepAliveId}; path=/; ${lasts(KEEP_ALIVE_MS)}; HttpOnly; SameSite=Lax`,
    `secure_customer_sig=; path=/; ${lasts(YEAR)}; secure; HttpOnly; SameSite=Lax`,
    `localization=${country}; path=/; ${lasts(YEAR)}; SameSite=Lax`,
    `_tracking_consent=${encodeURIComponent(trackingConsent(country))}; Domain=${domain}; path=/; ${lasts(YEAR)}; SameSite=Lax`,
    `_cmp_a=${encodeURIComponent(cmpAnalytics())}; Domain=${domain}; path=/; ${lasts(DAY)}; SameSite=Lax`,
    // The description states both for these: an empty value, Max-Age=0 and a past date.
    `_shopify_y=; Domain=${domain}; path=/; expires=${PAST_DATE}; Max-Age=0`,
    `_shopify_s=; Domain=${domain}; path=/; expires=${PAST_DATE}; Max-Age=0`,
  ];
}
