import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import type { RequestHandler } from 'express';
import { portSuffixOf } from './urls';

/** Application Insights component id of the site; fixed so captures compare across runs. */
export const APPLICATION_ID = 'cid-v1:5c1f3a8e-2b7d-4e96-a0c4-8f2d61b93e57';

const TAG_MANAGER_HOST = 'tags.beacon.test';
const ANALYTICS_HOST = 'analytics.beacon.test';

/** Where a deployment's site headers differ where the description is silent: its application id, and its CSP's tag host and order. */
export interface SiteHeaderChoices {
  appId: string;
  siteCsp?: 'reference' | 'portal';
}

const REFERENCE_CHOICES: SiteHeaderChoices = { appId: APPLICATION_ID, siteCsp: 'reference' };

/**
 * "Permissive default source policy; scripts additionally allowed from two tag-management and
 * analytics hosts": the reference's, or the portal's (script-src first, its own tag host, its own order).
 */
function contentSecurityPolicy(port: string, style: SiteHeaderChoices['siteCsp']): string {
  if (style === 'portal')
    return (
      `script-src https://${ANALYTICS_HOST}${port} 'unsafe-eval' https://gtm.portal-tags.test${port} 'self' 'unsafe-inline'; ` +
      "default-src https: 'unsafe-inline' 'self' blob: data: 'unsafe-eval'"
    );
  return (
    "default-src 'self' https: data: blob: 'unsafe-inline' 'unsafe-eval'; " +
    `script-src 'self' 'unsafe-inline' 'unsafe-eval' https://${TAG_MANAGER_HOST}${port} https://${ANALYTICS_HOST}${port}`
  );
}

/**
 * The header set the site host and the media host put on every response.
 * The script sources carry the request's port so a browser driven against a non-default port is
 * not blocked by the policy the page itself sends.
 */
export function securityHeaders(req: { headers: IncomingHttpHeaders }, choices: SiteHeaderChoices = REFERENCE_CHOICES): OutgoingHttpHeaders {
  const port = portSuffixOf(req);
  const appId = choices.appId;
  return {
    'Strict-Transport-Security': 'max-age=31536000; includeSubDomains; preload',
    'X-Frame-Options': 'SAMEORIGIN',
    'X-XSS-Protection': '1; mode=block',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer-when-downgrade',
    'Content-Security-Policy': contentSecurityPolicy(port, choices.siteCsp),
    'Feature-Policy': "microphone 'none'; midi 'none'; camera 'none'; magnetometer 'none'; gyroscope 'none'; payment 'none'",
    'Permissions-Policy': 'microphone=(), midi=(), camera=(), magnetometer=(), gyroscope=(), payment=()',
    'Request-Context': `appId=${appId}`,
  };
}

// The set depends on the request's port only: built once per port (bounded: a client chooses
// the Host header, and a flood of made-up ports must not grow the cache).
const byPort = new Map<string, Array<[string, string]>>();
const MAX_PORTS = 64;

/** Sets the security header set on a response (node's API: Express's or a fast path's). */
export function setSecurityHeaders(
  req: { headers: IncomingHttpHeaders },
  res: { setHeader(name: string, value: string): unknown },
  choices: SiteHeaderChoices = REFERENCE_CHOICES,
): void {
  const key = `${portSuffixOf(req)} ${choices.appId} ${choices.siteCsp ?? 'reference'}`;
  let entries = byPort.get(key);
  if (!entries) {
    entries = Object.entries(securityHeaders(req, choices)) as Array<[string, string]>;
    if (byPort.size >= MAX_PORTS) byPort.clear();
    byPort.set(key, entries);
  }
  for (const [name, value] of entries) res.setHeader(name, value);
}

/** Sets the set first thing, so that every later answer (errors included) carries it. */
export function securityHeadersMiddleware(choices: SiteHeaderChoices = REFERENCE_CHOICES): RequestHandler {
  return (req, res, next) => {
    setSecurityHeaders(req, res, choices);
    next();
  };
}

/** The home page repeats X-Frame-Options: two header lines, each SAMEORIGIN (or, the same field value, one line). */
export function doubleFrameOptions(res: { setHeader(name: string, value: string | string[]): unknown }, form: 'two-lines' | 'one-line' = 'two-lines'): void {
  res.setHeader('X-Frame-Options', form === 'two-lines' ? ['SAMEORIGIN', 'SAMEORIGIN'] : 'SAMEORIGIN, SAMEORIGIN');
}
