import { generalizeText, generalizedMatcher } from './generalize';
import { defaultRoleMapping, Placeholderizer } from './role-mapping';

const ph = new Placeholderizer(defaultRoleMapping());

describe('a captured value as the contract', () => {
  it('a role origin becomes its placeholder; an unmapped host keeps its name but not its port', () => {
    expect(generalizeText("script-src 'self' https://tags.example:8443 https://analytics.beacon.test:8443", { ph })).toEqual({
      text: "script-src 'self' https://tags.example:8443 {analytics_url}",
      regex: "^script-src 'self' https://tags\\.example(?::[0-9]+)? {analytics_url}$",
    });
    expect(generalizedMatcher('https://www.lessons.test:9443/', { ph })).toBe('{base_url}/');
  });
  it("another name of a role (a redirect hop) is any host: each deployment names its own", () => {
    const m = generalizedMatcher('https://hop2.redirect.test:9443/', { ph }) as { regex: string };
    expect(new RegExp(m.regex).test('https://relay.redirect.test:1234/')).toBe(true);
    expect(new RegExp(m.regex).test('https://relay.redirect.test:1234/other')).toBe(false);
  });
  it('the discovered address and its parts become the variables the replay sets', () => {
    const found = [
      ['{shop_url}/cdn/shop/t/1/assets/base.css?v=2', '{{found}}'],
      ['{shop_url}/cdn/shop/t/1/assets/base.css', '{{found_path}}'],
      ['math', '{{file}}'],
    ] as const;
    expect(generalizedMatcher('<https://shop.store.test:9443/cdn/shop/t/1/assets/base.css?v=2>; rel="canonical"', { ph, found })).toBe('<{{found}}>; rel="canonical"');
    expect(generalizedMatcher('inline; filename=math.svg', { ph, found })).toBe('inline; filename={{file}}.svg');
  });
  it('a value written through twice is not marked twice', () => {
    expect(generalizedMatcher(ph.apply('https://hop2.redirect.test:9443/'), { ph })).toEqual(generalizedMatcher('https://hop2.redirect.test:9443/', { ph }));
  });
});
