import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { cachePaths, loadCache } from './cache';
import { loadOrCreatePki, type HostSpec, type PkiOptions, type ReferencePki } from './index';
import { MANIFEST_FORMAT } from './manifest';
import type { CacheManifest } from './types';
import { FEW_HOSTS, OCSP_NAMES, tempDir } from './test-fixtures';

const DAY_MS = 86_400_000;
const T0 = new Date(Math.floor(Date.now() / 1000) * 1000);

let base: string;
let original: ReferencePki;
let originalFiles: { manifest: string; root: string };
let copies = 0;

/** A private cache folder holding the PKI issued in beforeAll (issuing takes a second or so). */
async function copyOfCache(): Promise<string> {
  const dir = path.join(base, `copy-${copies++}`);
  await fs.mkdir(dir, { mode: 0o700 });
  await fs.writeFile(path.join(dir, 'pki.json'), originalFiles.manifest);
  await fs.writeFile(path.join(dir, 'root.pem'), originalFiles.root);
  return dir;
}

const options = (dir: string, extra: Partial<PkiOptions> = {}): PkiOptions => ({
  dir,
  hosts: FEW_HOSTS,
  ocspNames: OCSP_NAMES,
  now: T0,
  ...extra,
});

const reasonFor = async (dir: string, extra: Partial<PkiOptions> = {}) => {
  const { hosts, ocspNames, now } = options(dir, extra);
  const result = await loadCache(cachePaths(dir), { hosts, ocspNames }, now!);
  return 'reason' in result ? result.reason : 'usable';
};

beforeAll(async () => {
  base = await tempDir('pki-cache');
  const first = path.join(base, 'first', 'nested');
  original = await loadOrCreatePki(options(first));
  originalFiles = {
    manifest: await fs.readFile(path.join(first, 'pki.json'), 'utf8'),
    root: await fs.readFile(path.join(first, 'root.pem'), 'utf8'),
  };
});

afterAll(() => fs.rm(base, { recursive: true, force: true }));

test('the first call issues and creates the folder, private to its owner', async () => {
  expect(original.generated).toBe(true);
  expect((await fs.stat(path.join(base, 'first', 'nested'))).mode & 0o777).toBe(0o700);
  expect(JSON.parse(originalFiles.manifest)).toMatchObject({ format: MANIFEST_FORMAT, hosts: FEW_HOSTS, ocspNames: OCSP_NAMES });
});

// How fast a start on a cached PKI is (against a bare node:https server) is measured by bench/startup.ts.
test('a second call loads the cache without issuing: the same certificates and keys, the files untouched', async () => {
  const dir = await copyOfCache();
  const files = ['pki.json', 'root.pem'].map((f) => path.join(dir, f));
  const before = await Promise.all(files.map(async (f) => [(await fs.stat(f)).mtimeMs, await fs.readFile(f, 'utf8')]));
  for (let i = 0; i < 3; i++) {
    const loaded = await loadOrCreatePki(options(dir));
    expect(loaded.generated).toBe(false);
    expect({ ...loaded, dir: '', rootPath: '' }).toEqual({ ...original, dir: '', rootPath: '', generated: false });
    expect(loaded.rootPath).toBe(path.join(dir, 'root.pem'));
  }
  expect(await Promise.all(files.map(async (f) => [(await fs.stat(f)).mtimeMs, await fs.readFile(f, 'utf8')]))).toEqual(before);
  expect((await fs.readdir(dir)).sort()).toEqual(['pki.json', 'root.pem']);
});

test('a corrupt pki.json is replaced by a new PKI, which the next call loads', async () => {
  const dir = await copyOfCache();
  await fs.writeFile(path.join(dir, 'pki.json'), originalFiles.manifest.slice(0, 500));
  expect(await reasonFor(dir)).toMatch(/not valid JSON/);
  const renewed = await loadOrCreatePki(options(dir));
  expect(renewed.generated).toBe(true);
  expect(renewed.rootPem).not.toBe(original.rootPem);
  expect(await fs.readFile(path.join(dir, 'root.pem'), 'utf8')).toBe(renewed.rootPem);
  const again = await loadOrCreatePki(options(dir));
  expect([again.generated, again.rootPem]).toEqual([false, renewed.rootPem]);
});

test('an unparsable certificate or a key of another certificate makes the cache unusable', async () => {
  const manifest = JSON.parse(originalFiles.manifest);
  const broken = await copyOfCache();
  manifest.leaves[1].certPem = manifest.leaves[1].certPem.replace(/[A-Za-z]{8}/, 'AAAAAAAA');
  await fs.writeFile(path.join(broken, 'pki.json'), JSON.stringify(manifest));
  expect(await reasonFor(broken)).toMatch(/leaf redirector: (unparsable certificate|not signed)/);

  const swapped = await copyOfCache();
  const keys = JSON.parse(originalFiles.manifest);
  [keys.leaves[0].keyPem, keys.leaves[1].keyPem] = [keys.leaves[1].keyPem, keys.leaves[0].keyPem];
  await fs.writeFile(path.join(swapped, 'pki.json'), JSON.stringify(keys));
  expect(await reasonFor(swapped)).toMatch(/leaf site: key does not match/);

  const renewed = await loadOrCreatePki(options(broken));
  expect(renewed.generated).toBe(true);
});

test('a certificate expiring within 30 days is reissued: 55 days on it is kept, 65 days on it is not', async () => {
  const dir = await copyOfCache();
  const kept = await loadOrCreatePki(options(dir, { now: new Date(T0.getTime() + 55 * DAY_MS) }));
  expect(kept.generated).toBe(false);
  expect(await reasonFor(dir, { now: new Date(T0.getTime() + 65 * DAY_MS) })).toMatch(/leaf site: expires/);
  const later = new Date(T0.getTime() + 65 * DAY_MS);
  const renewed = await loadOrCreatePki(options(dir, { now: later }));
  expect(renewed.generated).toBe(true);
  expect(renewed.rootPem).not.toBe(original.rootPem);
  const renewedAgain = await loadOrCreatePki(options(dir, { now: later }));
  expect(renewedAgain.generated).toBe(false);
});

test('a cache issued for other hosts or other OCSP names is reissued', async () => {
  const dir = await copyOfCache();
  const moreHosts = [...FEW_HOSTS, { role: 'shop', names: ['shop.store.test'] }];
  expect(await reasonFor(dir, { ocspNames: { R10: 'r10.o.pki.test', R11: 'ocsp.pki.test' } })).toMatch(/other OCSP names/);
  expect(await reasonFor(dir, { hosts: [FEW_HOSTS[1], FEW_HOSTS[0]] })).toMatch(/other hosts/);
  const renewed = await loadOrCreatePki(options(dir, { hosts: moreHosts }));
  expect(renewed.generated).toBe(true);
  expect(renewed.leaves.map((l) => [l.role, l.issuer])).toEqual([
    ['site', 'R10'],
    ['redirector', 'R11'],
    ['shop', 'R10'],
  ]);
  expect(await reasonFor(dir)).toMatch(/other hosts/);
});

test('a cache of another format version (format 1 had no revocations) is reissued', async () => {
  expect(MANIFEST_FORMAT).toBe(2);
  const dir = await copyOfCache();
  await fs.writeFile(path.join(dir, 'pki.json'), originalFiles.manifest.replace('"format": 2', '"format": 1'));
  expect(await reasonFor(dir)).toMatch(/format 1, expected 2/);
});

describe('a host issued already revoked', () => {
  const AT = '2025-01-02T03:04:05.000Z';
  const withRevoked = (revoked: HostSpec['revoked']): HostSpec[] => [...FEW_HOSTS, { role: 'revoked', names: ['revoked.lessons.test'], revoked }];

  test('records its reason and time (issuance time, whole seconds, when none is given) and loads from the cache', async () => {
    const dir = path.join(base, 'revoked');
    const now = new Date(T0.getTime() + 123);
    const issued = await loadOrCreatePki(options(dir, { hosts: withRevoked({ reason: 'keyCompromise' }), now }));
    const leaf = issued.leaves.find((l) => l.role === 'revoked')!;
    expect(leaf.revocation).toEqual({ time: T0.toISOString(), reason: 'keyCompromise' });
    expect(issued.leaves.filter((l) => l.revocation)).toHaveLength(1);
    const again = await loadOrCreatePki(options(dir, { hosts: withRevoked({ reason: 'keyCompromise' }), now }));
    expect([again.generated, again.leaves[2].revocation]).toEqual([false, leaf.revocation]);

    const manifest = JSON.parse(await fs.readFile(path.join(dir, 'pki.json'), 'utf8'));
    expect(manifest.hosts[2]).toEqual({ role: 'revoked', names: ['revoked.lessons.test'], revoked: { reason: 'keyCompromise' } });
    const reason = (hosts: HostSpec[]) => loadCache(cachePaths(dir), { hosts, ocspNames: OCSP_NAMES }, T0).then((r) => ('reason' in r ? r.reason : 'usable'));
    expect(await reason(withRevoked({ reason: 'superseded' }))).toMatch(/other hosts/);
    expect(await reason(FEW_HOSTS)).toMatch(/other hosts/);

    for (const [edit, expected] of [
      [(m: CacheManifest) => delete m.leaves[2].revocation, /leaf revoked: revocation does not match/],
      [(m: CacheManifest) => (m.leaves[2].revocation!.reason = 'superseded'), /leaf revoked: revocation does not match/],
      [(m: CacheManifest) => (m.leaves[0].revocation = { time: AT, reason: 'keyCompromise' }), /leaf site: revoked, but its host is not/],
    ] as const) {
      const edited = JSON.parse(JSON.stringify(manifest)) as CacheManifest;
      edit(edited);
      await fs.writeFile(path.join(dir, 'pki.json'), JSON.stringify(edited));
      expect(await reason(withRevoked({ reason: 'keyCompromise' }))).toMatch(expected);
    }
  });

  test('keeps a given revocation time', async () => {
    const dir = path.join(base, 'revoked-at');
    const issued = await loadOrCreatePki(options(dir, { hosts: withRevoked({ reason: 'superseded', at: '2025-01-02T03:04:05.678Z' }) }));
    expect(issued.leaves[2].revocation).toEqual({ time: AT, reason: 'superseded' });
  });
});

test('a deleted or edited root.pem is rewritten from the cache, without reissuing', async () => {
  const dir = await copyOfCache();
  await fs.rm(path.join(dir, 'root.pem'));
  const loaded = await loadOrCreatePki(options(dir));
  expect(loaded.generated).toBe(false);
  expect(await fs.readFile(path.join(dir, 'root.pem'), 'utf8')).toBe(original.rootPem);
  await fs.writeFile(path.join(dir, 'root.pem'), 'edited');
  await loadOrCreatePki(options(dir));
  expect(await fs.readFile(path.join(dir, 'root.pem'), 'utf8')).toBe(original.rootPem);
  expect((await fs.readdir(dir)).sort()).toEqual(['pki.json', 'root.pem']);
});
