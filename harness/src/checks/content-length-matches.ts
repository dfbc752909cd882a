import { fieldLines } from '../core';
import type { Check } from './types';
import { finding } from './util';

export const contentLengthMatches: Check = {
  id: 'body/content-length-matches',
  title: 'Content-Length agrees with the bytes received',
  clause:
    'RFC 9112 §6.3: "If a valid Content-Length header field is present without Transfer-Encoding, its decimal value defines the expected message body length in octets"; ' +
    'RFC 9110 §8.6: a recipient that receives several Content-Length values must treat differing ones as an error.',
  source: 'rfc',
  level: 'must',
  run(ex) {
    const values = fieldLines(ex.lines, 'content-length');
    if (values.length === 0) return [];
    // No content: HEAD, 1xx, 204, 304 (the field describes the representation, not these bodies).
    if (ex.request.method.toUpperCase() === 'HEAD' || ex.status < 200 || ex.status === 204 || ex.status === 304) return [];
    const distinct = [...new Set(values.flatMap((v) => v.split(',')).map((v) => v.trim()))];
    if (distinct.length !== 1 || !/^[0-9]+$/.test(distinct[0])) {
      return [finding(contentLengthMatches, false, `one Content-Length, decimal (${ex.body.length})`, values.join(', '))];
    }
    const declared = Number(distinct[0]);
    return [finding(contentLengthMatches, declared === ex.body.length, `content-length: ${ex.body.length} (bytes received)`, `content-length: ${declared}`)];
  },
};
