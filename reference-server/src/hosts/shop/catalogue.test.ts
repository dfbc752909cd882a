import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { defaultHostContext } from '../context';
import { loadCatalogue } from './catalogue';

describe('loadCatalogue', () => {
  it('reads the shipped products by handle', () => {
    const products = loadCatalogue(path.join(defaultHostContext().contentRoot, 'shop/products.json'));
    expect([...products.keys()]).toEqual(['ceramic-pour-over-set', 'linen-apron', 'walnut-serving-board']);
    expect(products.get('linen-apron')!.images[0].file).toBe('linen-apron.png');
  });

  it('fails on a malformed entry when the host is built', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-'));
    try {
      const file = path.join(dir, 'p.json');
      const cases: Array<[string, string]> = [
        ['{}', `${file}: expected a list of products`],
        ['[{"handle":"Bad Handle"}]', `${file}: malformed product {"handle":"Bad Handle"}`],
        [
          '[{"handle":"ok","title":"t","vendor":"v","price":"p","description":"d","images":[{"file":"x.jpg","alt":""}]}]',
          `${file}: malformed product {"handle":"ok","title":"t","vendor":"v","price":"p","description":"d","images":[{"file":"x.jpg","alt":""}]}`,
        ],
      ];
      for (const [bad, message] of cases) {
        fs.writeFileSync(file, bad);
        expect(() => loadCatalogue(file)).toThrow(message);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
