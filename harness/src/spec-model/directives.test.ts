/**
 * Directive lists by meaning: the same policy in another order, naming another deployment's own
 * tag host, passes; a missing, extra or changed directive, or a lifetime outside its span, fails
 * and says which.
 */
import { compileMatcher } from './matchers';
import { isHostSource, parseDirectives } from './directives';
import type { MatcherSpec } from './types';

const ctx = { placeholders: { '{analytics_url}': 'https://analytics.beacon.test:8443', '{shop_url}': 'https://shop.store.test:8443' } };
const CSP: MatcherSpec = {
  directives: {
    'default-src': ["'self'", 'https:', 'data:', 'blob:', "'unsafe-inline'", "'unsafe-eval'"],
    'script-src': ["'self'", "'unsafe-inline'", "'unsafe-eval'", '{host}', '{analytics_url}'],
  },
};
const YEAR: MatcherSpec = { directives: { public: true, 'max-age': { min: 365 * 86400 - 86400, max: 366 * 86400 + 86400 } }, separator: ',' };

test.each<[string, MatcherSpec, string, boolean]>([
  [
    'CSP as captured',
    CSP,
    "default-src 'self' https: data: blob: 'unsafe-inline' 'unsafe-eval'; script-src 'self' 'unsafe-inline' 'unsafe-eval' https://tags.beacon.test:8443 https://analytics.beacon.test:8443",
    true,
  ],
  [
    'CSP in another order, with its own tag host',
    CSP,
    "script-src https://analytics.beacon.test:8443 https://gtm.portal-tags.example 'unsafe-eval' 'self' 'unsafe-inline'; default-src https: 'self' blob: data: 'unsafe-eval' 'unsafe-inline'",
    true,
  ],
  [
    'CSP without the analytics host',
    CSP,
    "default-src 'self' https: data: blob: 'unsafe-inline' 'unsafe-eval'; script-src 'self' 'unsafe-inline' 'unsafe-eval' https://a.example https://b.example",
    false,
  ],
  [
    'CSP with a directive more',
    CSP,
    "default-src 'self' https: data: blob: 'unsafe-inline' 'unsafe-eval'; script-src 'self' 'unsafe-inline' 'unsafe-eval' https://a.example https://analytics.beacon.test:8443; object-src 'none'",
    false,
  ],
  [
    'CSP with a keyword where a host was',
    CSP,
    "default-src 'self' https: data: blob: 'unsafe-inline' 'unsafe-eval'; script-src 'self' 'unsafe-inline' 'unsafe-eval' 'strict-dynamic' https://analytics.beacon.test:8443",
    false,
  ],
  ['a year as 365 days', YEAR, 'public, max-age=31536000', true],
  ['a year as 365.2425 days, in another order', YEAR, 'max-age=31556952, public', true],
  ['a day', YEAR, 'public, max-age=86400', false],
  ['max-age missing', YEAR, 'public', false],
  ['HSTS', { directives: { 'max-age': ['63072000'], includesubdomains: true } }, 'max-age=63072000; includeSubDomains', true],
  ['HSTS, quoted max-age', { directives: { 'max-age': ['63072000'], includesubdomains: true } }, 'includeSubDomains; max-age="63072000"', true],
  ['Permissions-Policy', { directives: { camera: [], microphone: [] }, separator: ',' }, 'microphone=(), camera=()', true],
  ['Permissions-Policy allowing self', { directives: { camera: [], microphone: [] }, separator: ',' }, 'microphone=(), camera=(self)', false],
])('%s', (_name, spec, value, ok) => {
  const r = compileMatcher(spec)(value, ctx);
  expect(r.ok).toBe(ok);
  if (!ok) expect(r.actual).toMatch(/\((no |also |[a-z-]+ is )/);
});

test('an absent field fails', () => {
  expect(compileMatcher(CSP)(undefined, ctx)).toMatchObject({ ok: false, actual: '(absent)' });
});

test('the first of a repeated directive wins (CSP 3 §2.2)', () => {
  expect(parseDirectives("script-src 'self'; script-src https://x.example", ';').get('script-src')).toEqual(["'self'"]);
});

test.each([
  ['https://tags.example', true],
  ['tags.example:8443', true],
  ["'self'", false],
  ['https:', false],
  ['*', false],
  ["'nonce-abc'", false],
])('isHostSource(%s) = %s', (token, yes) => expect(isHostSource(token)).toBe(yes));

describe('links', () => {
  const m = compileMatcher({ links: [{ rel: 'canonical', href: { regex: '^https://[^/]+/cdn/shop/t/[0-9]+/assets/theme\\.css\\?v=[0-9]+$' } }] });
  test.each<[string, boolean]>([
    ['<https://shop.store.test:8443/cdn/shop/t/1/assets/theme.css?v=12>; rel="canonical"', true],
    ['<https://cdn.origin.example/cdn/shop/t/9/assets/theme.css?v=3>; rel=canonical', true],
    ['<https://cdn.origin.example/other.css>; rel="canonical"', false],
    ['<https://cdn.origin.example/cdn/shop/t/9/assets/theme.css?v=3>; rel="preload"', false],
  ])('%s -> %s', (value, ok) => expect(m(value, ctx).ok).toBe(ok));
});

describe('domainOf', () => {
  test.each<[MatcherSpec, string | undefined, boolean]>([
    [{ domainOf: '{shop_url}', relation: 'parent' }, 'store.test', true],
    [{ domainOf: '{shop_url}', relation: 'parent' }, '.store.test', true],
    [{ domainOf: '{shop_url}', relation: 'parent' }, 'shop.store.test', false],
    [{ domainOf: '{shop_url}', relation: 'parent' }, 'other.test', false],
    [{ domainOf: '{shop_url}', relation: 'parent' }, 'test', false],
    [{ domainOf: '{shop_url}' }, 'shop.store.test', true],
    [{ domainOf: '{shop_url}', relation: 'host-or-parent' }, 'store.test', true],
    [{ domainOf: '{shop_url}', relation: 'host-or-parent' }, undefined, false],
  ])('%j with %s -> %s', (spec, value, ok) => expect(compileMatcher(spec)(value, ctx).ok).toBe(ok));
});
