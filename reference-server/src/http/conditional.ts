import type { IncomingHttpHeaders } from 'node:http';

export interface Validators {
  /** Strong or weak entity tag as sent in ETag, or undefined when the resource has none. */
  etag?: string;
  lastModified: Date;
}

export type PreconditionOutcome = 'proceed' | 'not-modified' | 'precondition-failed';

interface EntityTag {
  weak: boolean;
  opaque: string;
}

const ENTITY_TAG = /(W\/)?"([^"]*)"/g;

function parseEntityTag(value: string): EntityTag | undefined {
  const m = /^(W\/)?"([^"]*)"$/.exec(value.trim());
  return m ? { weak: Boolean(m[1]), opaque: m[2] } : undefined;
}

/** Members of an If-Match / If-None-Match list; commas may occur inside quoted tags. */
export function parseEntityTagList(value: string): '*' | EntityTag[] {
  if (value.trim() === '*') return '*';
  const tags: EntityTag[] = [];
  for (const m of value.matchAll(ENTITY_TAG)) tags.push({ weak: Boolean(m[1]), opaque: m[2] });
  return tags;
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
}

/** Seconds since the epoch of an HTTP-date, or undefined when it is not one. */
export function parseHttpDate(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000);
}

function matches(list: '*' | EntityTag[], etag: string | undefined, strong: boolean): boolean {
  if (list === '*') return true; // the representation exists, which is all `*` asks
  const current = etag === undefined ? undefined : parseEntityTag(etag);
  if (!current) return false;
  return list.some((t) => t.opaque === current.opaque && (!strong || (!t.weak && !current.weak)));
}

/**
 * RFC 9110 section 13.2.2, steps 1-4 (If-Range is the range module's business).
 * Written here rather than with `fresh` because `fresh` treats a request's
 * `Cache-Control: no-cache` as "not fresh", a cache rule an origin server does not apply, and
 * does not cover If-Match / If-Unmodified-Since.
 */
export function evaluatePreconditions(method: string, headers: IncomingHttpHeaders, validators: Validators): PreconditionOutcome {
  const lastModified = Math.floor(validators.lastModified.getTime() / 1000);
  const safe = method === 'GET' || method === 'HEAD';

  const ifMatch = headerValue(headers, 'if-match');
  if (ifMatch !== undefined) {
    if (!matches(parseEntityTagList(ifMatch), validators.etag, true)) return 'precondition-failed';
  } else {
    const ius = parseHttpDate(headerValue(headers, 'if-unmodified-since'));
    if (ius !== undefined && lastModified > ius) return 'precondition-failed';
  }

  const ifNoneMatch = headerValue(headers, 'if-none-match');
  if (ifNoneMatch !== undefined) {
    if (matches(parseEntityTagList(ifNoneMatch), validators.etag, false)) return safe ? 'not-modified' : 'precondition-failed';
    return 'proceed';
  }

  if (safe) {
    const ims = parseHttpDate(headerValue(headers, 'if-modified-since'));
    if (ims !== undefined && lastModified <= ims) return 'not-modified';
  }
  return 'proceed';
}
