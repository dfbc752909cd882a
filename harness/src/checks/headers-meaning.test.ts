import { headersCacheStatus } from './headers-cache-status';
import { headersRequestId } from './headers-request-id';
import { redirectLocationOtherHost } from './redirect-location-other-host';
import { observed } from '../spec-model/observed-fixture';
import { tableTest } from './test-support';

tableTest(headersCacheStatus, [
  { name: 'x-cache (the reference)', input: { lines: [['x-cache', 'TCP_HIT']] }, verdicts: ['pass'] },
  { name: 'RFC 9211 Cache-Status', input: { lines: [['cache-status', '"media-edge"; hit']] }, verdicts: ['pass'] },
  { name: 'cf-cache-status', input: { lines: [['cf-cache-status', 'HIT']] }, verdicts: ['pass'] },
  { name: 'x-proxy-cache', input: { lines: [['x-proxy-cache', 'MISS']] }, verdicts: ['pass'] },
  {
    name: 'none: cache-control is not a cache status',
    input: {
      lines: [
        ['cache-control', 'public'],
        ['x-cached-by', 'no'],
      ],
    },
    verdicts: ['fail'],
    actual: 'none among cache-control, x-cached-by',
  },
]);

tableTest(headersRequestId, [
  {
    name: 'x-azure-ref, new each time',
    input: { lines: [['x-azure-ref', '20260408T165452Z-abcdefgh12345678']] },
    repeat: { lines: [['x-azure-ref', '20260408T165453Z-zyxwvuts87654321']] },
    verdicts: ['pass'],
  },
  {
    name: 'any name: x-amzn-trace-id',
    input: { lines: [['x-amzn-trace-id', 'Root=1-5f84c7a1-7ed5b1a4c9a3e1f0b2c3d4e5']] },
    repeat: { lines: [['x-amzn-trace-id', 'Root=1-5f84c7a2-00112233445566778899aabb']] },
    verdicts: ['pass'],
  },
  {
    name: 'a constant id is not a request id',
    input: { lines: [['x-ms-request-id', '6c1f0e3a-9b8d-4e2f-8a7b-6c5d4e3f2a1b']] },
    repeat: { lines: [['x-ms-request-id', '6c1f0e3a-9b8d-4e2f-8a7b-6c5d4e3f2a1b']] },
    verdicts: ['fail'],
  },
  {
    name: 'a changing date or cache status is not an id',
    input: {
      lines: [
        ['date', 'Wed, 08 Apr 2026 16:54:52 GMT'],
        ['x-cache', 'TCP_MISS'],
      ],
    },
    repeat: {
      lines: [
        ['date', 'Wed, 08 Apr 2026 16:54:53 GMT'],
        ['x-cache', 'TCP_HIT'],
      ],
    },
    verdicts: ['fail'],
  },
  { name: 'without a second answer: n/a', input: { lines: [['x-azure-ref', 'abcdefgh12345678']] }, verdicts: ['n/a'] },
]);

const hop = (url: string, location?: string) => observed({ url, status: 301, lines: location ? [['location', location]] : [] });
tableTest(redirectLocationOtherHost, [
  {
    name: 'favicon to another host',
    input: { url: 'https://go.redirect.test/favicon.ico', status: 301, lines: [['location', 'https://hop2.redirect.test/']] },
    verdicts: ['pass'],
  },
  {
    name: 'second hop to a third host',
    previous: [hop('https://go.redirect.test/favicon.ico', 'https://hop2.redirect.test/')],
    input: { url: 'https://hop2.redirect.test/', status: 301, lines: [['location', 'https://hop3.redirect.test/']] },
    verdicts: ['pass'],
  },
  {
    name: 'second hop back to the first host',
    previous: [hop('https://go.redirect.test/favicon.ico', 'https://hop2.redirect.test/')],
    input: { url: 'https://hop2.redirect.test/', status: 301, lines: [['location', 'https://go.redirect.test/']] },
    verdicts: ['fail'],
  },
  {
    name: 'the same host',
    input: { url: 'https://go.redirect.test/favicon.ico', status: 301, lines: [['location', 'https://go.redirect.test/favicon-2.ico']] },
    verdicts: ['fail'],
  },
  {
    name: 'a relative Location',
    input: { url: 'https://go.redirect.test/favicon.ico', status: 301, lines: [['location', '/elsewhere']] },
    verdicts: ['fail'],
    actual: 'not an absolute URL',
  },
  { name: 'not a redirect: not applicable', input: { url: 'https://hop3.redirect.test/', status: 200 }, verdicts: [] },
]);
