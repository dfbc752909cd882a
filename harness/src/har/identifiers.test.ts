/** Identifiers by shape: each row's value as a skeleton, and the values another deployment issues that it must accept or refuse. */
import { hasIdentifier, identifierSkeleton } from './identifiers';

test.each<[string, string, string | undefined, string[], string[]]>([
  [
    'an application id with a version prefix and a UUID',
    'appId=cid-v1:5f0c8d2e-8a41-4d0b-9c3e-1a2b3c4d5e6f',
    '^appId=cid-v1:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
    ['appId=cid-v1:0a9b8c7d-6e5f-4a3b-2c1d-0e9f8a7b6c5d'],
    ['appId=cid-v1:5f0c8d2e', 'appId=cid-v2:0a9b8c7d-6e5f-4a3b-2c1d-0e9f8a7b6c5d'],
  ],
  ['an upper-case UUID', '5F0C8D2E-8A41-4D0B-9C3E-1A2B3C4D5E6F', '^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$', ['0A9B8C7D-6E5F-4A3B-2C1D-0E9F8A7B6C5D'], ['0a9b8c7d-6e5f-4a3b-2c1d-0e9f8a7b6c5d']],
  ['a W3C traceparent', '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', '^[0-9]+-[0-9a-f]{32}-[0-9a-f]{16}-[0-9]+$', ['00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01'], ['00-0af7651916cd43dd8448eb211c80319c-01', '00-0af7651916cd43dd8448eb211c80319c-b7ad6b71-01']],
  ['a ray with a data centre', '8f2a1b3c4d5e6f70-AMS', '^[0-9a-f]{16}-AMS$', ['0123456789abcdef-AMS'], ['0123456789abcdef-LHR']],
  ['hex with separators', 'fp=8d:2f:9a:01:bc', '^fp=[0-9a-f]{2}(?::[0-9a-f]{2}){4}$', ['fp=00:11:22:33:44'], ['fp=00:11:22:33']],
  ['a base64url token', 'sig=AbCdEf0123456789_-xYz', '^sig=[A-Za-z0-9_-]{13,}={0,2}$', ['sig=ZZZZyyyy0000111122223333'], ['sig=short']],
  ['a weak entity tag', 'W/"cacheable:70ca1e5f9b0c4d3e8a2b6c7d1e0f9a8b"', '^W/"cacheable:[0-9a-f]{32}"$', ['W/"cacheable:00000000000000000000000000000abc"'], ['"cacheable:00000000000000000000000000000abc"']],
  ['digits beside an identifier', 'req=1712345678901;id=abcdef0123456789', '^req=[0-9]+;id=[0-9a-f]{16}$', ['req=1;id=0123456789abcdef'], ['req=x;id=0123456789abcdef']],
  ['no identifier: numbers only', 'max-age=3600', undefined, [], []],
  ['no identifier: words', 'SAMEORIGIN', undefined, [], []],
  ['no identifier: a short hex-like word', 'cafe', undefined, [], []],
  ['a word that is not hex', 'deadline-2026', undefined, [], []],
])('%s', (_name, value, skeleton, accepted, refused) => {
  expect(identifierSkeleton(value)).toBe(skeleton);
  expect(hasIdentifier(value)).toBe(skeleton !== undefined);
  if (!skeleton) return;
  const re = new RegExp(skeleton);
  expect(re.test(value)).toBe(true);
  for (const v of accepted) expect([v, re.test(v)]).toEqual([v, true]);
  for (const v of refused) expect([v, re.test(v)]).toEqual([v, false]);
});
