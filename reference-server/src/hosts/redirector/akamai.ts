import { randomBytes } from 'node:crypto';

/**
 * The second deployment's redirecting host sits behind another CDN: Akamai names each request
 * with `X-Akamai-Request-ID: <8 hex>` where Cloudflare sends `CF-RAY`.
 */
export function akamaiRequestId(): string {
  return randomBytes(4).toString('hex');
}
