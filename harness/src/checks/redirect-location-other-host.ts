import { fieldValue } from '../core';
import type { Check } from './types';
import { finding } from './util';

/**
 * The redirecting host's favicon chain: each hop's Location is an absolute address of a host not
 * seen before in the chain ("another host", then "a third host").
 */
export const redirectLocationOtherHost: Check = {
  id: 'redirect/location-other-host',
  title: 'A redirect names an absolute address of another host (not one seen earlier in the chain)',
  clause:
    'Service description, Redirecting host: GET /favicon.ico -> 301 "location <absolute address of another host>"; GET / on the host named in that location -> 301 "location <absolute address of a third host>".',
  source: 'capture',
  level: 'must',
  run(ex, context) {
    if (ex.status < 300 || ex.status > 399) return [];
    const location = fieldValue(ex.lines, 'location');
    const seen = [...context.previous, ex].map((x) => new URL(x.request.url).host.toLowerCase());
    const expected = `an absolute URL of a host other than ${[...new Set(seen)].join(', ')}`;
    if (location === undefined) return [finding(redirectLocationOtherHost, false, expected, '(no Location)')];
    let target: URL;
    try {
      target = new URL(location);
    } catch {
      return [finding(redirectLocationOtherHost, false, expected, `${location} (not an absolute URL)`)];
    }
    return [finding(redirectLocationOtherHost, !seen.includes(target.host.toLowerCase()), expected, location)];
  },
};
