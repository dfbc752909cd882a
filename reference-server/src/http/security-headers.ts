import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import type { RequestHandler } from 'express';
import { portSuffixOf } from './urls';

/** Application Insights component id of the site; fixed so captures compare across runs. */
export const APPLICATION_ID = 'cid-v1:5c1f3a8e-2b7d-4e96-a0c4-8f2d61b93e57';

const TAG_MANAGER_HOST = 'tags.beacon.test';
const ANALYTICS_HOST = 'analytics.beacon.test';

/**
 * The header set the site host and the media host put on every response.
 * The script sources carry the request's port so a browser driven against a non-default port is
 * not blocked by the policy the page itself sends.
 */
export function securityHeaders(req: { headers: IncomingHttpHeaders }): OutgoingHttpHeaders {
  const port = portSuffixOf(req);
  return {
    'Strict-Transport-Security': 'max-age=31536000; includeSubDomains; preload',
    'X-Frame-Options': 'SAMEORIGIN',
    'X-XSS-Protection': '1; mode=block',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer-when-downgrade',
    'Content-Security-Policy':
      "default-src 'self' https: data: blob: 'unsafe-inline' 'unsafe-eval'; " +
      `script-src 'self' 'unsafe-inline' 'unsafe-eval' https://${TAG_MANAGER_HOST}${port} https://${ANALYTICS_HOST}${port}`,
    'Feature-Policy': "microphone 'none'; midi 'none'; camera 'none'; magnetometer 'none'; gyroscope 'none'; payment 'none'",
    'Permissions-Policy': 'microphone=(), midi=(), camera=(), magnetometer=(), gyroscope=(), payment=()',
    'Request-Context': `appId=${APPLICATION_ID}`,
  };
}

// The set depends on the request's port only: built once per port (bounded: a client chooses
// the Host header, and a flood of made-up ports must not grow the cache).
const byPort = new Map<string, Array<[string, string]>>();
const MAX_PORTS = 64;

/** Sets the security header set on a response (node's API: Express's or a fast path's). */
export function setSecurityHeaders(req: { headers: IncomingHttpHeaders }, res: { setHeader(name: string, value: string): unknown }): void {
  const port = portSuffixOf(req);
  let entries = byPort.get(port);
  if (!entries) {
    entries = Object.entries(securityHeaders(req)) as Array<[string, string]>;
    if (byPort.size >= MAX_PORTS) byPort.clear();
    byPort.set(port, entries);
  }
  for (const [name, value] of entries) res.setHeader(name, value);
}

/** Sets the set first thing, so that every later answer (errors included) carries it. */
export function securityHeadersMiddleware(): RequestHandler {
  return (req, res, next) => {
    setSecurityHeaders(req, res);
    next();
  };
}

/** The home page repeats X-Frame-Options: two header lines, each SAMEORIGIN. */
export function doubleFrameOptions(res: { setHeader(name: string, value: string[]): unknown }): void {
  res.setHeader('X-Frame-Options', ['SAMEORIGIN', 'SAMEORIGIN']);
}
