import { compileTemplate, matchTemplate, TemplateError } from './template';

const values = {
  '{base_url}': 'https://www.site.test',
  '{asset_url}': 'https://media.site.test:8443',
  '{section}': 'static',
  '{value:PRODUCT_HANDLE}': 'linen-apron',
};
const SITE = 'https://www.site.test';
const match = (template: string, url: string) => matchTemplate(compileTemplate(template, values, SITE), new URL(url))?.parts;

test('known placeholders are literal, other names are the parts a deployment chooses', () => {
  expect(match('/{section}/css/{name}.css', 'https://www.site.test/static/css/main.css?lw=1')).toEqual({ name: 'main' });
  expect(match('/{section}/css/{name}.css', 'https://www.site.test/content/css/main.css')).toBeUndefined();
  expect(match('/{section}/css/{name}.css', 'https://www.site.test/static/css/a/b.css')).toBeUndefined();
  expect(match('/products/{value:PRODUCT_HANDLE}', 'https://www.site.test/products/linen-apron')).toEqual({});
});

test('{name*} spans segments; a template with a query matches the query too', () => {
  const t = '{asset_url}/-/media/{folder*}/{file}.svg?rev={rev}';
  expect(match(t, 'https://media.site.test:8443/-/media/Project/Lessons/icons/search.svg?rev=43b1')).toEqual({
    folder: 'Project/Lessons/icons',
    file: 'search',
    rev: '43b1',
  });
  expect(match(t, 'https://media.site.test:8443/-/media/a/x.svg')).toBeUndefined();
  expect(match(t, 'https://media.site.test:8443/-/media/a/x.svg?rev=1&other=2')).toBeUndefined();
});

test("the origin is the template's role, or the exchange's own for a bare path", () => {
  expect(match('{asset_url}/-/media/{f*}.svg', 'https://media.site.test/-/media/a.svg')).toBeUndefined(); // other port
  expect(match('/{section}/img/{n}.png', 'https://cdn.elsewhere.test/static/img/a.png')).toBeUndefined();
});

test('an unset value is a part to discover', () => {
  const t = compileTemplate('/products/{value:OTHER}', values, SITE);
  expect(t.names).toEqual(['OTHER']);
  expect(matchTemplate(t, new URL('https://www.site.test/products/x'))?.parts).toEqual({ OTHER: 'x' });
});

test('malformed templates are errors that name the template', () => {
  expect(() => compileTemplate('static/{a}.css', values, SITE)).toThrow(TemplateError);
  expect(() => compileTemplate('/{a}/{a}.css', values, SITE)).toThrow(/\{a\} appears twice/);
  expect(() => compileTemplate('/x/{asset_url}/a', values, SITE)).toThrow(/may only open the template/);
  expect(() => compileTemplate('{shop_url}/a', values, SITE)).toThrow(/role not mapped \(shop\)/);
});
