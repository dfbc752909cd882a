import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The server secret font URLs are signed with. A constant, not a per-process value: product
 * pages (and the font URLs in them) stay byte-identical across restarts, so their ETags and any
 * cached copy of a font stay valid. It only has to keep third parties from minting URLs for
 * this reference, which is a test fixture; a real deployment would load it from configuration.
 */
export const FONT_URL_SECRET = 'reference-storefront-font-secret-2026';

const BASE64URL = /^[A-Za-z0-9_-]{1,256}$/;
const HEX64 = /^[0-9a-f]{64}$/;

/** Unpadded base64url, as the h1/h2 values carry host names. */
export function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

/** What is signed: the font's path (lowercase, decoded) and both h values, unambiguously joined. */
function signedInput(fontPath: string, h1: string, h2: string): string {
  return `${fontPath}?h1=${h1}&h2=${h2}`;
}

export function fontHmac(fontPath: string, h1: string, h2: string, secret = FONT_URL_SECRET): string {
  return createHmac('sha256', secret)
    .update(signedInput(fontPath, h1, h2))
    .digest('hex');
}

/** A signed font address: `<path>?h1=<base64url>&h2=<base64url>&hmac=<64 hex>`. */
export function signedFontUrl(fontPath: string, h1Host: string, h2Host: string, secret = FONT_URL_SECRET): string {
  const h1 = base64url(h1Host);
  const h2 = base64url(h2Host);
  return `${fontPath}?h1=${h1}&h2=${h2}&hmac=${fontHmac(fontPath.toLowerCase(), h1, h2, secret)}`;
}

/**
 * Checks a font request's query against its path. Every value must be present exactly once and
 * well-formed; the hmac is compared in constant time (both sides are 32 bytes by then).
 */
export function verifyFontQuery(fontPath: string, query: string | undefined, secret = FONT_URL_SECRET): boolean {
  const params = new URLSearchParams(query ?? '');
  const [h1s, h2s, macs] = [params.getAll('h1'), params.getAll('h2'), params.getAll('hmac')];
  if (h1s.length !== 1 || h2s.length !== 1 || macs.length !== 1) return false;
  const [h1, h2, mac] = [h1s[0], h2s[0], macs[0].toLowerCase()];
  if (!BASE64URL.test(h1) || !BASE64URL.test(h2) || !HEX64.test(mac)) return false;
  const expected = Buffer.from(fontHmac(fontPath, h1, h2, secret), 'hex');
  return timingSafeEqual(expected, Buffer.from(mac, 'hex'));
}
