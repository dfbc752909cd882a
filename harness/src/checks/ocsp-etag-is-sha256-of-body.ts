import { createHash } from 'node:crypto';
import { fieldValue } from '../core';
import type { Check } from './types';
import { finding, mediaType } from './util';

export const ocspEtagIsSha256OfBody: Check = {
  id: 'ocsp/etag-is-sha256-of-body',
  title: 'The OCSP response ETag is the quoted uppercase SHA-256 of the body',
  clause:
    'Service description, Endpoints, certificate-status responder: "ETag is a quoted uppercase 64-hex string"; that the hex is ' +
    "the SHA-256 of the body is the behaviour of the responder the description was captured from (the Boulder responder of Let's Encrypt), not stated in the description.",
  source: 'reference',
  level: 'info',
  run(ex) {
    if (mediaType(ex) !== 'application/ocsp-response' || ex.body.length === 0) return [];
    const etag = fieldValue(ex.lines, 'etag');
    const body = ex.decoded ?? ex.body;
    const expected = `"${createHash('sha256').update(body).digest('hex').toUpperCase()}"`;
    return [finding(ocspEtagIsSha256OfBody, etag === expected, `${expected} (SHA-256 of the ${body.length}-byte body)`, etag ?? '(absent)')];
  },
};
