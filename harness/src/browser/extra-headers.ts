/**
 * TARGET_HEADERS in Chromium, hop by hop: `request-gate.ts` gives every request exactly the extra
 * headers of its own origin's role (a hop to a third party, or to a mapped name over plain http,
 * gets none). Playwright's routes will not do: headers given to `route.continue` follow every
 * redirect, and a route makes Playwright abort /favicon.ico. Chromium's own HTTP credentials are
 * scoped to one origin (`httpCredentialsFor`), so a 401 challenge from anyone else gets nothing;
 * the HAR hides the headers' values (`hideExtraHeaders`; of a Cookie, only the extra's pairs).
 */
import type { BrowserContextOptions } from '@playwright/test';
import { cookiePairs, isField } from '../core';
import { carriedExtras, extraHeadersFor, ROLES, roleUrls, type TargetMap } from '../target-map';

/**
 * Hides the extra headers' values in a HAR's requests; true when something changed. A request's
 * Cookie keeps the pairs the page sent (a flow's session, read by har2spec): only the pairs of an
 * extra Cookie are hidden there, each by its length.
 */
export function hideExtraHeaders(har: unknown, map: Pick<TargetMap, 'headers'>): boolean {
  const names = new Set(Object.values(map.headers).flatMap((h) => Object.keys(h ?? {})));
  const ours = carriedExtras(map.headers).cookiePairs;
  const hidden = (value: string) => `‹hidden: ${value.length} chars›`;
  let changed = false;
  const entries = (har as { log?: { entries?: unknown[] } })?.log?.entries;
  if (!Array.isArray(entries) || names.size === 0) return false;
  for (const e of entries as Array<{ request?: { headers?: Array<{ name: string; value: string }> } }>) {
    for (const h of e.request?.headers ?? []) {
      if (!names.has(String(h.name).toLowerCase())) continue;
      const value = isField(h.name, 'cookie')
        ? cookiePairs(h.value)
            .map(([n, v]) => `${n}=${ours.has(`${n}=${v}`) ? hidden(v) : v}`)
            .join('; ')
        : hidden(h.value);
      changed ||= value !== h.value;
      h.value = value;
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
