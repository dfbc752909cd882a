import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { loadOrCreatePki, type ReferencePki } from './index';
import { FEW_HOSTS, OCSP_NAMES, tempDir } from './test-fixtures';

let base: string;
beforeAll(async () => {
  base = await tempDir('pki-concurrency');
});
afterAll(() => fs.rm(base, { recursive: true, force: true }));

const options = (dir: string) => ({ dir, hosts: FEW_HOSTS, ocspNames: OCSP_NAMES });

test('concurrent calls from separate module instances agree on one PKI, issued once', async () => {
  const dir = path.join(base, 'in-process');
  // A second copy of the module shares no memory with the first: only the lock file can order them.
  let isolated!: typeof import('./index');
  jest.isolateModules(() => {
    // A fresh copy of the module (its in-process lock state), which only require() can give.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    isolated = require('./index');
  });
  const results = await Promise.all([
    loadOrCreatePki(options(dir)),
    isolated.loadOrCreatePki(options(dir)),
    loadOrCreatePki(options(dir)),
    isolated.loadOrCreatePki(options(dir)),
  ]);
  expect(new Set(results.map((r) => r.rootPem)).size).toBe(1);
  expect(results.filter((r) => r.generated)).toHaveLength(1);
  expect(await fs.readFile(path.join(dir, 'root.pem'), 'utf8')).toBe(results[0].rootPem);
  expect((await fs.readdir(dir)).sort()).toEqual(['pki.json', 'root.pem']);
});

test('a lock left by a dead process more than 60 s ago is removed', async () => {
  const dir = path.join(base, 'stale');
  await fs.mkdir(dir);
  const lock = path.join(dir, 'pki.lock');
  await fs.writeFile(lock, JSON.stringify({ token: 'dead', pid: 999_999 }));
  const longAgo = new Date(Date.now() - 120_000);
  await fs.utimes(lock, longAgo, longAgo);
  const pki = await loadOrCreatePki(options(dir));
  expect(pki.generated).toBe(true);
  await expect(fs.stat(lock)).rejects.toMatchObject({ code: 'ENOENT' });
});

/** Runs loadOrCreatePki in a separate node process (TypeScript through tsx). */
function inChildProcess(dir: string): Promise<Pick<ReferencePki, 'rootPem' | 'generated'>> {
  const repoRoot = path.resolve(__dirname, '../../..');
  const script = `
    const [modulePath, options] = process.argv.slice(1);
    require(modulePath).loadOrCreatePki(JSON.parse(options)).then(
      (pki) => process.stdout.write(JSON.stringify({ rootPem: pki.rootPem, generated: pki.generated })),
      (error) => { console.error(error); process.exit(1); },
    );`;
  const args = ['--import', 'tsx', '-e', script, path.join(__dirname, 'index.ts'), JSON.stringify(options(dir))];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`exit ${code}: ${err}`))));
  });
}

test('two processes started together end up with the same root, issued once', async () => {
  const dir = path.join(base, 'processes');
  const results = await Promise.all([inChildProcess(dir), inChildProcess(dir)]);
  expect(results[0].rootPem).toBe(results[1].rootPem);
  expect(results.map((r) => r.generated).sort()).toEqual([false, true]);
  const here = await loadOrCreatePki(options(dir));
  expect([here.generated, here.rootPem]).toEqual([false, results[0].rootPem]);
});
