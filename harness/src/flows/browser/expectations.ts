/**
 * What a sub-resource the browser loaded must look like: its status, content type and content
 * coding, X-Frame-Options (and, for storefront images, the original type). Expectations come from
 * the spec files (`specs/<role>.json`), the one home of every rule: the exchange of the same path,
 * else of the same kind (file type and folder, or one directory segment `/<directory>/`). A
 * resource no exchange covers is held to a 2xx answer only.
 */
import type { CookieSpec, ExchangeSpec, Level, MatcherSpec, Provenance, SpecFile } from '../../spec-model/types';
import { fillPlaceholders, type PlaceholderValues } from '../../spec-model/placeholders';
import { compileMatcher } from '../../spec-model/matchers';
import { compileTemplate, matchTemplate, type CompiledTemplate } from '../../discover/template';
import { ROLE_PLACEHOLDERS, type Role } from '../../target-map';

/** The response headers a browser flow compares for every sub-resource. */
export const CHECKED_HEADERS = ['content-type', 'content-encoding', 'source-type', 'x-frame-options'] as const;

export interface ResourceExpectation {
  /** A spec exchange id (`site/static/css`) or `description: <row>`. */
  from: string;
  role: Role;
  clause: string;
  source: Provenance;
  /** The exchange's default level of its expectations. */
  level?: Level;
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
/** `/<directory>/`: one segment and a trailing slash (the redirector's page shape). */
const isDirectory = (pathname: string) => /^\/[^/]+\/$/.test(pathname);

interface IndexedExchange {
  role: Role;
  spec: ExchangeSpec;
  path: string;
  query: string;
  /** A discovered exchange covers every address of its template's shape. */
  template?: CompiledTemplate;
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
        notCompared[name] =
          `${x.spec.id} states the coding for Accept-Encoding "${specRequest['accept-encoding'] ?? '(none)'}"; the browser offered "${facts.headers['accept-encoding'] ?? '(none)'}"`;
        continue;
      }
    }
    if (name === 'content-type' && negotiatesType(expect.vary) && imageOffers(specRequest.accept) !== imageOffers(facts.headers.accept)) {
      notCompared[name] =
        `${x.spec.id} states the type for Accept "${specRequest.accept ?? '(none)'}"; the browser's Accept offers a different set of image formats`;
      continue;
    }
    headers[name] = m as MatcherSpec;
  }
  return {
    from: x.spec.id,
    role: x.role,
    clause: x.spec.clause,
    source: x.spec.source,
    ...(x.spec.level ? { level: x.spec.level } : {}),
    status: x.spec.expect.status ?? 200,
    headers,
    notCompared,
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
        if (spec.discover) {
          try {
            const template = compileTemplate(spec.discover.template, values, values[ROLE_PLACEHOLDERS[file.role]] ?? '');
            this.exchanges.push({ role: file.role, spec, path: '', query: '', template });
          } catch {
            /* a role not mapped: nothing of it is loaded */
          }
          continue;
        }
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
    const samePath = ranked.filter((x) => (x.template ? matchTemplate(x.template, facts.url) !== undefined : x.path === p));
    const keys = (s: string) => [...new URLSearchParams(s).keys()].sort().join('&');
    const ext = extensionOf(p);
    const sameKind = ext
      ? ranked.filter((x) => !x.template && x.path !== p && extensionOf(x.path) === ext && topDir(x.path) === topDir(p))
      : isDirectory(p)
        ? ranked.filter((x) => x.path !== p && isDirectory(x.path))
        : [];
    const ordered = [...samePath.filter((x) => x.query === q), ...samePath.filter((x) => x.query !== q && keys(x.query) === keys(q)), ...samePath, ...sameKind];
    return [...new Set(ordered.map((x) => x.spec))];
  }

  /** The expectation of one request: its spec exchange, else none. */
  lookup(facts: RequestFacts): ResourceExpectation | undefined {
    const spec = this.specExchange(facts);
    const x = spec && this.exchanges.find((e) => e.spec === spec);
    return x ? fromSpec(x, facts) : undefined;
  }

  /**
   * The cookie expectations of the exchanges covering a request, merged: several exchanges of one
   * page (with and without its optional query, a revalidation) each state some of its cookies;
   * the best-ranked exchange wins for a cookie several state. Each cookie keeps its exchange's
   * provenance and level.
   */
  cookieSpecs(facts: RequestFacts): { from: string; clause: string; source: Provenance; level?: Level; cookies: Record<string, CookieSpec> } | undefined {
    const stating = this.specExchanges(facts).filter((x) => x.expect.cookies && Object.keys(x.expect.cookies).length > 0);
    if (stating.length === 0) return undefined;
    const cookies: Record<string, CookieSpec> = {};
    for (const x of stating) {
      for (const [name, c] of Object.entries(x.expect.cookies ?? {}))
        cookies[name] ??= { source: x.source, ...(x.level ? { level: x.level } : {}), clause: x.clause, ...c };
    }
    const [first] = stating;
    return { from: stating.map((x) => x.id).join(', '), clause: first.clause, source: first.source, ...(first.level ? { level: first.level } : {}), cookies };
  }
}
