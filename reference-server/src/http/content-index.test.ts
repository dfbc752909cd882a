import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { indexContent } from './content-index';

const typeOf = (name: string) => (name.toLowerCase().endsWith('.css') ? 'text/css' : name.endsWith('.png') ? 'image/png' : undefined);

describe('indexContent', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'content-index-'));
    fs.mkdirSync(path.join(root, 'served/css'), { recursive: true });
    fs.writeFileSync(path.join(root, 'served/css/Main.css'), 'body { color: red; }\n'.repeat(50));
    fs.writeFileSync(path.join(root, 'served/notes.md'), '# not served');
    fs.writeFileSync(path.join(root, 'served/.hidden.css'), 'x');
    fs.writeFileSync(path.join(root, 'secret.css'), 'outside');
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('keys files by lowercased URL path and skips unmapped types and dotfiles', () => {
    const index = indexContent([{ dir: path.join(root, 'served'), urlPrefix: '/static' }], typeOf);
    expect([...index.keys()]).toEqual(['/static/css/main.css']);
    const file = index.get('/static/css/main.css')!;
    expect(file.name).toBe('Main.css');
    expect(file.type).toBe('text/css');
    expect(file.bytes.toString()).toContain('color: red');
    expect(file.mtimeNs / 1000000n).toBe(BigInt(Math.floor(file.mtime.getTime())));
  });

  it('does not follow symbolic links out of the folder', () => {
    fs.symlinkSync(path.join(root, 'secret.css'), path.join(root, 'served/link.css'));
    fs.symlinkSync(root, path.join(root, 'served/up'));
    const index = indexContent([{ dir: path.join(root, 'served'), urlPrefix: '' }], typeOf);
    expect([...index.keys()]).toEqual(['/css/main.css']);
  });

  it('refuses two files that differ only in case', () => {
    fs.writeFileSync(path.join(root, 'served/css/MAIN.CSS'), 'x');
    expect(() => indexContent([{ dir: path.join(root, 'served'), urlPrefix: '' }], typeOf)).toThrow(/case-insensitive/);
  });

  it('compresses each coding once and shares the result', async () => {
    const file = indexContent([{ dir: path.join(root, 'served'), urlPrefix: '' }], typeOf).get('/css/main.css')!;
    const first = file.encoded('gzip');
    expect(file.encoded('gzip')).toBe(first);
    expect(zlib.gunzipSync(await first)).toEqual(file.bytes);
    const br = await file.encoded('br');
    expect(zlib.brotliDecompressSync(br)).toEqual(file.bytes);
    expect(br.length).toBeLessThan(file.bytes.length);
  });
});
