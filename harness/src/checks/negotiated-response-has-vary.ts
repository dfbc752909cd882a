import { fieldValue } from '../core';
import type { Check, CheckResult } from './types';
import { finding, mediaType } from './util';

function varies(ex: Parameters<Check['run']>[0]): Set<string> {
  const v = fieldValue(ex.lines, 'vary');
  return new Set(
    (v ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );
}

export const negotiatedResponseHasVary: Check = {
  id: 'vary/negotiated-response-has-vary',
  title: 'Vary names Accept-Encoding / Accept when the body depends on them',
  clause:
    'RFC 9110 §12.5.5: "An origin server SHOULD send a Vary header field when its algorithm for selecting a representation varies based on aspects of the request message other than the method and target URI"; ' +
    'service description, Resources: static files and media carry "vary: Accept-Encoding", converted storefront images "vary Accept, Accept-Encoding".',
  source: 'rfc',
  level: 'should',
  fields: () => ['vary'],
  run(ex) {
    const out: CheckResult[] = [];
    const vary = varies(ex);
    const actual = fieldValue(ex.lines, 'vary') ?? '(absent)';
    const coding = (fieldValue(ex.lines, 'content-encoding') ?? '').trim().toLowerCase();
    if (coding && coding !== 'identity') {
      out.push(
        finding(
          negotiatedResponseHasVary,
          vary.has('*') || vary.has('accept-encoding'),
          `vary includes Accept-Encoding (content-encoding: ${coding})`,
          `vary: ${actual}`,
          { part: 'accept-encoding', field: 'vary', observed: actual },
        ),
      );
    }
    // A converted image: the original type differs from the type sent, so the choice followed Accept.
    const sourceType = fieldValue(ex.lines, 'source-type')?.trim().toLowerCase();
    const type = mediaType(ex);
    if (sourceType && type && sourceType !== type) {
      out.push(
        finding(
          negotiatedResponseHasVary,
          vary.has('*') || vary.has('accept'),
          `vary includes Accept (${sourceType} converted to ${type})`,
          `vary: ${actual}`,
          { part: 'accept', field: 'vary', observed: actual },
        ),
      );
    }
    return out;
  },
};
