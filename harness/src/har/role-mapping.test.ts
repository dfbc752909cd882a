import { UsageError } from './errors';
import { defaultRoleMapping, parseRoleMapping, Placeholderizer } from './role-mapping';

describe('role mapping', () => {
  it('maps the reference names by default, first name primary', () => {
    const m = defaultRoleMapping();
    expect(m.hosts.get('r11.o.pki.test')).toBe('ocsp');
    expect(m.primary.get('ocsp')).toBe('r10.o.pki.test');
    expect(m.section).toBe('static');
  });
  it.each([
    [[], /a role mapping is a JSON object/],
    [{}, /hosts: missing/],
    [{ hosts: [] }, /hosts: must be an object/],
    [{ hosts: {} }, /hosts: maps no hostname/],
    [{ hosts: { 'www.example.org': 'sitee' } }, /hosts\["www\.example\.org"\]: "sitee" is not a role/],
    [{ hosts: { 'https://x.org': 'site' } }, /hosts\["https:\/\/x\.org"\]: not a lowercase hostname/],
    [{ hosts: { 'x.org': 'site' }, section: 'a/b' }, /section: must be one/],
    [{ hosts: { 'x.org': 'site' }, rolez: {} }, /rolez: unknown key/],
  ])('rejects %j naming the bad key', (json, message) => {
    expect(() => parseRoleMapping(json, 'm.json')).toThrow(UsageError);
    expect(() => parseRoleMapping(json, 'm.json')).toThrow(message);
  });
  it('replaces primary origins by placeholders, any port', () => {
    const ph = new Placeholderizer(defaultRoleMapping());
    expect(ph.apply('https://www.lessons.test:8443/a and http://lessons.test/')).toBe('{base_url}/a and {bare_url}/');
    expect(ph.apply('https://www.lessons.test.evil.org/')).toBe('https://www.lessons.test.evil.org/');
  });
});
