import { createHash } from 'node:crypto';
import * as path from 'node:path';
import { defaultHostContext } from '../context';
import { contentVersion, loadTheme, THEME_PREFIX } from './theme';

describe('loadTheme', () => {
  const theme = loadTheme(path.join(defaultHostContext().contentRoot, 'shop'));

  it('gives every theme file a content-derived v= of digits', () => {
    expect(theme.urls.css).toMatch(new RegExp(`^${THEME_PREFIX}/assets/base\\.css\\?v=\\d{10,16}$`));
    expect(theme.urls.js).toMatch(/\/assets\/global\.js\?v=\d+$/);
    expect(theme.urls.compiled).toMatch(/\/compiled_assets\/scripts\.js\?\d+$/);
    expect(contentVersion(Buffer.from('a'))).not.toBe(contentVersion(Buffer.from('b')));
  });

  it('names the platform script by the SHA-256 of its content', () => {
    const [key, file] = [...theme.platform][0];
    expect(key).toBe(`/cdn/shopifycloud/storefront/assets/storefront/features-${createHash('sha256').update(file.bytes).digest('hex')}.js`);
    expect(theme.urls.platform).toBe(key);
  });
});
