import type express from 'express';
import { createApp } from '../../http/app';
import type { HostContext } from '../context';
import { createOcspHandler, type OcspHandler } from './handler';
import { DEFAULT_RESPONDER_OPTIONS, type ResponderOptions } from './policy';
import { OcspStore } from './store';

export { OcspStore } from './store';
export type { ResponderIdForm, ResponderOptions } from './policy';

// One store per context: the TLS port and the plain-HTTP port each compose their own app.
const stores = new WeakMap<HostContext, OcspStore>();

/** The store of a context's responder, created (and its first signing round started) once. */
export function ocspStoreFor(ctx: HostContext): OcspStore {
  let store = stores.get(ctx);
  if (store) return store;
  if (!ctx.pki) throw new Error('the ocsp host needs the reference PKI (HostContext.pki)');
  const options: ResponderOptions = { ...DEFAULT_RESPONDER_OPTIONS, ...ctx.ocsp };
  // The nodes' own leaves are issued by the PKI's intermediates: the store signs for them like the PKI's.
  const pki = ctx.nodeLeaves?.length ? { ...ctx.pki, leaves: [...ctx.pki.leaves, ...ctx.nodeLeaves] } : ctx.pki;
  store = new OcspStore(pki, {
    ...options,
    onError: (error) => console.error(`ocsp: refreshing pre-signed responses failed: ${String(error)}`),
  });
  stores.set(ctx, store);
  const started = store;
  // Off the start-up path: loading pkijs and signing begin once the ports are listening.
  setImmediate(() => started.start().catch((error: unknown) => console.error(`ocsp: signing responses failed: ${String(error)}`)));
  return store;
}

/** Stops a context's store refreshing (the reference's stop calls it). */
export function stopOcspStore(ctx: HostContext): void {
  stores.get(ctx)?.stop();
}

/**
 * The OCSP responder ({ocsp_url}) for the reference's own PKI, answering under both names on the
 * TLS port and the plain-HTTP port.
 *
 * It is an Express app like every host (the registry composes it, it mounts as a sub-app), but
 * its `handle` is the responder itself: the responder needs only node's request/response API
 * (HTTP/1.1 and HTTP/2 compat alike), and Express's per-request setup and router cost about half
 * of its throughput (bench/ocsp.ts: about 8,000 against 14,000 req/s on this machine).
 */
export function createOcspApp(ctx: HostContext): express.Express {
  const app = createApp();
  (app as unknown as { handle: OcspHandler }).handle = createOcspHandler(ocspStoreFor(ctx));
  return app;
}
