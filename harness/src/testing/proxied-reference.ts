import * as path from 'node:path';
import { startEmbeddedReference, type EmbeddedReference } from '../embedded/reference-process';
import { makeTestPki, type TestPki } from '../target-map/test-pki';
import { startMutatingProxy, type MutatingProxy } from './mutating-proxy';

export const REPO_ROOT = path.resolve(__dirname, '../../..');

export interface ProxiedReference {
  reference: EmbeddedReference;
  pki: TestPki;
  proxy: MutatingProxy;
}

/**
 * A broken-on-purpose target: the reference behind a mutating proxy that presents its own
 * certificate for `names` (root in `pki.caFile`). `extraArgs` go to the reference (`--deployment alt`).
 */
export async function startProxiedReference(names: string[], rootName: string, extraArgs: readonly string[] = []): Promise<ProxiedReference> {
  const reference = await startEmbeddedReference({ args: extraArgs });
  const pki = makeTestPki(names, rootName);
  const proxy = await startMutatingProxy({
    names,
    upstreamPort: reference.ready.tlsPort,
    upstreamCaFile: reference.ready.rootPath,
    keyPem: pki.keyPem,
    certPem: pki.certPem,
    ...(reference.ready.values ? { values: reference.ready.values } : {}),
  });
  return { reference, pki, proxy };
}

export async function stopProxiedReference(p: Partial<ProxiedReference>): Promise<void> {
  await p.proxy?.close();
  await p.reference?.stop();
  p.pki?.cleanup();
}
