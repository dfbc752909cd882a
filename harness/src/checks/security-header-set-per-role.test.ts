import { securityHeaderSetPerRole } from './security-header-set-per-role';
import { tableTest } from './test-support';

const GOOD: Array<[string, string]> = [
  ['x-frame-options', 'SAMEORIGIN'],
  ['x-xss-protection', '1; mode=block'],
  ['x-content-type-options', 'nosniff'],
  ['referrer-policy', 'no-referrer-when-downgrade'],
  ['content-security-policy', "default-src 'self' 'unsafe-inline' 'unsafe-eval' https: data:; script-src 'self' 'unsafe-inline' https://tags.example"],
  ['feature-policy', "microphone 'none'; midi 'none'; camera 'none'; magnetometer 'none'; gyroscope 'none'; payment 'none'"],
  ['permissions-policy', 'microphone=(), midi=(), camera=(), magnetometer=(), gyroscope=(), payment=()'],
];
const ALL_PASS = GOOD.map(() => 'pass' as const);
const replace = (name: string, value?: string) =>
  GOOD.flatMap(([n, v]): Array<[string, string]> => (n === name ? (value === undefined ? [] : [[n, value]]) : [[n, v]]));
const failAt = (name: string) => GOOD.map(([n]) => (n === name ? 'fail' : 'pass') as 'pass' | 'fail');

tableTest(securityHeaderSetPerRole, [
  { name: 'site, full set', input: { lines: GOOD }, verdicts: ALL_PASS },
  { name: 'home page: x-frame-options twice', input: { lines: replace('x-frame-options', 'SAMEORIGIN, SAMEORIGIN') }, verdicts: ALL_PASS },
  { name: 'assets, full set', role: 'assets', input: { lines: GOOD }, verdicts: ALL_PASS },
  { name: 'x-frame-options DENY', input: { lines: replace('x-frame-options', 'DENY') }, verdicts: failAt('x-frame-options'), expected: 'SAMEORIGIN', actual: 'DENY' },
  { name: 'nosniff missing', input: { lines: replace('x-content-type-options') }, verdicts: failAt('x-content-type-options'), expected: 'nosniff', actual: '(absent)' },
  { name: 'camera allowed', input: { lines: replace('permissions-policy', 'microphone=(), midi=(), camera=(self), magnetometer=(), gyroscope=(), payment=()') }, verdicts: failAt('permissions-policy'), actual: 'camera=(self)' },
  { name: 'feature-policy missing payment', input: { lines: replace('feature-policy', "microphone 'none'; midi 'none'; camera 'none'; magnetometer 'none'; gyroscope 'none'") }, verdicts: failAt('feature-policy'), expected: "payment 'none'" },
  { name: 'referrer-policy differs', input: { lines: replace('referrer-policy', 'strict-origin') }, verdicts: failAt('referrer-policy'), actual: 'strict-origin' },
  { name: 'csp without default-src', input: { lines: replace('content-security-policy', "script-src 'self'") }, verdicts: failAt('content-security-policy'), expected: 'default-src' },
  { name: 'shop: not applicable', role: 'shop', input: { lines: [] }, verdicts: [] },
]);
