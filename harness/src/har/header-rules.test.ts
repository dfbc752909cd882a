import { deriveHeader, hexSkeleton } from './header-rules';
import type { Observation } from './observation';
import { defaultRoleMapping, Placeholderizer } from './role-mapping';

const ph = new Placeholderizer(defaultRoleMapping());
const DATE = Date.parse('Wed, 08 Apr 2026 16:54:52 GMT');
const obs = (n = 1) => Array.from({ length: n }, () => ({ date: DATE, status: 200, headers: [], body: { size: 452, mimeType: 'image/png' } }) as unknown as Observation);
const one = (name: string, ...lines: string[]) => deriveHeader(name, [lines], obs(), { ph, files: 1 });

describe('response fields by meaning', () => {
  it('what states the answer and its security is a contract (must: no level written)', () => {
    expect(one('content-type', 'text/css').spec).toBe('text/css');
    expect(one('cache-control', 'public, max-age=604800').spec).toBe('public, max-age=604800');
    expect(one('x-frame-options', 'SAMEORIGIN', 'SAMEORIGIN').spec).toEqual({ list: ['SAMEORIGIN', 'SAMEORIGIN'] });
  });
  it('HSTS: the max-age is the contract, the other directives are each deployment\'s', () => {
    const m = one('strict-transport-security', 'max-age=63072000').spec as { regex: string; flags: string };
    const re = new RegExp(m.regex, m.flags);
    expect(['max-age=63072000', 'max-age=63072000; includeSubDomains', 'max-age=63072000; includeSubDomains; preload'].every((v) => re.test(v))).toBe(true);
    expect(re.test('max-age=31536000; includeSubDomains')).toBe(false);
  });
  it('validators become shapes; Content-Length a check; dates and transmission fields are not compared', () => {
    expect(one('etag', '"802ccc38c394db1:0"').spec).toMatchObject({ shape: 'iis-etag' });
    expect(one('etag', '"cacheable:70ca81cae2b0ae578a6a17625ee87f85"').spec).toMatchObject({ shape: 'shopify-etag' });
    // A validator no named shape knows: its skeleton, runs of hex as their class and length.
    expect(one('etag', '"build-70ca81cae2b0ae57"').spec).toMatchObject({ regex: '^"build-[0-9a-f]{16}"$' });
    expect(one('last-modified', 'Tue, 14 Apr 2026 10:00:00 GMT').spec).toMatchObject({ shape: 'http-date' });
    // Asked again of the same address, the length is the answer's; of a file another deployment names (discovered), only consistent.
    const check = expect.objectContaining({ id: 'body/content-length-matches', level: 'must' });
    expect(one('content-length', '452')).toEqual({ spec: '452', checks: [check] });
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
    expect(one('request-context', 'appId=cid-v1:5f0c8d2e-8a41-4d0b-9c3e-1a2b3c4d5e6f').spec).toMatchObject({ level: 'info' });
  });
  it('Expires as a lifetime after Date; Vary as a warning', () => {
    expect(one('expires', 'Wed, 08 Apr 2026 17:54:52 GMT').spec).toEqual({ relativeTime: { to: 'date', offsetSeconds: 3600, toleranceSeconds: 180 } });
    expect(one('vary', 'Accept-Encoding').spec).toMatchObject({ equals: 'Accept-Encoding', level: 'should' });
  });
  it('a credential inside a value is written as its shape', () => {
    expect(JSON.stringify(one('location', 'https://www.lessons.test/next?session=CANARY-loc-9').spec)).not.toContain('CANARY');
  });
  it('hexSkeleton keeps hex runs as their class and length', () => {
    expect(hexSkeleton(['"cacheable:70CA81"'])).toBe('^"cacheable:[0-9]+CA[0-9]+"$');
    expect(hexSkeleton(['W/"5d0e1c2b3a4f5968"'])).toBe('^W/"[0-9a-f]{16}"$');
  });
});
