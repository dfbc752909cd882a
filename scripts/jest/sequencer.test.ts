import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import StartersFirst from './sequencer';

/*
 * The order Jest runs test files in: without timings, the files that start a server, a process or a
 * browser first (each group by size, largest first); with timings, Jest's own order.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sequencer-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function file(name: string, body: string) {
  const p = path.join(dir, name);
  fs.writeFileSync(p, body);
  return p;
}

const small = file('small-unit.test.ts', "test('x', () => expect(1).toBe(1));\n");
const big = file('big-unit.test.ts', `test('x', () => expect(1).toBe(1));\n${'// padding\n'.repeat(200)}`);
const starter = file('starter.test.ts', 'beforeAll(() => startEmbeddedReference());\n');
const bigStarter = file('big-starter.test.ts', `const c = spawn('node', []);\n${'// padding\n'.repeat(100)}`);

/** A Jest test as the sequencer sees it, with its size and cache from `timings` (ms by path) and `failed`. */
function tests(timings: Record<string, number> = {}, failed: string[] = []) {
  // Jest's cache: [0 (failed) or 1 (passed), duration in ms] by path.
  const cache: Record<string, [number, number]> = {};
  for (const [p, ms] of Object.entries(timings)) cache[p] = [1, ms];
  for (const p of failed) cache[p] = [0, cache[p]?.[1] ?? 1];
  const context = { config: { cacheDirectory: dir, id: 'x' }, hasteFS: { getSize: (p: string) => fs.statSync(p).size } };
  const sequencer = new StartersFirst();
  (sequencer as unknown as { _getCache: () => unknown })._getCache = () => cache;
  return { sequencer, list: [small, big, starter, bigStarter].map((p) => ({ path: p, context })) };
}

const names = (ts: Array<{ path: string }>) => ts.map((t) => path.basename(t.path, '.test.ts'));

test('no timings: the files that start something first, then the others, each by size', () => {
  const { sequencer, list } = tests();
  expect(names(sequencer.sort(list as never) as never)).toEqual(['big-starter', 'starter', 'big-unit', 'small-unit']);
});

test("with timings: Jest's order, the longest first, a starter or not", () => {
  const { sequencer, list } = tests({ [small]: 9000, [big]: 10, [starter]: 50, [bigStarter]: 20 });
  expect(names(sequencer.sort(list as never) as never)).toEqual(['small-unit', 'starter', 'big-starter', 'big-unit']);
});

test('a file that failed last time still goes first', () => {
  const { sequencer, list } = tests({ [small]: 10, [big]: 10, [starter]: 50, [bigStarter]: 20 }, [big]);
  expect(names(sequencer.sort(list as never) as never)[0]).toBe('big-unit');
});

test('what counts as starting something: a call, not a mention', () => {
  const { startsSomething } = jest.requireActual<typeof import('./starts')>('./starts');
  expect(startsSomething(starter)).toBe(true);
  expect(startsSomething(bigStarter)).toBe(true);
  expect(startsSomething(file('mention.test.ts', '// spawn is not called here\nconst spawnCount = 1;\n'))).toBe(false);
});
