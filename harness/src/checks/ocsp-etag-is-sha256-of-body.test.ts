import { createHash } from 'node:crypto';
import { ocspEtagIsSha256OfBody } from './ocsp-etag-is-sha256-of-body';
import { tableTest } from './test-support';

const body = Buffer.from('3082...fake ocsp response bytes');
const sha = createHash('sha256').update(body).digest('hex');
const CT: [string, string] = ['content-type', 'application/ocsp-response'];

tableTest(ocspEtagIsSha256OfBody, [
  { name: 'quoted uppercase SHA-256', input: { lines: [CT, ['etag', `"${sha.toUpperCase()}"`]], body }, verdicts: ['pass'] },
  { name: 'lowercase hex', input: { lines: [CT, ['etag', `"${sha}"`]], body }, verdicts: ['fail'], expected: sha.toUpperCase(), actual: sha },
  { name: 'unquoted', input: { lines: [CT, ['etag', sha.toUpperCase()]], body }, verdicts: ['fail'], expected: `"${sha.toUpperCase()}"` },
  { name: 'hash of another body', input: { lines: [CT, ['etag', `"${'A'.repeat(64)}"`]], body }, verdicts: ['fail'], actual: 'A'.repeat(64) },
  { name: 'no ETag', input: { lines: [CT], body }, verdicts: ['fail'], actual: '(absent)' },
  {
    name: 'not an OCSP response',
    input: {
      lines: [
        ['content-type', 'text/html'],
        ['etag', '"x"'],
      ],
      body,
    },
    verdicts: [],
  },
  { name: '304 without a body', input: { status: 304, lines: [CT, ['etag', `"${sha.toUpperCase()}"`]] }, verdicts: [] },
]);
