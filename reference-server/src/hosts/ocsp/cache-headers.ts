import { createHash } from 'node:crypto';

/** IMF-fixdate (RFC 9110 5.6.7). */
export const httpDate = (ms: number): string => new Date(ms).toUTCString();

/** `"` + uppercase hex SHA-256 of the body + `"`, as Boulder sends it. */
export const etagOf = (body: Uint8Array): string => `"${createHash('sha256').update(body).digest('hex').toUpperCase()}"`;

/**
 * Whole seconds from the response's Date to nextUpdate, never negative. Counted from the Date
 * header's second (the current time truncated), so that Date + max-age = Expires exactly.
 */
export function maxAgeSeconds(nextUpdate: number, now: number): number {
  const date = Math.floor(now / 1000) * 1000;
  return Math.max(0, Math.floor((nextUpdate - date) / 1000));
}

export function cacheControl(nextUpdate: number, now: number): string {
  return `max-age=${maxAgeSeconds(nextUpdate, now)}, public, no-transform, must-revalidate`;
}

export interface Validators {
  etag: string;
  lastModified: string;
  expires: string;
  nextUpdate: number;
}

/** The headers of an authoritative answer (good or revoked), 200 and 304 alike, in the order sent. */
export function successHeaders(response: Validators, now: number): Array<[string, string]> {
  return [
    ['Content-Type', 'application/ocsp-response'],
    ['ETag', response.etag],
    ['Last-Modified', response.lastModified],
    ['Expires', response.expires],
    ['Cache-Control', cacheControl(response.nextUpdate, now)],
    ['Date', httpDate(now)],
  ];
}

/** Non-authoritative answers (errors, unauthorized) must not be cached publicly. */
export function errorHeaders(now: number): Array<[string, string]> {
  return [
    ['Content-Type', 'application/ocsp-response'],
    ['Cache-Control', 'no-cache'],
    ['Date', httpDate(now)],
  ];
}

/** If-None-Match (RFC 9110 13.1.2, weak comparison): `*` or a list naming the ETag. */
export function matchesIfNoneMatch(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return value.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === opaque);
}
