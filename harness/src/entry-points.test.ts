/**
 * Light entry points: Playwright loads its configuration in every process it starts, and the
 * reporter in its runner. They read the target map and the results and send nothing, so neither
 * loads undici, an HTTP client of about 110 modules, through a barrel (`target-map/dispatcher` is
 * outside target-map's barrel for this; the Set-Cookie splits live in `core/headers.ts`, not beside
 * undici's cookie parser). Each file is loaded in a process of its own, as Playwright loads it.
 */
import { execFile } from 'node:child_process';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

interface Loaded {
  modules: number;
  chains: Record<string, string[]>;
}

function loaded(file: string, packages: string[]): Promise<Loaded> {
  return new Promise((resolve, reject) =>
    execFile(process.execPath, ['--import', 'tsx', path.join(__dirname, 'entry-points.load.js'), file, ...packages], { cwd: ROOT }, (err, stdout, stderr) =>
      err ? reject(new Error(`${file}: ${stderr || err.message}`)) : resolve(JSON.parse(stdout) as Loaded),
    ),
  );
}

test.each(['playwright.config.ts', 'harness/src/report/reporter.ts'])(
  '%s loads no undici (on failure: the chain of importers that reached it)',
  async (file) => {
    const { chains } = await loaded(file, ['undici']);
    expect(chains.undici).toEqual([]);
  },
  60_000,
);

test('the check finds undici reached through a barrel, and names the chain (a planted break)', async () => {
  const { chains } = await loaded('harness/src/__fixtures__/entry-points/entry.ts', ['undici']);
  expect(chains.undici.slice(1)).toEqual([
    'harness/src/__fixtures__/entry-points/dispatcher.ts',
    'harness/src/__fixtures__/entry-points/barrel.ts',
    'harness/src/__fixtures__/entry-points/entry.ts',
  ]);
  expect(chains.undici[0]).toMatch(/^node_modules\/undici\//);
}, 60_000);
