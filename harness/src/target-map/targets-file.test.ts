import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configErrorOf } from '../testing/config-error-of';
import { jsonMapsRoles, loadTargetsFile } from './targets-file';
import { makeTestPki, type TestPki } from './test-pki';

let dir: string;
let pki: TestPki;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'harness-targets-file-'));
  pki = makeTestPki(['a.test']);
  mkdirSync(join(dir, 'certs'));
  writeFileSync(join(dir, 'certs', 'root.pem'), pki.caPem);
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  pki.cleanup();
});

let n = 0;
function file(content: unknown): string {
  const name = `targets-${++n}.json`;
  writeFileSync(join(dir, name), typeof content === 'string' ? content : JSON.stringify(content));
  return name;
}

const errorOf = (content: unknown) => configErrorOf(() => loadTargetsFile(file(content), dir));

describe('loadTargetsFile', () => {
  it('reads every field, with the CA path relative to the file', () => {
    const t = loadTargetsFile(
      file({
        $schema: './targets.schema.json',
        roles: { site: 'https://www.x.test:8443', ocsp: ['http://r10.o.test', 'http://r11.o.test'], shop: ['https://shop.x.test'] },
        resolve: ['www.x.test:8443:127.0.0.1', 'r10.o.test:80:127.0.0.1:8080'],
        ca: 'certs/root.pem',
        insecure: false,
        section: 'cours',
        values: { PRODUCT_HANDLE: 'tablier-lin', BEACON_PATH: '/p/hit.gif' },
      }),
      dir,
    );
    expect(t.file).toBe(join(dir, `targets-${n}.json`));
    expect(t.roles.site?.map((u) => u.origin)).toEqual(['https://www.x.test:8443']);
    expect(t.roles.ocsp?.map((u) => u.origin)).toEqual(['http://r10.o.test', 'http://r11.o.test']);
    expect(t.roles.shop?.map((u) => u.origin)).toEqual(['https://shop.x.test']);
    expect(t.resolve?.map((e) => e.connectPort)).toEqual([8443, 8080]);
    expect(t.ca?.file).toBe(join(dir, 'certs', 'root.pem'));
    expect(t.ca?.pems).toHaveLength(1);
    expect(t.insecure).toBe(false);
    expect(t.section).toBe('cours');
    expect(t.values).toEqual({
      PRODUCT_HANDLE: { value: 'tablier-lin', from: 'TARGETS_FILE (/values/PRODUCT_HANDLE)' },
      BEACON_PATH: { value: '/p/hit.gif', from: 'TARGETS_FILE (/values/BEACON_PATH)' },
    });
  });

  it('leaves absent fields undefined so variables and defaults can fill them', () => {
    const t = loadTargetsFile(file({}), dir);
    expect(t).toEqual({ file: join(dir, `targets-${n}.json`), roles: {} });
  });

  it('names a missing file', () => {
    expect(() => loadTargetsFile('missing.json', dir)).toThrow('TARGETS_FILE: "missing.json" names a file that does not exist');
  });

  it('refuses an empty TARGETS_FILE value', () => {
    expect(() => loadTargetsFile('', dir)).toThrow('TARGETS_FILE: "" is empty');
  });

  it('names a file that is not JSON', () => {
    const name = file('{ roles: }');
    expect(() => loadTargetsFile(name, dir)).toThrow(new RegExp(`^TARGETS_FILE: "${name}" is not valid JSON`));
  });

  it.each<[string, unknown, string, string]>([
    ['a top level that is not an object', ['x'], '/', 'is not a JSON object'],
    [
      'an unknown key',
      { roles: {}, rolez: {} },
      '/rolez',
      '"rolez" is not a known key (known: roles, resolve, ca, insecure, section, values, headers, $schema)',
    ],
    ['roles that are not an object', { roles: ['https://a.test'] }, '/roles', 'is not an object of role -> URL'],
    ['an unknown role', { roles: { cdn: 'https://a.test' } }, '/roles/cdn', '"cdn" is not a known role (known: site, bare'],
    ['a role URL of the wrong type', { roles: { shop: 42 } }, '/roles/shop', '"42" is not a URL string or an array of URL strings'],
    ['a bad role URL', { roles: { shop: 'shop.x.test' } }, '/roles/shop', '"shop.x.test" is not an absolute URL with a scheme'],
    ['a bad item in a role list', { roles: { ocsp: ['http://r10.o.test', 'http://r11.o.test/x'] } }, '/roles/ocsp/1', 'must not have a path'],
    ['a non-string item in a role list', { roles: { ocsp: ['http://r10.o.test', null] } }, '/roles/ocsp/1', '"null" is not a string'],
    ['values that are not an object', { values: ['x'] }, '/values', 'is not an object of NAME -> string'],
    ['a value that is not a string', { values: { PRODUCT_HANDLE: 3 } }, '/values/PRODUCT_HANDLE', '"3" is not a string'],
    ['a value name in lower case', { values: { handle: 'x' } }, '/values/handle', 'names the value "handle"'],
    ['a value with a query', { values: { BEACON_PATH: '/t.gif?a=1' } }, '/values/BEACON_PATH', 'must not contain whitespace, control characters, "?" or "#"'],
    ['several URLs for a single-origin role', { roles: { site: ['https://a.test', 'https://b.test'] } }, '/roles/site', 'gives several URLs'],
    ['resolve as a string', { resolve: 'a.test:443:127.0.0.1' }, '/resolve', 'is not an array of "host:port:address[:port2]" strings'],
    ['a bad resolve entry', { resolve: ['a.test:443:127.0.0.1', 'a.test:443'] }, '/resolve/1', '"a.test:443" does not parse'],
    ['conflicting resolve entries', { resolve: ['a.test:443:127.0.0.1', 'a.test:443:127.0.0.2'] }, '/resolve/1', 'conflicts with the earlier entry'],
    ['a CA that is not a string', { ca: ['x.pem'] }, '/ca', 'is not a path string'],
    ['an empty CA path', { ca: '' }, '/ca', 'is not a non-empty path'],
    ['a CA file that does not exist', { ca: 'certs/nope.pem' }, '/ca', '"certs/nope.pem" names a file that does not exist'],
    ['insecure as a string', { insecure: 'true' }, '/insecure', '"true" is not true or false'],
    ['a section of the wrong type', { section: 3 }, '/section', '"3" is not a string'],
    ['a bad section', { section: 'a/b' }, '/section', '"a/b" must be one path segment'],
  ])('refuses %s, naming the pointer', (_what, content, pointer, text) => {
    const err = errorOf(content);
    expect(err.variable).toBe('TARGETS_FILE');
    expect(err.message.startsWith(`TARGETS_FILE (${pointer}): `)).toBe(true);
    expect(err.message).toContain(text);
  });

  it('escapes "/" and "~" in pointer segments', () => {
    expect(errorOf({ 'a/b~c': 1 }).pointer).toBe('/a~1b~0c');
  });
});

describe('jsonMapsRoles', () => {
  it('is true only for a roles object with at least one key', () => {
    expect(jsonMapsRoles({ roles: { site: 'https://a.test' } })).toBe(true);
    expect(jsonMapsRoles({ roles: { nonsense: 1 } })).toBe(true);
    expect(jsonMapsRoles({ roles: {} })).toBe(false);
    expect(jsonMapsRoles({ resolve: [] })).toBe(false);
    expect(jsonMapsRoles([])).toBe(false);
  });
});
