/**
 * TARGET_HEADERS in the browser: each request to a mapped role's origin gets that role's extra
 * headers (third-party origins get none, so a credential never leaves for them), and the HAR the
 * context recorded is rewritten so that their values are not kept. Playwright aborts a navigation
 * to `/favicon.ico` while a route is set, so the favicon flow drops the routes; a Basic
 * `Authorization` is also given to Chromium as HTTP credentials, which it sends when a host
 * challenges it, so a staging behind Basic auth serves that flow too.
 */
import type { BrowserContext } from '@playwright/test';
import { extraHeadersFor, type TargetMap } from '../target-map';

export async function addExtraHeaders(context: BrowserContext, map: TargetMap): Promise<void> {
  if (Object.keys(map.headers).length === 0) return;
  await context.route(
    (url) => Object.keys(extraHeadersFor(map, url)).length > 0,
    async (route) => {
      const headers = { ...(await route.request().allHeaders()), ...extraHeadersFor(map, route.request().url()) };
      await route.continue({ headers });
    },
  );
}

/** Names of every extra header of the map, lowercased. */
export function extraHeaderNames(map: TargetMap): Set<string> {
  return new Set(Object.values(map.headers).flatMap((h) => Object.keys(h ?? {})));
}

/** Replaces the values of the extra headers in a HAR's requests; true when something changed. */
export function hideExtraHeaders(har: unknown, names: ReadonlySet<string>): boolean {
  let changed = false;
  const entries = (har as { log?: { entries?: unknown[] } })?.log?.entries;
  if (!Array.isArray(entries) || names.size === 0) return false;
  for (const e of entries as Array<{ request?: { headers?: Array<{ name: string; value: string }> } }>) {
    for (const h of e.request?.headers ?? []) {
      if (names.has(String(h.name).toLowerCase())) {
        h.value = `‹hidden: ${h.value.length} chars›`;
        changed = true;
      }
    }
  }
  return changed;
}

/** The Basic credentials of the extra headers, when every role that has an Authorization header has the same Basic one. */
export function basicCredentials(map: TargetMap): { username: string; password: string } | undefined {
  const values = new Set(Object.values(map.headers).flatMap((h) => (h?.authorization !== undefined ? [h.authorization] : [])));
  if (values.size !== 1) return undefined;
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec([...values][0]);
  if (!m) return undefined;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
