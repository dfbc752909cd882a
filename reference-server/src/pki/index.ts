/**
 * The reference server's own PKI: a root, Let's Encrypt-style intermediates R10 and R11, and one
 * leaf per host with an OCSP URL pointing at the reference's responder. Issued once and cached in
 * a folder (`root.pem` for users to trust, `pki.json` with every certificate and key), reissued
 * when the hosts change, the cache is damaged or a certificate nears expiry.
 *
 * The pkijs engine (NULL signature parameters) lives in `./engine`; it is not re-exported here so
 * that a cached start does not load pkijs.
 */
import { cachePaths, ensureCacheDir, loadCache, toReferencePki, writeCache } from './cache';
import { withLock } from './lock';
import { toRequest } from './options';
import type { PkiOptions, ReferencePki } from './types';

export { PkiError } from './errors';
export { REVOCATION_REASONS } from './policy';
export type { HostSpec, IssuedLeaf, Intermediate, IntermediateName, PkiOptions, ReferencePki, Revocation, RevocationReason, RevocationSpec } from './types';

export async function loadOrCreatePki(options: PkiOptions): Promise<ReferencePki> {
  const request = toRequest(options);
  const now = options.now ?? new Date();
  const paths = cachePaths(options.dir);
  await ensureCacheDir(paths);

  const cached = await loadCache(paths, request, now);
  if ('pki' in cached) return cached.pki;

  return withLock(paths.lock, async () => {
    // Whoever held the lock before us may have just written what we need.
    const written = await loadCache(paths, request, now);
    if ('pki' in written) return written.pki;
    const { generatePki } = await import('./generate');
    const manifest = await generatePki(request, now);
    await writeCache(paths, manifest);
    return toReferencePki(paths, manifest, true);
  });
}
