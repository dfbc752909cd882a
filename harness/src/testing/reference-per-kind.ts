/**
 * Test support: one reference per kind for a whole Jest run. Jest's global set-up starts each kind
 * once (`jest-references.ts`) and hands its ready line to every worker through the environment; a
 * test that only sends requests to a reference takes the run's rather than paying a start of its
 * own (a process, tsx, the PKI). A test that needs a process of its own (one it stops, one with
 * deviations or other options) starts one with `startEmbeddedReference` and says why.
 */
import { startEmbeddedReference, type EmbeddedOptions, type ReferenceReady } from '../embedded/start-reference';

/** The kinds the run shares: the reference as `npm run conformance` starts it, without its HTTP/3 edge, and the second deployment. */
export const REFERENCE_KINDS = {
  default: {},
  'no-http3': { args: ['--no-http3'] },
  alt: { deployment: 'alt' },
} as const satisfies Record<string, EmbeddedOptions>;

export type ReferenceKind = keyof typeof REFERENCE_KINDS;

/** The variable a Jest run's global set-up writes a kind's ready line to. */
export const sharedVariable = (kind: ReferenceKind): string => `HARNESS_JEST_REFERENCE_${kind.toUpperCase().replace(/-/g, '_')}`;

export interface SharedReference {
  ready: ReferenceReady;
  /** Stops a reference started for this test alone; the run's shared one is the global tear-down's to stop. */
  stop(): Promise<void>;
}

/** The run's reference of `kind`, or, outside a run that shares one (a file run by hand with another configuration), one of its own. */
export async function sharedReference(kind: ReferenceKind): Promise<SharedReference> {
  const shared = process.env[sharedVariable(kind)];
  if (shared) return { ready: JSON.parse(shared) as ReferenceReady, stop: async () => undefined };
  const own = await startEmbeddedReference(REFERENCE_KINDS[kind]);
  return { ready: own.ready, stop: own.stop };
}
