import { compileMatcher } from '../spec-model/matchers';
import type { MatcherSpec } from '../spec-model/types';
import { deriveHeader, hexSkeleton } from './header-rules';
import type { Observation } from './observation';
import { defaultRoleMapping, Placeholderizer } from './role-mapping';

const ph = new Placeholderizer(defaultRoleMapping());
const DATE = Date.parse('Wed, 08 Apr 2026 16:54:52 GMT');
const obs = (n = 1) => Array.from({ length: n }, () => ({ date: DATE, status: 200, headers: [], body: { size: 452, mimeType: 'image/png' } }) as unknown as Observation);
const one = (name: string, ...lines: string[]) => deriveHeader(name, [lines], obs(), { ph, files: 1 });
const ctx = { placeholders: { '{analytics_url}': 'https://analytics.beacon.test:8443' } };

describe('response fields by meaning', () => {
  const warn = { level: 'should', note: expect.stringContaining('seen in the capture; the description does not state it') };
  it('what only the capture shows of the answer and its security warns, by what it means', () => {
    expect(one('content-type', 'text/css').spec).toEqual({ equals: 'text/css', ...warn });
    expect(one('x-frame-options', 'SAMEORIGIN', 'SAMEORIGIN').spec).toEqual({ list: ['SAMEORIGIN', 'SAMEORIGIN'], ...warn });
    // A lifetime within its calendar span: a week is 7 days, an hour either side.
    expect(one('cache-control', 'public, max-age=604800').spec).toEqual({ directives: { public: [], 'max-age': { min: 601200, max: 608400 } }, separator: ',', ...warn });
  });
  it('a year is a year however a deployment counts it (365 or 365.2425 days)', () => {
    const m = one('cache-control', 'public, max-age=31536000').spec as MatcherSpec;
    expect(compileMatcher(m)('max-age=31556952, public', ctx).ok).toBe(true);
    expect(compileMatcher(m)('public, max-age=2592000', ctx).ok).toBe(false);
  });
  it('a policy as a set of directives: another order and another tag host mean the same', () => {
    const m = one('content-security-policy', "default-src 'self' https:; script-src 'self' https://tags.example:8443 {analytics_url}").spec as MatcherSpec;
    expect(m).toMatchObject({ directives: { 'default-src': ["'self'", 'https:'], 'script-src': ["'self'", '{host}', '{analytics_url}'] }, ...warn });
    expect(compileMatcher(m)("script-src {A} 'self' https://gtm.other.example; default-src https: 'self'".replace('{A}', ctx.placeholders['{analytics_url}']), ctx).ok).toBe(true);
    expect(compileMatcher(m)("default-src 'self'; script-src 'self' https://a.example https://b.example", ctx).ok).toBe(false);
  });
  it('HSTS: its max-age within the span of its lifetime, its directives as a set', () => {
    const m = one('strict-transport-security', 'max-age=63072000; includeSubDomains').spec as MatcherSpec;
    expect(compileMatcher(m)('includeSubDomains; max-age=63072000', ctx).ok).toBe(true);
    expect(compileMatcher(m)('max-age=31536000; includeSubDomains', ctx).ok).toBe(false);
  });
  it('a Link by its relation and the shape of its address, on any host', () => {
    const m = one('link', '<https://shop.store.test:8443/cdn/shop/t/1/assets/base.css?v=17>; rel="canonical"').spec as MatcherSpec;
    expect(compileMatcher(m)('<https://cdn.origin.example/cdn/shop/t/1/assets/base.css?v=17>; rel=canonical', ctx).ok).toBe(true);
    expect(compileMatcher(m)('<https://cdn.origin.example/other.css>; rel=canonical', ctx).ok).toBe(false);
  });
  it('validators become shapes; Content-Length a check; dates and transmission fields are not compared', () => {
    expect(one('etag', '"802ccc38c394db1:0"').spec).toMatchObject({ shape: 'iis-etag' });
    expect(one('etag', '"cacheable:70ca81cae2b0ae578a6a17625ee87f85"').spec).toMatchObject({ shape: 'shopify-etag' });
    // A validator no named shape knows: its skeleton, runs of hex as their class and length.
    expect(one('etag', '"build-70ca81cae2b0ae57"').spec).toMatchObject({ regex: '^"build-[0-9a-f]{16}"$' });
    expect(one('last-modified', 'Tue, 14 Apr 2026 10:00:00 GMT').spec).toMatchObject({ shape: 'http-date' });
    // A length is the description's to state (the covering hand-written exchange): from a capture, only consistency.
    const check = expect.objectContaining({ id: 'body/content-length-matches', level: 'must' });
    expect(one('content-length', '452')).toEqual({ checks: [check] });
    expect(deriveHeader('content-length', [['452']], obs(), { ph, files: 1, discovered: true })).toEqual({ checks: [check] });
    expect(one('date', 'Wed, 08 Apr 2026 16:54:52 GMT')).toEqual({ checks: [] });
    expect(one('age', '12')).toEqual({ checks: [] });
  });
  it('Alt-Svc: the protocol, any port, any lifetime, as a warning', () => {
    const m = one('alt-svc', 'h3=":19444"; ma=86400').spec as { regex: string; level: string };
    expect(m.level).toBe('should');
    expect(new RegExp(m.regex).test('h3=":443"; ma=3600')).toBe(true);
    expect(new RegExp(m.regex).test('h2=":443"')).toBe(false);
  });
  it('request ids and cache statuses by family, whatever their names; a platform header informs', () => {
    expect(one('x-ms-request-id', '0f8fad5b-d9cb-469f-a165-70867728950e').checks).toEqual([expect.objectContaining({ id: 'headers/request-id', level: 'should' })]);
    expect(one('x-azure-ref', '20260408T165452Z-r1abcd').checks[0].id).toBe('headers/request-id');
    expect(one('cf-cache-status', 'HIT').checks[0]).toMatchObject({ id: 'headers/cache-status', level: 'should' });
    expect(one('server', 'cloudflare').spec).toMatchObject({ level: 'info' });
    // An issued identifier by its shape: a UUID, not a skeleton of its digits.
    expect(one('request-context', 'appId=cid-v1:5f0c8d2e-8a41-4d0b-9c3e-1a2b3c4d5e6f').spec).toMatchObject({
      level: 'info',
      regex: '^appId=cid-v1:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
    });
  });
  it('Expires as a lifetime after Date; Vary as a warning', () => {
    expect(one('expires', 'Wed, 08 Apr 2026 17:54:52 GMT').spec).toEqual({ relativeTime: { to: 'date', offsetSeconds: 3600, toleranceSeconds: 180 }, ...warn });
    expect(one('vary', 'Accept-Encoding').spec).toMatchObject({ equals: 'Accept-Encoding', level: 'should' });
  });
  it('a credential inside a value is written as its shape', () => {
    expect(JSON.stringify(one('location', 'https://www.lessons.test/next?session=CANARY-loc-9').spec)).not.toContain('CANARY');
  });
  it("a Link to a mapped role's origin (its placeholder already in the value) by its path, on any host", () => {
    const m = one('link', `<${ph.apply('https://shop.store.test:8443/cdn/a.css')}>; rel=canonical`).spec as MatcherSpec;
    expect(m).toMatchObject({ links: [{ rel: 'canonical', href: { regex: '^https?://[^/?#]+/cdn/a\\.css$' } }] });
  });
  it('a validator with nothing to stand for by a shape only has to be there, never its text', () => {
    expect(one('etag', '"abc"').spec).toMatchObject({ present: true, level: 'should' });
  });
  it('what a replay learned of the values (accept): noise is no literal and no id of a stated field; a redacted value is a secret', () => {
    const learned = (name: string, value: string) => deriveHeader(name, [[value], [value]], obs(2), { ph, files: 1, volatile: true });
    expect(learned('x-served-by', 'cache-fra-etou8220').checks[0].id).toBe('headers/request-id');
    expect(learned('content-language', 'en-GB').spec).not.toHaveProperty('equals');
    expect(learned('content-location', '/a/b/c/d/e').checks).toEqual([]);
    const secret = deriveHeader('x-note', [['‹secret: hex32, 32 chars›']], obs(), { ph, files: 1, secret: true });
    expect(secret.spec).toMatchObject({ shape: 'hex32', level: 'info' });
  });
  it('hexSkeleton keeps hex runs as their class and length', () => {
    expect(hexSkeleton(['"cacheable:70CA81"'])).toBe('^"cacheable:[0-9]+CA[0-9]+"$');
    expect(hexSkeleton(['W/"5d0e1c2b3a4f5968"'])).toBe('^W/"[0-9a-f]{16}"$');
  });
});
