/**
 * TARGET_HEADERS in Chromium, hop by hop. Playwright's routes will not do: headers given to
 * `route.continue` follow every redirect the request makes, to whatever host it names, and a route
 * makes Playwright abort /favicon.ico. So every request of the browser (every context, page, popup
 * and worker: interception on the browser's own DevTools session) is paused before it leaves and
 * continued with exactly the extra headers of its own origin's role: a redirect hop is a request of
 * its own, and a hop to a third party, or to a mapped name over plain http, gets none (a value of
 * ours that Chromium carried over is taken off). Chromium's own HTTP credentials are scoped to one
 * origin (`httpCredentialsFor`), so a 401 challenge from anyone else gets nothing.
 */
import type { Browser, BrowserContextOptions } from '@playwright/test';
import { extraHeadersFor, ROLES, roleUrls, type TargetMap } from '../target-map';

/** Turns the extra headers on for every request `browser` sends; nothing to do without them. */
export async function sendExtraHeaders(browser: Browser, map: TargetMap): Promise<void> {
  const ours = new Set(Object.values(map.headers).flatMap((h) => Object.values(h ?? {})));
  if (ours.size === 0) return;
  const cdp = await browser.newBrowserCDPSession();
  cdp.on('Fetch.requestPaused', (e) => {
    const extra = extraHeadersFor(map, e.request.url);
    const names = new Set(Object.keys(extra));
    const given = Object.entries(e.request.headers);
    const kept = given.filter(([n, v]) => !names.has(n.toLowerCase()) && !ours.has(v));
    const continued =
      kept.length === given.length && names.size === 0
        ? { requestId: e.requestId }
        : { requestId: e.requestId, headers: [...kept, ...Object.entries(extra)].map(([name, value]) => ({ name, value })) };
    // A request the page gave up on (navigated away) cannot be continued: nothing to do.
    cdp.send('Fetch.continueRequest', continued).catch(() => undefined);
  });
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*', requestStage: 'Request' }] });
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

/**
 * Chromium's HTTP credentials for a Basic `Authorization` of the extra headers: Playwright takes one
 * origin, and offers them to no other. The header itself already goes, hop by hop, to every mapped
 * https origin whose role has it; the credentials answer a challenge of the first such origin (the
 * site's when it has one, else the first role's in the map's order). Undefined without a Basic
 * header, or when the roles' Basic headers differ (each goes as a header, to its own role).
 */
export function httpCredentialsFor(map: TargetMap): BrowserContextOptions['httpCredentials'] {
  const values = new Set(Object.values(map.headers).flatMap((h) => (h?.authorization !== undefined ? [h.authorization] : [])));
  if (values.size !== 1) return undefined;
  const [value] = values;
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(value);
  if (!m) return undefined;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  const origin = ROLES.flatMap((r) => roleUrls(map, r)).find((u) => u.protocol === 'https:' && extraHeadersFor(map, u).authorization === value)?.origin;
  if (!origin) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1), origin, send: 'unauthorized' };
}
