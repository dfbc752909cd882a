import { maxAgeMatchesExpires } from './max-age-matches-expires';
import { tableTest } from './test-support';

const DATE: [string, string] = ['date', 'Wed, 08 Apr 2026 16:54:52 GMT'];

tableTest(maxAgeMatchesExpires, [
  {
    name: 'OCSP: max-age is the time until Expires',
    input: { lines: [DATE, ['cache-control', 'max-age=7200, public, no-transform, must-revalidate'], ['expires', 'Wed, 08 Apr 2026 18:54:52 GMT']] },
    verdicts: ['pass'],
  },
  {
    name: 'rounded down by a second',
    input: { lines: [DATE, ['cache-control', 'public, max-age=7199'], ['expires', 'Wed, 08 Apr 2026 18:54:52 GMT']] },
    verdicts: ['pass'],
  },
  {
    name: 'Cloudflare redirect: one hour',
    input: { lines: [DATE, ['cache-control', 'max-age=3600'], ['expires', 'Wed, 08 Apr 2026 17:54:52 GMT']] },
    verdicts: ['pass'],
  },
  {
    name: 'past Expires with max-age=0',
    input: { lines: [DATE, ['cache-control', 'max-age=0'], ['expires', 'Wed, 08 Apr 2026 16:00:00 GMT']] },
    verdicts: ['pass'],
  },
  {
    name: 'max-age disagrees on the OCSP responder: a stated fact',
    role: 'ocsp',
    input: { lines: [DATE, ['cache-control', 'max-age=15300'], ['expires', 'Wed, 08 Apr 2026 18:54:52 GMT']] },
    verdicts: ['fail'],
    levels: ['must'],
    expected: 'max-age=7200',
    actual: 'max-age=15300',
  },
  {
    name: 'max-age disagrees elsewhere: informational (the description states it for the responder only)',
    role: 'redirector',
    input: { lines: [DATE, ['cache-control', 'max-age=3600'], ['expires', 'Wed, 08 Apr 2026 18:54:52 GMT']] },
    verdicts: ['fail'],
    levels: ['info'],
    expected: 'max-age=7200',
  },
  {
    name: 'max-age not a number',
    input: { lines: [DATE, ['cache-control', 'max-age=abc'], ['expires', 'Wed, 08 Apr 2026 18:54:52 GMT']] },
    verdicts: ['fail'],
    actual: 'max-age=abc',
  },
  {
    name: 'no Date',
    input: {
      lines: [
        ['cache-control', 'max-age=7200'],
        ['expires', 'Wed, 08 Apr 2026 18:54:52 GMT'],
      ],
    },
    verdicts: ['fail'],
    actual: '(absent)',
  },
  { name: 'Expires -1: not applicable', input: { lines: [DATE, ['cache-control', 'max-age=0'], ['expires', '-1']] }, verdicts: [] },
  { name: 'no max-age: not applicable', input: { lines: [DATE, ['cache-control', 'no-cache, no-store'], ['expires', '-1']] }, verdicts: [] },
  { name: 'no Expires: not applicable', input: { lines: [DATE, ['cache-control', 'public, max-age=604800']] }, verdicts: [] },
]);
