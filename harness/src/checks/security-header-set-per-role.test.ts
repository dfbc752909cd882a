import { securityHeaderSetPerRole } from './security-header-set-per-role';
import { tableTest } from './test-support';

const GOOD: Array<[string, string]> = [
  ['x-frame-options', 'SAMEORIGIN'],
  ['x-xss-protection', '1; mode=block'],
  ['x-content-type-options', 'nosniff'],
  ['referrer-policy', 'no-referrer-when-downgrade'],
  [
    'content-security-policy',
    "default-src 'self' 'unsafe-inline' 'unsafe-eval' https: data:; script-src 'self' 'unsafe-inline' https://tags.example https://stats.example",
  ],
  ['feature-policy', "microphone 'none'; midi 'none'; camera 'none'; magnetometer 'none'; gyroscope 'none'; payment 'none'"],
  ['permissions-policy', 'microphone=(), midi=(), camera=(), magnetometer=(), gyroscope=(), payment=()'],
  ['request-context', 'appId=cid-v1:3f5a'],
];
const ALL_PASS = GOOD.map(() => 'pass' as const);
const replace = (name: string, value?: string) =>
  GOOD.flatMap(([n, v]): Array<[string, string]> => (n === name ? (value === undefined ? [] : [[n, value]]) : [[n, v]]));
const failAt = (name: string) => GOOD.map(([n]) => (n === name ? 'fail' : 'pass') as 'pass' | 'fail');

tableTest(securityHeaderSetPerRole, [
  { name: 'site, full set', input: { lines: GOOD }, verdicts: ALL_PASS },
  {
    name: 'home page: x-frame-options twice, on one line',
    input: { lines: replace('x-frame-options', 'SAMEORIGIN, SAMEORIGIN') },
    verdicts: ALL_PASS,
    levels: GOOD.map(() => 'must' as const),
  },
  {
    name: 'home page: x-frame-options twice, on two lines',
    input: { lines: [...replace('x-frame-options'), ['x-frame-options', 'SAMEORIGIN'], ['x-frame-options', 'SAMEORIGIN']] },
    verdicts: [...ALL_PASS],
  },
  {
    name: 'assets, full set without request-context (not a security header)',
    role: 'assets',
    input: { lines: replace('request-context') },
    verdicts: ALL_PASS.slice(1),
  },
  {
    name: 'request-context missing on the site',
    input: { lines: replace('request-context') },
    verdicts: failAt('request-context'),
    expected: 'appId=',
    actual: '(absent)',
  },
  {
    name: "csp default-src 'none' is not permissive",
    input: { lines: replace('content-security-policy', "default-src 'none'; script-src https://a.example https://b.example") },
    verdicts: failAt('content-security-policy'),
    actual: "default-src 'none' is not permissive",
  },
  {
    name: "csp default-src 'self' only is not permissive",
    input: { lines: replace('content-security-policy', "default-src 'self'; script-src 'self' https://a.example https://b.example") },
    verdicts: failAt('content-security-policy'),
    actual: 'is not permissive',
  },
  {
    name: 'csp scripts from one host only',
    input: { lines: replace('content-security-policy', "default-src 'self' https:; script-src 'self' https://a.example") },
    verdicts: failAt('content-security-policy'),
    actual: 'script-src names 1 host',
  },
  {
    name: 'csp: another permissive policy with two other hosts passes',
    input: { lines: replace('content-security-policy', "default-src *; script-src 'self' 'unsafe-inline' tags.example.net:443 https://stats.example.org") },
    verdicts: ALL_PASS,
  },
  {
    name: 'x-frame-options DENY',
    input: { lines: replace('x-frame-options', 'DENY') },
    verdicts: failAt('x-frame-options'),
    expected: 'SAMEORIGIN',
    actual: 'DENY',
  },
  {
    name: 'nosniff missing',
    input: { lines: replace('x-content-type-options') },
    verdicts: failAt('x-content-type-options'),
    expected: 'nosniff',
    actual: '(absent)',
  },
  {
    name: 'camera allowed',
    input: { lines: replace('permissions-policy', 'microphone=(), midi=(), camera=(self), magnetometer=(), gyroscope=(), payment=()') },
    verdicts: failAt('permissions-policy'),
    actual: 'camera=(self)',
  },
  {
    name: 'feature-policy missing payment',
    input: { lines: replace('feature-policy', "microphone 'none'; midi 'none'; camera 'none'; magnetometer 'none'; gyroscope 'none'") },
    verdicts: failAt('feature-policy'),
    expected: "payment 'none'",
  },
  {
    name: 'referrer-policy differs',
    input: { lines: replace('referrer-policy', 'strict-origin') },
    verdicts: failAt('referrer-policy'),
    actual: 'strict-origin',
  },
  {
    name: 'csp without default-src',
    input: { lines: replace('content-security-policy', "script-src 'self'") },
    verdicts: failAt('content-security-policy'),
    expected: 'default-src',
    actual: 'no default-src directive',
  },
  { name: 'shop: not applicable', role: 'shop', input: { lines: [] }, verdicts: [] },
]);
