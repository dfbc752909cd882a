import * as path from 'node:path';
import { startEmbeddedReference } from '../embedded/start-reference';
import { sharedReference, type SharedReference } from './reference-per-kind';
import { makeTestPki, type TestPki } from '../target-map/test-pki';
import { startTestEdge, type TestEdge } from './h3-edge';
import { startMutatingProxy, type MutatingProxy } from './mutating-proxy';

export const REPO_ROOT = path.resolve(__dirname, '../../..');

export interface ProxiedReference {
  reference: SharedReference;
  pki: TestPki;
  proxy: MutatingProxy;
  /** Its HTTP/3 edge, when asked for and Caddy is installed (the proxy then advertises it in Alt-Svc). */
  edge?: TestEdge;
}

/**
 * A broken-on-purpose target: the reference behind a mutating proxy that presents its own
 * certificate for `names` (root in `pki.caFile`). `extraArgs` go to the reference (`--deployment alt`).
 * `aia`, `extraNames`: see makeTestPki. `h3`: an HTTP/3 edge in front of the proxy too, advertised on every answer, as the reference's own
 * edge is (where Caddy is installed): a complete deployment, whose mutations see `viaEdge`.
 */
export async function startProxiedReference(
  names: readonly string[],
  rootName: string,
  extraArgs: readonly string[] = [],
  options: { h3?: boolean; aia?: string; extraNames?: readonly string[] } = {},
): Promise<ProxiedReference> {
  // Its own HTTP/3 edge would present the reference's certificate, not the proxy's: none (the proxy drops Alt-Svc too).
  // The run's shared reference where no option asks for one of its own (the proxy, not the reference, is what each test breaks).
  const reference = extraArgs.length ? await startEmbeddedReference({ args: ['--no-http3', ...extraArgs] }) : await sharedReference('no-http3');
  // Extra names share the certificate (a third party of the test), the AIA names the OCSP responder the leaf claims.
  const pki = makeTestPki([...names, ...(options.extraNames ?? [])], rootName, options.aia ? { aia: options.aia } : {});
  const proxy = await startMutatingProxy({
    names,
    upstreamPort: reference.ready.tlsPort,
    upstreamCaFile: reference.ready.rootPath,
    keyPem: pki.keyPem,
    certPem: pki.certPem,
    ...(reference.ready.values ? { values: reference.ready.values } : {}),
  });
  const edge = options.h3 ? await startTestEdge({ names, pki, upstreamPort: proxy.port }) : undefined;
  if (edge) proxy.setAltSvc(edge.altSvc);
  return { reference, pki, proxy, ...(edge ? { edge } : {}) };
}

export async function stopProxiedReference(p: Partial<ProxiedReference>): Promise<void> {
  await p.edge?.stop();
  await p.proxy?.close();
  await p.reference?.stop();
  p.pki?.cleanup();
}
