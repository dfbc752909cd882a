import { domainWide, productPageCookies } from './cookies';

const NOW = new Date('2026-04-08T16:54:52Z');
const UUID = '0b6e2c1a-6f1e-4f7a-9d55-3c2b1a0f9e8d';

describe('productPageCookies', () => {
  const lines = productPageCookies('shop.store.test', NOW, { keepAliveId: UUID });
  const byName = (name: string) => lines.find((l) => l.startsWith(`${name}=`))!;

  it('sets keep_alive for 30 minutes, HttpOnly, SameSite=Lax', () => {
    expect(byName('keep_alive')).toBe(`keep_alive=${UUID}; path=/; expires=Wed, 08 Apr 2026 17:24:52 GMT; HttpOnly; SameSite=Lax`);
  });

  it('sets secure_customer_sig and localization for a year', () => {
    expect(byName('secure_customer_sig')).toBe('secure_customer_sig=; path=/; expires=Thu, 08 Apr 2027 16:54:52 GMT; secure; HttpOnly; SameSite=Lax');
    expect(byName('localization')).toBe('localization=US; path=/; expires=Thu, 08 Apr 2027 16:54:52 GMT; SameSite=Lax');
  });

  it('sets the consent cookies domain-wide as URL-encoded JSON', () => {
    const consent = /^_tracking_consent=([^;]+); Domain=store\.test; path=\/; expires=Thu, 08 Apr 2027 16:54:52 GMT; SameSite=Lax$/.exec(
      byName('_tracking_consent'),
    );
    expect(consent).not.toBeNull();
    expect(consent![1]).toMatch(/^%7B%22con%22/);
    expect(JSON.parse(decodeURIComponent(consent![1]))).toMatchObject({ v: '2.1', purposes: { a: true, p: true, m: true, t: true } });
    const cmp = /^_cmp_a=([^;]+); Domain=store\.test; path=\/; expires=Thu, 09 Apr 2026 16:54:52 GMT; SameSite=Lax$/.exec(byName('_cmp_a'));
    expect(JSON.parse(decodeURIComponent(cmp![1]))).toMatchObject({ display_banner: false });
  });

  it('clears _shopify_y and _shopify_s with an empty value, Max-Age=0 and a past date', () => {
    for (const name of ['_shopify_y', '_shopify_s']) {
      expect(byName(name)).toBe(`${name}=; Domain=store.test; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0`);
    }
  });

  it('gives each response its own keep_alive id', () => {
    const a = productPageCookies('shop.store.test', NOW)[0];
    const b = productPageCookies('shop.store.test', NOW)[0];
    expect(a).toMatch(/^keep_alive=[0-9a-f-]{36};/);
    expect(a).not.toBe(b);
  });
});

test('a lifetime written as Max-Age alone: the same expiries, and the cleared cookies still carry their past date', () => {
  const lines = productPageCookies('shop.store.test', NOW, { keepAliveId: UUID, lifetimeAs: 'max-age', yearDays: 365.25 });
  expect(lines.map((l) => / (Max-Age=\d+|expires=[^;]+)/.exec(l)![1])).toEqual([
    'Max-Age=1800',
    'Max-Age=31557600',
    'Max-Age=31557600',
    'Max-Age=31557600',
    'Max-Age=86400',
    'expires=Thu, 01 Jan 1970 00:00:00 GMT',
    'expires=Thu, 01 Jan 1970 00:00:00 GMT',
  ]);
  expect(lines.filter((l) => /expires=/.test(l) && !/Max-Age=0$/.test(l))).toEqual([]);
});

test('"domain-wide" is the parent domain of the storefront host; a two-label host keeps itself', () => {
  expect(domainWide('shop.store.test')).toBe('store.test');
  expect(domainWide('a.b.shop.example')).toBe('b.shop.example');
  expect(domainWide('store.test')).toBe('store.test');
});
