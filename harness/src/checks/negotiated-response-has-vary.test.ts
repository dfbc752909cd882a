import { negotiatedResponseHasVary } from './negotiated-response-has-vary';
import { tableTest } from './test-support';

tableTest(negotiatedResponseHasVary, [
  {
    name: 'gzip with vary Accept-Encoding',
    input: {
      lines: [
        ['content-encoding', 'gzip'],
        ['vary', 'Accept-Encoding'],
      ],
    },
    verdicts: ['pass'],
  },
  {
    name: 'br with vary *',
    input: {
      lines: [
        ['content-encoding', 'br'],
        ['vary', '*'],
      ],
    },
    verdicts: ['pass'],
  },
  {
    name: 'vary on two lines',
    input: {
      lines: [
        ['content-encoding', 'br'],
        ['vary', 'Origin'],
        ['vary', 'accept-encoding'],
      ],
    },
    verdicts: ['pass'],
  },
  { name: 'gzip without vary', input: { lines: [['content-encoding', 'gzip']] }, verdicts: ['fail'], expected: 'Accept-Encoding', actual: 'vary: (absent)' },
  {
    name: 'gzip with vary Accept only',
    input: {
      lines: [
        ['content-encoding', 'gzip'],
        ['vary', 'Accept'],
      ],
    },
    verdicts: ['fail'],
    actual: 'vary: Accept',
  },
  {
    name: 'converted image with vary Accept, Accept-Encoding',
    input: {
      lines: [
        ['content-type', 'image/avif'],
        ['source-type', 'image/png'],
        ['vary', 'Accept, Accept-Encoding'],
      ],
    },
    verdicts: ['pass'],
  },
  {
    name: 'converted image without Accept in vary',
    input: {
      lines: [
        ['content-type', 'image/avif'],
        ['source-type', 'image/png'],
        ['vary', 'Accept-Encoding'],
      ],
    },
    verdicts: ['fail'],
    expected: 'image/png converted to image/avif',
  },
  {
    name: 'original image: not applicable',
    input: {
      lines: [
        ['content-type', 'image/png'],
        ['source-type', 'image/png'],
      ],
    },
    verdicts: [],
  },
  { name: 'identity: not applicable', input: { lines: [['content-encoding', 'identity']] }, verdicts: [] },
]);
