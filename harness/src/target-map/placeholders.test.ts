import { UnmappedPlaceholderError } from './errors';
import { placeholders, resolvePlaceholders } from './placeholders';
import { loadTargetMap } from './target-map';

const map = loadTargetMap({
  TARGET_URL: 'https://www.x.test:8443/',
  TARGET_ASSETS_URL: 'https://media.x.test:443',
  TARGET_OCSP_URL: 'http://r10.o.test:8080,http://r11.o.test:8080',
  TARGET_REDIRECTOR_URL: 'https://go.r.test,https://hop2.r.test',
  TARGET_SECTION: 'cours',
});

describe('placeholders', () => {
  it('gives each mapped role its first origin without a trailing slash, plus the section', () => {
    expect(placeholders(map)).toEqual({
      '{base_url}': 'https://www.x.test:8443',
      '{asset_url}': 'https://media.x.test',
      '{ocsp_url}': 'http://r10.o.test:8080',
      '{redirector_url}': 'https://go.r.test',
      '{section}': 'cours',
    });
  });

  it('holds only {section} (the default) for an empty map', () => {
    expect(placeholders(loadTargetMap({}))).toEqual({ '{section}': 'static' });
  });
});

describe('resolvePlaceholders', () => {
  it('replaces every occurrence of the known placeholders', () => {
    expect(resolvePlaceholders('{base_url}/{section}/a.css {base_url}/ {asset_url}/i.png', map)).toBe(
      'https://www.x.test:8443/cours/a.css https://www.x.test:8443/ https://media.x.test/i.png',
    );
  });

  it('leaves braces that are not placeholders alone', () => {
    const body = '{"a":{"b":1}} a{color:red} {unknown_url} {base_url}';
    expect(resolvePlaceholders(body, map)).toBe('{"a":{"b":1}} a{color:red} {unknown_url} https://www.x.test:8443');
  });

  it('throws naming the placeholder and its role when the role is unmapped', () => {
    let caught: unknown;
    try {
      resolvePlaceholders('Location: {shop_url}/cart', map);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(UnmappedPlaceholderError);
    expect((caught as UnmappedPlaceholderError).placeholder).toBe('{shop_url}');
    expect((caught as UnmappedPlaceholderError).role).toBe('shop');
    expect((caught as Error).message).toContain('{shop_url}');
  });
});
