/**
 * One HAR entry reduced to what derivation reads: names lowercased, HTTP/2 pseudo-headers dropped,
 * repeated header lines kept in order, cookies parsed, the body reduced to facts (size, leading
 * bytes, JSON or not). Bodies themselves are not kept.
 */
import { cookiePairs, fieldLines, withoutField } from '../core';
import { candidatesOf, type Selector } from '../discover/candidates';
import { parseHttpDate } from '../shapes';
import type { Role } from '../target-map';
import { parseSetCookie, setCookieLines, type SetCookie } from './cookies';
import type { HarEntry, HarNameValue } from './har-types';
import type { Placeholderizer, RoleMapping } from './role-mapping';
import { templatePath } from './template';

export interface Observation {
  file: string;
  /** The deployment the capture recorded (its site host, or its first host): evidence is counted in deployments, not recordings. */
  deployment?: string;
  index: number;
  /** The request's URL as captured (never written to a spec: the path below is). */
  url: string;
  /** The Location the answer gave, as sent (for redirect chains: the address the next hop is asked of). */
  location?: string;
  /** The request's Referer, for finding the page that loaded a file. */
  referer?: string;
  /** Addresses a captured HTML page or stylesheet links (at most MAX_LINKS); absent when its text was not captured. */
  links?: Array<{ url: string; via: Selector }>;
  host: string;
  role: Role;
  /** Set when the host is a role's secondary name (hop2.redirect.test). */
  secondaryHost?: string;
  method: string;
  path: string;
  template: string;
  requestHeaders: Array<[string, string]>;
  requestCookies: Array<[string, string]>;
  requestBody?: { text: string; encoding: 'utf8' | 'base64' };
  status: number;
  headers: Array<[string, string]>;
  setCookies: SetCookie[];
  /** The response's Date in ms, when it has one. */
  date?: number;
  body: { size: number; mimeType: string; startsWithHex?: string; json?: boolean };
}

function lower(headers: HarNameValue[] | undefined): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const h of headers ?? []) {
    if (!h || typeof h.name !== 'string' || h.name.startsWith(':')) continue;
    out.push([h.name.toLowerCase(), String(h.value ?? '')]);
  }
  return out;
}

/**
 * Request headers a spec replays: content negotiation, conditionals, ranges, the XHR marker.
 * Browser noise (user-agent, sec-*) and credentials (cookie, authorization) are never replayed.
 */
export const REQUEST_HEADERS: ReadonlySet<string> = new Set([
  'accept',
  'accept-encoding',
  'accept-language',
  'content-type',
  'x-requested-with',
  'if-none-match',
  'if-modified-since',
  'if-match',
  'if-unmodified-since',
  'if-range',
  'range',
  'origin',
]);

/** Binary request bodies that specs may carry (OCSP); other request bodies are never written (they may hold credentials). */
const REPLAYABLE_BODY = /^application\/(ocsp-request|octet-stream-ocsp)\b/i;

function bodyFacts(entry: HarEntry): Observation['body'] {
  const content = entry.response.content ?? { size: -1 };
  const mimeType = (content.mimeType ?? '').toLowerCase();
  const text = typeof content.text === 'string' ? content.text : undefined;
  const base64 = (content.encoding ?? '').toLowerCase() === 'base64';
  let size = typeof content.size === 'number' && content.size >= 0 ? content.size : -1;
  let startsWithHex: string | undefined;
  let json: boolean | undefined;
  if (text !== undefined) {
    if (size < 0) size = base64 ? Buffer.byteLength(text, 'base64') : Buffer.byteLength(text, 'utf8');
    const head = base64 ? Buffer.from(text.slice(0, 12), 'base64') : Buffer.from(text.slice(0, 8), 'utf8');
    if (head.length >= 4) startsWithHex = head.subarray(0, 4).toString('hex');
    if (/[/+]json\b/.test(mimeType)) {
      try {
        JSON.parse(base64 ? Buffer.from(text, 'base64').toString('utf8') : text);
        json = true;
      } catch {
        json = false;
      }
    }
  }
  return { size, mimeType, startsWithHex, json };
}

const MAX_LINKS = 2000;

/** What a captured page or stylesheet links, read as the replay reads a target's pages. */
function linksOf(entry: HarEntry, url: URL, headers: Array<[string, string]>): Observation['links'] {
  const content = entry.response.content;
  const type = (content?.mimeType ?? '').toLowerCase();
  if (entry.response.status < 200 || entry.response.status > 299 || typeof content?.text !== 'string' || !/html|css/.test(type)) return undefined;
  const text = (content.encoding ?? '').toLowerCase() === 'base64' ? Buffer.from(content.text, 'base64').toString('utf8') : content.text;
  const link = fieldLines(headers, 'link');
  return candidatesOf({ url: url.href, contentType: type, text, link }).slice(0, MAX_LINKS).map((c) => ({ url: c.url.href, via: c.via }));
}

export function observe(entry: HarEntry, index: number, file: string, mapping: RoleMapping, ph: Placeholderizer): Observation | { unmapped: string } {
  let url: URL;
  try {
    url = new URL(entry.request.url);
  } catch {
    return { unmapped: entry.request.url.slice(0, 60) };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { unmapped: `${url.protocol}` };
  const host = url.hostname.toLowerCase();
  const role = mapping.hosts.get(host);
  if (!role) return { unmapped: host };
  // A request the tool recorded without an answer (aborted, or Playwright's status -1): nothing to derive.
  if (!(entry.response.status >= 100)) return { unmapped: `no answer recorded (status ${entry.response.status})` };
  const sent = lower(entry.request.headers);
  const requestHeaders = sent.filter(([n]) => REQUEST_HEADERS.has(n));
  const requestCookies: Array<[string, string]> = [];
  for (const v of fieldLines(sent, 'cookie')) requestCookies.push(...cookiePairs(v));
  if (requestCookies.length === 0) for (const c of entry.request.cookies ?? []) if (c && typeof c.name === 'string') requestCookies.push([c.name, String(c.value ?? '')]);
  const all = lower(entry.response.headers);
  const setCookies = setCookieLines(fieldLines(all, 'set-cookie'))
    .map(parseSetCookie)
    .filter((c): c is SetCookie => c !== undefined);
  const headers = withoutField(all, 'set-cookie');
  const dateValue = fieldLines(headers, 'date')[0];
  const date = dateValue ? parseHttpDate(dateValue)?.getTime() : undefined;
  const { path, template } = templatePath(url.pathname + url.search, ph);
  let requestBody: Observation['requestBody'];
  const post = entry.request.postData;
  if (post && typeof post.text === 'string' && REPLAYABLE_BODY.test(post.mimeType ?? '')) {
    const enc = (post.encoding ?? post._encoding ?? '').toLowerCase();
    requestBody = { text: post.text, encoding: enc === 'base64' ? 'base64' : 'utf8' };
  }
  const referer = fieldLines(sent, 'referer')[0];
  const location = fieldLines(headers, 'location')[0];
  const links = linksOf(entry, url, headers);
  return {
    file,
    index,
    url: url.href,
    ...(referer ? { referer } : {}),
    ...(location ? { location } : {}),
    ...(links ? { links } : {}),
    host,
    role,
    secondaryHost: mapping.primary.get(role) === host ? undefined : host,
    method: entry.request.method.toUpperCase(),
    path,
    template,
    requestHeaders,
    requestCookies,
    requestBody,
    status: entry.response.status,
    headers,
    setCookies,
    date,
    body: bodyFacts(entry),
  };
}

/** The observation's path and template again, under another mapping (the `{section}` its capture's pages show); its values with that mapping's placeholders. */
export function retemplate(o: Observation, ph: Placeholderizer): Observation {
  const url = new URL(o.url);
  const { path, template } = templatePath(url.pathname + url.search, ph);
  return {
    ...o,
    path,
    template,
    headers: o.headers.map(([n, v]) => [n, ph.apply(v)]),
    requestHeaders: o.requestHeaders.map(([n, v]) => [n, ph.apply(v)]),
  };
}
