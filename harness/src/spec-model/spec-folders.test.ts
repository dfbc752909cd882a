import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CHECKS } from '../checks';
import { discoverSource, SpecLoadError } from './load';
import { allSpecs, loadSpecFolders } from './spec-folders';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spec-sets-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const exchange = (id: string, p: string, discover?: unknown) => ({
  id,
  title: 't',
  clause: 'c',
  source: 'capture',
  request: { path: p },
  ...(discover ? { discover } : {}),
  expect: { status: 200 },
});
function folder(name: string, files: Record<string, unknown>): string {
  const dir = path.join(root, name);
  fs.mkdirSync(dir, { recursive: true });
  for (const [file, doc] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), JSON.stringify(doc));
  return dir;
}
const siteFile = (...exchanges: unknown[]) => ({ $schema: './spec.schema.json', role: 'site', version: 1, exchanges });
const flowFile = {
  $schema: './spec.schema.json',
  role: 'bare',
  version: 1,
  exchanges: [],
  flows: [{ id: 'bare/chain', title: 't', clause: 'c', source: 'capture', steps: [exchange('bare/chain/first', '/')] }],
};

test('two folders defining the same ids run side by side: each id prefixed by its folder, each discover linked within its folder', () => {
  const specs = folder('specs', {
    'site.json': siteFile(
      exchange('site/home', '/'),
      exchange('site/css', '{{found}}', { from: 'site/home', select: ['link[href]'], template: '/{section}/css/{name}.css' }),
    ),
    'bare.json': flowFile,
  });
  const derived = folder('derived', {
    'site.derived.json': siteFile(
      exchange('site/home', '/?from=derived'),
      exchange('site/css', '{{found}}', { from: 'site/home', select: ['css'], template: '/{section}/css/{name}.css' }),
    ),
  });
  const sets = loadSpecFolders(
    [
      { dir: specs, label: 'specs' },
      { dir: derived, label: 'derived' },
    ],
    CHECKS,
  );
  const ids = allSpecs(sets).flatMap((s) => [...s.exchanges.map((e) => e.id), ...(s.flows ?? []).flatMap((f) => [f.id, ...f.steps.map((x) => x.id)])]);
  expect(ids).toEqual(['specs:bare/chain', 'specs:bare/chain/first', 'specs:site/home', 'specs:site/css', 'derived:site/home', 'derived:site/css']);
  const derivedCss = sets[1].specs[0].exchanges[1];
  expect(discoverSource(derivedCss.discover!)?.exchange.request.path).toBe('/?from=derived');
  expect(discoverSource(sets[0].specs[1].exchanges[1].discover!)?.exchange.id).toBe('specs:site/home');
});

test('one folder (no label): ids as written', () => {
  const dir = folder('single', { 'site.json': siteFile(exchange('site/home', '/')) });
  expect(loadSpecFolders([{ dir }], CHECKS)[0].specs[0].exchanges[0].id).toBe('site/home');
});

test("a discover.from naming another folder's exchange, and a duplicate within one folder: every problem of every folder at once", () => {
  const a = folder('a', { 'site.json': siteFile(exchange('site/home', '/'), exchange('site/home', '/again')) });
  const b = folder('b', {
    'site.json': siteFile(exchange('site/css', '{{found}}', { from: 'site/home', select: ['link[href]'], template: '/{section}/css/{name}.css' })),
  });
  let error: unknown;
  try {
    loadSpecFolders(
      [
        { dir: a, label: 'a' },
        { dir: b, label: 'b' },
      ],
      CHECKS,
    );
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(SpecLoadError);
  const reasons = (error as SpecLoadError).violations.map((v) => `${path.basename(path.dirname(v.file))}: ${v.reason}`);
  expect(reasons).toEqual([
    expect.stringMatching(/^a: duplicate id "site\/home"/),
    expect.stringMatching(/^b: "site\/home" is neither an exchange id of the loaded specs nor an address/),
  ]);
});
