import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { iisEtag } from './iis-etag';
import { iisTypeOf, indexIisStaticFiles } from './static-files';

describe('iisTypeOf', () => {
  it.each([
    ['a.css', 'text/css'],
    ['a.js', 'application/x-javascript'],
    ['a.png', 'image/png'],
    ['a.gif', 'image/gif'],
    ['a.svg', 'image/svg+xml'],
    ['a.woff2', 'application/font-woff2'],
    ['a.woff', 'application/font-woff'],
    ['favicon.ico', 'image/x-icon'],
    ['A.CSS', 'text/css'],
    ['notes.md', undefined],
    ['page.html', undefined],
    ['noext', undefined],
  ])('%s -> %p', (name, type) => {
    expect(iisTypeOf(name)).toBe(type);
  });
});

describe('indexIisStaticFiles', () => {
  it('computes validators once from the file time and marks only CSS and JS compressible', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'iis-static-'));
    try {
      for (const name of ['a.css', 'b.js', 'c.png', 'd.woff2', 'e.txt']) fs.writeFileSync(path.join(root, name), name);
      const when = new Date('2022-04-08T16:54:52Z');
      fs.utimesSync(path.join(root, 'a.css'), when, when);
      const index = indexIisStaticFiles([{ dir: root, urlPrefix: '/static' }]);
      expect([...index.keys()].sort()).toEqual(['/static/a.css', '/static/b.js', '/static/c.png', '/static/d.woff2']);
      const css = index.get('/static/a.css')!;
      expect(css.etag).toBe('"0d6835d694bd81:0"');
      expect(css.lastModified).toBe('Fri, 08 Apr 2022 16:54:52 GMT');
      expect(index.get('/static/b.js')!.etag).toBe(iisEtag(fs.statSync(path.join(root, 'b.js'), { bigint: true }).mtimeNs));
      expect(
        [...index.values()]
          .filter((f) => f.compressible)
          .map((f) => f.key)
          .sort(),
      ).toEqual(['/static/a.css', '/static/b.js']);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
