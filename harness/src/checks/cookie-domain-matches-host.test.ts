import { cookieDomainMatchesHost, domainMatches } from './cookie-domain-matches-host';
import { tableTest } from './test-support';

const SHOP = 'https://shop.store.test/products/x';

tableTest(cookieDomainMatchesHost, [
  { name: 'the host itself', input: { url: SHOP, lines: [['set-cookie', '_cmp_a=%7B%7D; Domain=shop.store.test']] }, verdicts: ['pass'] },
  { name: 'the parent domain ("domain-wide")', input: { url: SHOP, lines: [['set-cookie', '_cmp_a=%7B%7D; Domain=store.test']] }, verdicts: ['pass'] },
  { name: 'a leading dot', input: { url: SHOP, lines: [['set-cookie', '_cmp_a=%7B%7D; Domain=.store.test']] }, verdicts: ['pass'] },
  {
    name: 'another domain: the browser drops the cookie',
    input: { url: SHOP, lines: [['set-cookie', '_cmp_a=%7B%7D; Domain=other.test']] },
    verdicts: ['fail'],
    actual: 'Domain=other.test',
  },
  { name: 'a child of the host', input: { url: SHOP, lines: [['set-cookie', '_cmp_a=%7B%7D; Domain=cdn.shop.store.test']] }, verdicts: ['fail'] },
  { name: 'no Domain: not applicable', input: { url: SHOP, lines: [['set-cookie', 'keep_alive=1; path=/']] }, verdicts: [] },
]);

test('domainMatches is suffix matching on labels', () => {
  expect(domainMatches('www.lessons.test', 'lessons.test')).toBe(true);
  expect(domainMatches('wwwlessons.test', 'lessons.test')).toBe(false);
  expect(domainMatches('127.0.0.1', '0.0.1')).toBe(false);
});
