import type { Check } from './types';
import { finding } from './util';
import { isCacheStatusName } from './headers-cache-status';

/** Fields whose change between two answers says nothing about a request id: time, body, state. */
const NOT_AN_ID = new Set([
  'date',
  'age',
  'expires',
  'last-modified',
  'set-cookie',
  'content-length',
  'etag',
  'content-range',
  'content-md5',
  'digest',
  'content-digest',
  'repr-digest',
  'keep-alive',
  'connection',
  'server-timing',
]);

/** An identifier: a run of at least 8 letters, digits and the separators ids use. */
const ID = /[A-Za-z0-9][A-Za-z0-9._:=+/-]{7,}/;

/**
 * Found by meaning, not by name: a field present in two answers to the same request whose values
 * differ and look like identifiers. Needs the repeated answer the replay asks for (noise learning).
 */
export const headersRequestId: Check = {
  id: 'headers/request-id',
  title: 'A request id (or request-trace) header whose value is new on every request',
  clause:
    'Service description: Media files on {asset_url} carry "a request-trace header (hidden value)"; the maintenance host\'s 403 carries "headers server, a request id header and date". ' +
    'The names are not given: a field whose value changes from one request to the next and looks like an identifier.',
  source: 'capture',
  level: 'must',
  readsRepeat: true,
  run(ex, context) {
    const expected = 'a field whose value differs between two identical requests and looks like an identifier';
    const again = context.repeat;
    if (!again)
      return [
        {
          ...finding(headersRequestId, true, expected, '(no second answer to compare)'),
          met: 'n/a',
          message: 'premise not met: the same request was not answered twice',
        },
      ];
    const first = new Map<string, string>();
    for (const [n, v] of ex.lines) if (!first.has(n)) first.set(n, v);
    const candidates: string[] = [];
    for (const [n, v] of again.lines) {
      if (NOT_AN_ID.has(n) || isCacheStatusName(n) || !first.has(n)) continue;
      const a = first.get(n)!;
      if (a !== v && ID.test(a) && ID.test(v)) candidates.push(n);
    }
    const found = [...new Set(candidates)];
    return [
      finding(
        headersRequestId,
        found.length > 0,
        expected,
        found.length ? `${found.join(', ')} (new on each request)` : 'no field changes from one request to the next',
      ),
    ];
  },
};
