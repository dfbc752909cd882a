/**
 * What a sub-resource the browser loaded must look like: its status, content type and content
 * coding (and, for storefront images, the original type). Expectations come from the spec files
 * (`specs/<role>.json`) where an exchange covers the resource; otherwise from the service
 * description, stated here row by row (DESCRIPTION_RULES) with the row they come from.
 */
import type { CookieSpec, ExchangeSpec, Level, MatcherSpec, Provenance, SpecFile } from '../../spec/types';
import { fillPlaceholders, type PlaceholderValues } from '../../spec/placeholders';
import { compileMatcher } from '../../spec/matchers';
import type { Role } from '../../target';

/** The response headers a browser flow compares for every sub-resource. */
export const CHECKED_HEADERS = ['content-type', 'content-encoding', 'source-type'] as const;

export interface ResourceExpectation {
  /** A spec exchange id (`site/static/css`) or `description: <row>`. */
  from: string;
  clause: string;
  source: Provenance;
  status: MatcherSpec;
  headers: Record<string, MatcherSpec>;
  /** Headers deliberately not compared for this request, with the reason (reported as skip). */
  notCompared: Record<string, string>;
}

/** What the flow knows about a request when it looks up its expectation. */
export interface RequestFacts {
  role: Role;
  method: string;
  url: URL;
  /** Request headers as the browser sent them, lowercased names. */
  headers: Record<string, string>;
}

const CONDITIONAL = ['range', 'if-none-match', 'if-modified-since', 'if-match', 'if-range', 'if-unmodified-since'];

const lower = (o: Record<string, string> | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(o ?? {}).map(([k, v]) => [k.toLowerCase(), v]));

/** Codings offered by an Accept-Encoding value (q=0 excluded). */
export function offeredCodings(value: string | undefined): Set<string> {
  const out = new Set<string>();
  for (const part of (value ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    out.add(name);
  }
  return out;
}

/** The image format a negotiating server picks for an Accept: AVIF, else WebP, else the original. */
export function imageOffers(accept: string | undefined): string {
  const a = (accept ?? '').toLowerCase();
  return ['image/avif', 'image/webp'].find((t) => a.includes(t)) ?? 'original';
}

/** Does the spec say the representation varies with Accept (a negotiated image format)? */
function negotiatesType(vary: unknown): boolean {
  const text = typeof vary === 'string' ? vary : typeof vary === 'object' && vary !== null ? JSON.stringify(vary) : '';
  return /(^|[^-\w])accept([^-\w]|$)/i.test(text);
}

function extensionOf(pathname: string): string {
  const last = pathname.split('/').pop() ?? '';
  const dot = last.lastIndexOf('.');
  return dot > 0 ? last.slice(dot + 1).toLowerCase() : '';
}

const topDir = (pathname: string) => pathname.split('/')[1] ?? '';

interface IndexedExchange {
  role: Role;
  spec: ExchangeSpec;
  path: string;
  query: string;
}

function acceptsOk(status: MatcherSpec | undefined): boolean {
  if (status === undefined) return true;
  try {
    return compileMatcher(status)('200', { placeholders: {} }).ok;
  } catch {
    return false;
  }
}

/** Header expectations of a spec exchange that apply to the browser's request. */
function fromSpec(x: IndexedExchange, facts: RequestFacts): ResourceExpectation {
  const specRequest = lower(x.spec.request.headers);
  const expect = lower(x.spec.expect.headers as Record<string, string>) as unknown as Record<string, unknown>;
  const headers: Record<string, MatcherSpec> = {};
  const notCompared: Record<string, string> = {};
  for (const name of CHECKED_HEADERS) {
    const m = expect[name];
    if (m === undefined) continue;
    if (typeof m === 'object' && m !== null && 'lines' in m) continue;
    if (name === 'content-encoding') {
      const specOffer = offeredCodings(specRequest['accept-encoding']);
      const browserOffer = offeredCodings(facts.headers['accept-encoding']);
      const covered = [...specOffer].every((c) => browserOffer.has(c));
      if (specOffer.size === 0 || !covered || (specOffer.size === 1 && specOffer.has('identity'))) {
        notCompared[name] = `${x.spec.id} states the coding for Accept-Encoding "${specRequest['accept-encoding'] ?? '(none)'}"; the browser offered "${facts.headers['accept-encoding'] ?? '(none)'}"`;
        continue;
      }
    }
    if (name === 'content-type' && negotiatesType(expect.vary) && imageOffers(specRequest.accept) !== imageOffers(facts.headers.accept)) {
      notCompared[name] = `${x.spec.id} states the type for Accept "${specRequest.accept ?? '(none)'}"; the browser's Accept offers a different set of image formats`;
      continue;
    }
    headers[name] = m as MatcherSpec;
  }
  return { from: x.spec.id, clause: x.spec.clause, source: x.spec.source, status: x.spec.expect.status ?? 200, headers, notCompared };
}

/* ---------------------------------------------------------------- the description, row by row */

interface Rule {
  role: Role;
  row: string;
  source?: Provenance;
  applies(facts: RequestFacts): boolean;
  status?: MatcherSpec;
  headers(facts: RequestFacts): Record<string, MatcherSpec>;
}

const path = (f: RequestFacts) => f.url.pathname;
const get = (f: RequestFacts) => f.method === 'GET';
const acceptsAvif = (f: RequestFacts) => (f.headers.accept ?? '').toLowerCase().includes('image/avif');

export const DESCRIPTION_RULES: readonly Rule[] = [
  { role: 'site', row: 'Endpoints, Site host: GET /', applies: (f) => get(f) && path(f) === '/', headers: () => ({ 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip' }) },
  { role: 'site', row: 'Static files on {base_url}: stylesheet -> text/css; text types gzip', applies: (f) => get(f) && path(f).endsWith('.css'), headers: () => ({ 'content-type': 'text/css', 'content-encoding': 'gzip' }) },
  { role: 'site', row: 'Static files on {base_url}: script -> application/x-javascript; text types gzip', applies: (f) => get(f) && path(f).endsWith('.js'), headers: () => ({ 'content-type': 'application/x-javascript', 'content-encoding': 'gzip' }) },
  { role: 'site', row: 'Static files on {base_url}: PNG image -> image/png', applies: (f) => get(f) && path(f).endsWith('.png'), headers: () => ({ 'content-type': 'image/png' }) },
  { role: 'site', row: 'Static files on {base_url}: GIF image -> image/gif', applies: (f) => get(f) && path(f).endsWith('.gif'), headers: () => ({ 'content-type': 'image/gif' }) },
  { role: 'site', row: 'Static files on {base_url}: SVG image -> image/svg+xml', applies: (f) => get(f) && path(f).endsWith('.svg'), headers: () => ({ 'content-type': 'image/svg+xml' }) },
  { role: 'site', row: 'Static files on {base_url}: font -> application/font-woff2', applies: (f) => get(f) && path(f).endsWith('.woff2'), headers: () => ({ 'content-type': 'application/font-woff2' }) },
  { role: 'site', row: 'Static files on {base_url}: font -> application/font-woff', applies: (f) => get(f) && path(f).endsWith('.woff'), headers: () => ({ 'content-type': 'application/font-woff' }) },
  { role: 'site', row: 'Static files on {base_url}: icon /favicon.ico -> image/x-icon', applies: (f) => get(f) && path(f) === '/favicon.ico', headers: () => ({ 'content-type': 'image/x-icon' }) },
  { role: 'site', row: 'Endpoints, Site host: GET /layouts/system/VisitorIdentificationCSS.aspx', applies: (f) => get(f) && path(f) === '/layouts/system/VisitorIdentificationCSS.aspx', headers: () => ({ 'content-type': 'text/css; charset=utf-8', 'content-encoding': 'gzip' }) },
  { role: 'site', row: 'Endpoints, Site host: GET /api/LessonPlan/GetPlanJson', applies: (f) => get(f) && path(f) === '/api/LessonPlan/GetPlanJson', headers: () => ({ 'content-type': 'application/json; charset=utf-8', 'content-encoding': 'gzip' }) },
  { role: 'assets', row: 'Media files on {asset_url}: image/svg+xml, content-encoding br', applies: (f) => get(f) && path(f).startsWith('/-/media/') && path(f).endsWith('.svg'), headers: () => ({ 'content-type': 'image/svg+xml', 'content-encoding': 'br' }) },
  { role: 'analytics', row: 'Third-party beacons: POST /ccm/collect -> 200, text/plain', applies: (f) => f.method === 'POST' && path(f) === '/ccm/collect', headers: () => ({ 'content-type': 'text/plain' }) },
  { role: 'analytics', row: 'Third-party beacons: tracking beacon -> 200, image/gif', applies: (f) => get(f) && /\.gif$/.test(path(f)), headers: () => ({ 'content-type': 'image/gif' }) },
  { role: 'shop', row: 'Storefront host: GET /products/<product handle> -> text/html; charset=utf-8, content-encoding br', applies: (f) => get(f) && path(f).startsWith('/products/'), headers: () => ({ 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'br' }) },
  { role: 'shop', row: 'Storefront assets: theme asset (css), content-encoding br', applies: (f) => get(f) && /^\/cdn\/shop\/t\/\d+\/assets\/.+\.css$/.test(path(f)), headers: () => ({ 'content-type': { regex: '^text/css(;|$)', source: 'reference', note: 'the description says "css or js" without a type' }, 'content-encoding': 'br' }) },
  { role: 'shop', row: 'Storefront assets: theme asset / compiled script (js), content-encoding br', applies: (f) => get(f) && /^\/cdn\/shop\/t\/\d+\/(assets|compiled_assets)\/.+\.js$/.test(path(f)), headers: () => ({ 'content-type': { regex: '^(application|text)/javascript(;|$)', source: 'reference', note: 'the description says "css or js" without a type' }, 'content-encoding': 'br' }) },
  { role: 'shop', row: 'Storefront assets: platform script features-<64 hex>.js', applies: (f) => get(f) && /^\/cdn\/.+\/assets\/storefront\/features-[0-9a-f]{64}\.js$/.test(path(f)), headers: () => ({ 'content-type': { regex: '^(application|text)/javascript(;|$)', source: 'reference', note: 'the type is not given by the description' } }) },
  { role: 'shop', row: 'Storefront assets: font -> content-type font/woff2', applies: (f) => get(f) && path(f).startsWith('/cdn/fonts/') && path(f).endsWith('.woff2'), headers: () => ({ 'content-type': 'font/woff2' }) },
  {
    role: 'shop',
    row: 'Storefront assets: image -> "when the request Accept includes image/avif the response content-type is image/avif; headers source-type (original type)"',
    applies: (f) => get(f) && path(f).startsWith('/cdn/shop/files/') && path(f).endsWith('.png'),
    headers: (f): Record<string, MatcherSpec> =>
      acceptsAvif(f)
        ? { 'content-type': 'image/avif', 'source-type': { equals: 'image/png', note: 'the originals are <name>.png (path shape)' } }
        : { 'source-type': { equals: 'image/png', note: 'the originals are <name>.png (path shape)' } },
  },
  { role: 'redirector', row: 'Redirecting host: GET /<directory>/ -> text/html; charset=UTF-8, gzip', applies: (f) => get(f) && /^\/[^/]+\/$/.test(path(f)), headers: () => ({ 'content-type': 'text/html; charset=UTF-8', 'content-encoding': 'gzip' }) },
  { role: 'redirector', row: 'Redirecting host: GET /cdn-cgi/styles/cf.errors.css -> text/css, gzip', applies: (f) => get(f) && path(f) === '/cdn-cgi/styles/cf.errors.css', headers: () => ({ 'content-type': 'text/css', 'content-encoding': 'gzip' }) },
  { role: 'redirector', row: 'Redirecting host: GET /cdn-cgi/images/icon-exclamation.png -> image/png', applies: (f) => get(f) && path(f) === '/cdn-cgi/images/icon-exclamation.png', headers: () => ({ 'content-type': 'image/png' }) },
];

function fromRule(rule: Rule, facts: RequestFacts): ResourceExpectation {
  return {
    from: `description: ${rule.row}`,
    clause: rule.row,
    source: rule.source ?? 'capture',
    status: rule.status ?? 200,
    headers: rule.headers(facts),
    notCompared: {},
  };
}

/* ---------------------------------------------------------------- the index */

export class ExpectationIndex {
  private readonly exchanges: IndexedExchange[] = [];
  private readonly rolesWithSpecs = new Set<Role>();

  constructor(
    readonly specs: readonly SpecFile[],
    readonly values: PlaceholderValues,
  ) {
    for (const file of specs) {
      this.rolesWithSpecs.add(file.role);
      const all: ExchangeSpec[] = [...file.exchanges, ...(file.flows ?? []).flatMap((f) => f.steps)];
      for (const spec of all) {
        const raw = spec.request.path;
        if (!raw.startsWith('/') || raw.includes('{{')) continue;
        let filled: string;
        try {
          filled = fillPlaceholders(raw, values);
        } catch {
          continue;
        }
        const q = filled.indexOf('?');
        this.exchanges.push({ role: file.role, spec, path: q < 0 ? filled : filled.slice(0, q), query: q < 0 ? '' : filled.slice(q + 1) });
      }
    }
  }

  hasSpecFor(role: Role): boolean {
    return this.rolesWithSpecs.has(role);
  }

  /** The spec exchange covering this request: same path (same query preferred), else same kind of file. */
  specExchange(facts: RequestFacts): ExchangeSpec | undefined {
    return this.specExchanges(facts)[0];
  }

  /** Every spec exchange covering this request, best first: same path and query, same path and query names, same path, then same kind of file. */
  specExchanges(facts: RequestFacts): ExchangeSpec[] {
    const method = facts.method.toUpperCase();
    const usable = this.exchanges.filter((x) => {
      if (x.role !== facts.role || (x.spec.request.method ?? 'GET').toUpperCase() !== method) return false;
      const h = lower(x.spec.request.headers);
      if (CONDITIONAL.some((c) => c in h)) return false;
      return acceptsOk(x.spec.expect.status);
    });
    const p = facts.url.pathname;
    const q = facts.url.search.replace(/^\?/, '');
    // Among exchanges of a negotiated resource, the one whose Accept leads to the same format as the browser's.
    const sameOffer = (x: IndexedExchange) => imageOffers(lower(x.spec.request.headers).accept) === imageOffers(facts.headers.accept);
    const ranked = [...usable.filter(sameOffer), ...usable.filter((x) => !sameOffer(x))];
    const samePath = ranked.filter((x) => x.path === p);
    const keys = (s: string) => [...new URLSearchParams(s).keys()].sort().join('&');
    const ext = extensionOf(p);
    const sameKind = ext ? ranked.filter((x) => x.path !== p && extensionOf(x.path) === ext && topDir(x.path) === topDir(p)) : [];
    const ordered = [...samePath.filter((x) => x.query === q), ...samePath.filter((x) => x.query !== q && keys(x.query) === keys(q)), ...samePath, ...sameKind];
    return [...new Set(ordered.map((x) => x.spec))];
  }

  /** The expectation of one request: its spec exchange, else the description's row, else none. */
  lookup(facts: RequestFacts): ResourceExpectation | undefined {
    const spec = this.specExchange(facts);
    if (spec) {
      const x = this.exchanges.find((e) => e.spec === spec);
      if (x) return fromSpec(x, facts);
    }
    const rule = DESCRIPTION_RULES.find((r) => r.role === facts.role && r.applies(facts));
    return rule ? fromRule(rule, facts) : undefined;
  }

  /** The cookie expectations of the exchange covering a request (`{}` when it states none). */
  cookieSpecs(facts: RequestFacts): { from: string; clause: string; source: Provenance; level?: Level; cookies: Record<string, CookieSpec> } | undefined {
    const spec = this.specExchanges(facts).find((x) => x.expect.cookies && Object.keys(x.expect.cookies).length > 0);
    if (!spec?.expect.cookies) return undefined;
    return { from: spec.id, clause: spec.clause, source: spec.source, ...(spec.level ? { level: spec.level } : {}), cookies: spec.expect.cookies };
  }
}
