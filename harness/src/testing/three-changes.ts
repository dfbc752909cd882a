/**
 * Test support: the target a new user puts together in their first hour: the reference behind a
 * small proxy of their own that changes three things (it drops X-Frame-Options on the site,
 * rewrites the asset host's Cache-Control to `no-store`, and turns the site's 404 into a 200),
 * while the HTTP/3 port it advertises leads straight to the unmodified reference (where Caddy is
 * installed). A report of it must show three causes, each naming the side that differs.
 */
import type { Mutation } from './mutating-proxy';
import { startTestEdge, type TestEdge } from './h3-edge';
import { startProxiedReference, stopProxiedReference, type ProxiedReference } from './proxied-reference';
import { REFERENCE_NAMES, ROLE_HOSTS } from './reference-names';

export const SITE = 'www.lessons.test';
export const ASSETS = 'media.lessons.test';

/** The three changes, as the user's proxy makes them. */
export const THREE_CHANGES: Mutation = (e) => {
  if (e.host === SITE) e.lines = e.lines.filter(([n]) => n !== 'x-frame-options');
  if (e.host === ASSETS && e.lines.some(([n]) => n === 'cache-control'))
    e.lines = [...e.lines.filter(([n]) => n !== 'cache-control'), ['cache-control', 'no-store']];
  if (e.host === SITE && e.status === 404) e.status = 200;
};

export interface ThreeChanges extends ProxiedReference {
  /** The HTTP/3 edge in front of the unmodified reference, when Caddy is installed. */
  direct?: TestEdge;
  /** The target variables of the proxy (every https role; the redirector with its hops). */
  env(): Record<string, string>;
}

export async function startThreeChanges(): Promise<ThreeChanges> {
  const proxied = await startProxiedReference(REFERENCE_NAMES, 'Three Changes Proxy Root');
  proxied.proxy.setMutation(THREE_CHANGES);
  // The advertised HTTP/3 port answers for the proxy's names with the proxy's certificate, but from the unmodified reference.
  const direct = await startTestEdge({
    names: REFERENCE_NAMES,
    pki: proxied.pki,
    upstreamPort: proxied.reference.ready.tlsPort,
    upstreamCaFile: proxied.reference.ready.rootPath,
  });
  if (direct) proxied.proxy.setAltSvc(direct.altSvc);
  const env = () => {
    const out = proxied.proxy.targetEnv({ ...ROLE_HOSTS, TARGET_REDIRECTOR_URL: REFERENCE_NAMES.find((n) => n.startsWith('go.'))! }, proxied.pki.caFile);
    out.TARGET_REDIRECTOR_URL = REFERENCE_NAMES.filter((n) => n.endsWith('redirect.test'))
      .map((n) => `https://${n}:${proxied.proxy.port}`)
      .join(',');
    return out;
  };
  return { ...proxied, ...(direct ? { direct } : {}), env };
}

export async function stopThreeChanges(t: Partial<ThreeChanges>): Promise<void> {
  await t.direct?.stop();
  await stopProxiedReference(t);
}
