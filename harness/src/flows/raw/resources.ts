/**
 * The resources the compression, conditional and range flows exercise, derived from the spec
 * files (never listed by hand): GET exchanges answered 200 without cookies, one per role and
 * resource type (file extension, or `page`), with what the spec says of their content coding.
 */
import { fieldKey } from '../../core';
import type { ExchangeSpec, MatcherSpec, Provenance, SpecFile } from '../../spec-model/types';
import type { Role } from '../../target-map';

export interface ResourceRow {
  /** `<role>/<type>`, e.g. `site/css`. */
  key: string;
  /** The spec folder's name when the run has several (HARNESS_SPECS): the flows' ids begin `<namespace>:`. */
  namespace?: string;
  role: Role;
  type: string;
  /** The exchange it comes from. */
  exchange: ExchangeSpec;
  /** The coding the spec expects when it is offered (undefined: never coded). */
  coding?: string;
  /** Provenance of that coding expectation. */
  codingSource: Provenance;
  /** The spec expects `vary` to name Accept-Encoding. */
  vary: boolean;
  /** Provenance of that Vary expectation. */
  varySource: Provenance;
  /** The spec expects validators. */
  etag: boolean;
  lastModified: boolean;
  acceptRanges: boolean;
}

function matcherSource(m: MatcherSpec | undefined, fallback: Provenance): Provenance {
  return m !== null && typeof m === 'object' && 'source' in m && m.source ? m.source : fallback;
}

function equalsValue(m: unknown): string | number | undefined {
  if (typeof m === 'string' || typeof m === 'number') return m;
  if (m && typeof m === 'object' && 'equals' in m) return (m as { equals: string | number }).equals;
  return undefined;
}

function headerSpec(ex: ExchangeSpec, name: string): unknown {
  const h = ex.expect.headers ?? {};
  const key = fieldKey(h, name);
  return key === undefined ? undefined : h[key];
}

function mentions(m: unknown, text: RegExp): boolean {
  return JSON.stringify(m ?? '').match(text) !== null;
}

export function resourceType(path: string): string {
  const p = path.split('?')[0];
  const m = /\.([A-Za-z0-9]+)$/.exec(p);
  return m ? m[1].toLowerCase() : 'page';
}

/** One row per (role, resource type), first exchange in spec order; `namespace`: the spec folder's name when the run has several. */
export function resourceRows(specs: readonly SpecFile[], namespace?: string): ResourceRow[] {
  const out: ResourceRow[] = [];
  const seen = new Set<string>();
  for (const spec of specs) {
    for (const ex of spec.exchanges) {
      const method = (ex.request.method ?? 'GET').toUpperCase();
      if (method !== 'GET' || Number(equalsValue(ex.expect.status)) !== 200) continue;
      if (ex.expect.cookies && Object.keys(ex.expect.cookies).length) continue;
      if (headerSpec(ex, 'set-cookie') !== undefined) continue;
      // A captured address belongs to its flow; a discovered one ({{found}}) is the target's own file.
      if (/^\{[a-z]+_url_\d+\}/.test(ex.request.path) || (!ex.discover && /\{\{/.test(ex.request.path)) || ex.request.body !== undefined) continue;
      const ce = headerSpec(ex, 'content-encoding');
      if (ce === undefined) continue;
      const type = resourceType(ex.discover?.template ?? ex.request.path);
      const key = `${spec.role}/${type}`;
      if (seen.has(key)) continue;
      const coding = equalsValue(ce);
      const absent = ce !== null && typeof ce === 'object' && 'absent' in ce;
      if (!absent && typeof coding !== 'string') continue;
      seen.add(key);
      out.push({
        key,
        ...(namespace ? { namespace } : {}),
        role: spec.role,
        type,
        exchange: ex,
        ...(absent ? {} : { coding: String(coding).toLowerCase() }),
        codingSource: matcherSource(ce as MatcherSpec, ex.source),
        vary: mentions(headerSpec(ex, 'vary'), /accept-encoding/i),
        varySource: matcherSource(headerSpec(ex, 'vary') as MatcherSpec, ex.source),
        etag: headerSpec(ex, 'etag') !== undefined && !mentions(headerSpec(ex, 'etag'), /"absent"/),
        lastModified: headerSpec(ex, 'last-modified') !== undefined && !mentions(headerSpec(ex, 'last-modified'), /"absent"/),
        acceptRanges: mentions(headerSpec(ex, 'accept-ranges'), /bytes/),
      });
    }
  }
  return out;
}

/** The Accept-Encoding values of the matrix; `undefined` = no header. */
export const OFFERS: ReadonlyArray<{ label: string; value?: string }> = [
  { label: 'gzip', value: 'gzip' },
  { label: 'br', value: 'br' },
  { label: 'gzip-deflate-br', value: 'gzip, deflate, br' },
  { label: 'identity', value: 'identity' },
  { label: 'none' },
];

export interface CodingExpectation {
  /** Codings accepted in the answer ('identity' = no Content-Encoding). */
  allowed: string[];
  source: Provenance;
  why: string;
}

/**
 * What the spec expects for one offer: the spec's coding whenever the offer names it; otherwise
 * nothing the client did not offer (RFC 9110 §12.5.3), and identity when nothing is offered
 * (what every captured server does; RFC 9110 would allow any coding: `reference`).
 */
export function expectedCoding(row: ResourceRow, offer: string | undefined): CodingExpectation {
  const offered = (offer ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (!row.coding) return { allowed: ['identity'], source: row.codingSource, why: 'the spec never codes this resource' };
  if (offered.includes(row.coding)) return { allowed: [row.coding], source: row.codingSource, why: `the spec codes it ${row.coding} when offered` };
  if (offer === undefined) return { allowed: ['identity'], source: 'reference', why: 'no Accept-Encoding: sent as is' };
  return {
    allowed: ['identity', ...offered.filter((c) => c !== 'identity')],
    source: 'rfc',
    why: `${row.coding} not offered: identity or an offered coding (RFC 9110 §12.5.3)`,
  };
}
