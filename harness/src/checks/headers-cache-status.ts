import { fieldLines } from '../core';
import type { Check } from './types';
import { finding } from './util';

/**
 * The family of cache status fields: RFC 9211's Cache-Status and the names CDNs and proxies use
 * (x-cache, x-cache-status, cf-cache-status, x-proxy-cache, x-cache-lookup, akamai-cache-status...).
 */
export function isCacheStatusName(name: string): boolean {
  const n = name.toLowerCase();
  return /(^|-)cache(-status|-lookup|-result)?$/.test(n) || n === 'x-cache-hits';
}

export const headersCacheStatus: Check = {
  id: 'headers/cache-status',
  title: 'A cache status header is sent (any name of the cache-status family)',
  clause:
    'Service description, Media files on {asset_url}: "also a cache status header and a request-trace header (hidden value)"; RFC 9211 defines Cache-Status, CDNs name theirs x-cache, cf-cache-status and the like.',
  source: 'capture',
  level: 'must',
  run(ex) {
    const names = [...new Set(ex.lines.map(([n]) => n))];
    const found = names.filter(isCacheStatusName);
    const shown = found.map((n) => `${n}: ${fieldLines(ex.lines, n)[0]}`);
    return [
      finding(
        headersCacheStatus,
        found.length > 0,
        'a field of the cache-status family (cache-status, x-cache, cf-cache-status, x-cache-status, x-proxy-cache, ...)',
        found.length ? shown.join('; ') : `none among ${names.join(', ') || '(no fields)'}`,
      ),
    ];
  },
};
