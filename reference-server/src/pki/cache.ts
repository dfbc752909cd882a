import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { PkiError, isCode } from './errors';
import { checkManifest } from './manifest';
import type { CacheManifest, PkiRequest, ReferencePki } from './types';

export interface CachePaths {
  dir: string;
  root: string;
  manifest: string;
  lock: string;
}

export function cachePaths(dir: string): CachePaths {
  const absolute = path.resolve(dir);
  return {
    dir: absolute,
    root: path.join(absolute, 'root.pem'),
    manifest: path.join(absolute, 'pki.json'),
    lock: path.join(absolute, 'pki.lock'),
  };
}

/** The folder holds private keys: only its owner may read it. */
export async function ensureCacheDir(paths: CachePaths): Promise<void> {
  try {
    await fs.mkdir(paths.dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new PkiError('PKI_DIR_UNUSABLE', `cannot create the PKI folder ${paths.dir}: ${String(error)}`, { cause: error });
  }
}

export type CacheLoad = { pki: ReferencePki } | { reason: string };

/** Loads the cached PKI if it serves `request` at `now`; the reason otherwise. */
export async function loadCache(paths: CachePaths, request: PkiRequest, now: Date): Promise<CacheLoad> {
  let text: string;
  try {
    text = await fs.readFile(paths.manifest, 'utf8');
  } catch (error) {
    if (isCode(error, 'ENOENT')) return { reason: 'no cache' };
    throw new PkiError('PKI_CACHE_UNREADABLE', `cannot read ${paths.manifest}: ${String(error)}`, { cause: error });
  }
  const check = checkManifest(text, request, now);
  if ('reason' in check) return { reason: `${paths.manifest}: ${check.reason}` };
  await restoreRoot(paths, check.manifest.root.certPem);
  return { pki: toReferencePki(paths, check.manifest, false) };
}

// root.pem is derived from the manifest; a deleted or edited copy is rewritten, not reissued.
async function restoreRoot(paths: CachePaths, rootPem: string): Promise<void> {
  const current = await fs.readFile(paths.root, 'utf8').catch(() => undefined);
  if (current !== rootPem) await writeAtomic(paths.root, rootPem, 0o644);
}

/** root.pem first: the manifest is the commit point, and a reader fixes a root.pem left behind. */
export async function writeCache(paths: CachePaths, manifest: CacheManifest): Promise<void> {
  await writeAtomic(paths.root, manifest.root.certPem, 0o644);
  await writeAtomic(paths.manifest, `${JSON.stringify(manifest, null, 2)}\n`, 0o600);
}

/** Readers in other processes see the old file or the new one, never a partial write. */
async function writeAtomic(target: string, data: string, mode: number): Promise<void> {
  const temp = `${target}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const handle = await fs.open(temp, 'wx', mode);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, target);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw new PkiError('PKI_WRITE_FAILED', `cannot write ${target}: ${String(error)}`, { cause: error });
  }
}

export function toReferencePki(paths: CachePaths, manifest: CacheManifest, generated: boolean): ReferencePki {
  return {
    dir: paths.dir,
    rootPath: paths.root,
    rootPem: manifest.root.certPem,
    intermediates: manifest.intermediates.map((i) => ({ ...i })),
    leaves: manifest.leaves.map((l) => ({ ...l, names: [...l.names] })),
    generated,
  };
}
