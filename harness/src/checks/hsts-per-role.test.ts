import { hstsPerRole } from './hsts-per-role';
import { tableTest } from './test-support';

const SITE = 'max-age=31536000; includeSubDomains; preload';
const h = (v: string): [string, string] => ['strict-transport-security', v];

tableTest(hstsPerRole, [
  { name: 'site', input: { lines: [h(SITE)] }, verdicts: ['pass'] },
  { name: 'assets, other order and case', role: 'assets', input: { lines: [h('preload; max-age="31536000"; includesubdomains')] }, verdicts: ['pass'] },
  { name: 'assets', role: 'assets', input: { lines: [h(SITE)] }, verdicts: ['pass'] },
  { name: 'shop', role: 'shop', input: { lines: [h('max-age=63072000')] }, verdicts: ['pass'] },
  { name: 'shop with the site value', role: 'shop', input: { lines: [h(SITE)] }, verdicts: ['fail'], expected: 'max-age=63072000', actual: 'max-age=31536000' },
  {
    name: 'site without preload',
    input: { lines: [h('max-age=31536000; includeSubDomains')] },
    verdicts: ['fail'],
    expected: 'preload',
    actual: 'includeSubDomains',
  },
  { name: 'site missing', input: { lines: [] }, verdicts: ['fail'], actual: '(absent)' },
  { name: 'site twice', input: { lines: [h(SITE), h(SITE)] }, verdicts: ['fail'], actual: '2 lines' },
  { name: 'ocsp: not applicable', role: 'ocsp', input: { lines: [] }, verdicts: [] },
  { name: 'plain http: not applicable', input: { url: 'http://www.lessons.test/', lines: [] }, verdicts: [] },
]);
