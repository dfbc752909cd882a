import { defaultRoleMapping, parseRoleMapping, Placeholderizer } from './role-mapping';
import { slugOf, templatePath } from './template';

const ph = new Placeholderizer(defaultRoleMapping());

describe('templatePath', () => {
  it('templates the section and file name, keeps the concrete path', () => {
    expect(templatePath('/static/css/main.css?lw=260408T1654', ph)).toEqual({
      path: '/{section}/css/main.css?lw=260408T1654',
      template: '/{section}/css/<name>.css?lw=<v>',
    });
  });
  it('uses the section of the mapping', () => {
    const custom = new Placeholderizer(parseRoleMapping({ hosts: { 'a.example': 'site' }, section: 'assets-v2' }, 'm.json'));
    expect(templatePath('/assets-v2/js/app.js', custom).template).toBe('/{section}/js/<name>.js');
  });
  it('keeps top-level files and templates numbers and ids', () => {
    expect(templatePath('/favicon.ico', ph).template).toBe('/favicon.ico');
    expect(templatePath('/cdn/shop/t/12/assets/theme.css?v=123', ph).template).toBe('/cdn/shop/t/<n>/assets/<name>.css?v=<v>');
  });
  it('redacts secret query values and path segments', () => {
    const t = templatePath('/u/Ab3dEf6hIj9kLm2nOp5qRs8t/x?token=abc&lw=1&sig=zz', ph);
    expect(t.path).toBe('/u/{secret}/x?token={secret:token}&lw=1&sig={secret:sig}');
    expect(t.template).toBe('/u/<secret>/x?token=<v>&lw=<v>&sig=<v>');
  });
  it('replaces mapped origins inside the path', () =>
    expect(templatePath('/%7Bhttps://media.lessons.test:8443/-/media/a.svg', ph).path).toBe('/%7B{asset_url}/-/media/a.svg'));
  it('slugs', () => {
    expect(slugOf('GET', '/')).toBe('get-root');
    expect(slugOf('GET', '/{section}/css/<name>.css?lw=<v>')).toBe('get-section-css-name-css-lw');
  });
});
