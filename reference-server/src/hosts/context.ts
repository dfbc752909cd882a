import * as path from 'node:path';
import type { IssuedLeaf, ReferencePki } from '../pki';
import { REFERENCE_DEPLOYMENT, type Deployment } from './deployment';
import type { ResponderOptions } from './ocsp/policy';

/** What every host factory is built from. */
export interface HostContext {
  /** The {section} path segment that holds the site's content directory. */
  section: string;
  /** Folder of the files the hosts serve (`reference-server/content`). */
  contentRoot: string;
  /** The reference's PKI: the OCSP responder answers for its certificates. */
  pki?: ReferencePki;
  /**
   * Leaves served beside the PKI's, never cached: those a deviating node issues at start
   * (revoked-leaf, expiring-leaf). The OCSP responder answers for them too, on every node.
   */
  nodeLeaves?: IssuedLeaf[];
  /** OCSP responder settings (ResponderID form, lifetime); defaults in `ocsp/policy`. */
  ocsp?: Partial<ResponderOptions>;
  /** The choices where the description is silent (`reference`, or `alt`). */
  deployment: Deployment;
}

export const DEFAULT_SECTION = 'static';
export const DEFAULT_CONTENT_ROOT = path.resolve(__dirname, '../../content');

export function defaultHostContext(overrides: Partial<HostContext> = {}): HostContext {
  const deployment = overrides.deployment ?? REFERENCE_DEPLOYMENT;
  return { section: deployment.defaultSection, contentRoot: DEFAULT_CONTENT_ROOT, ...overrides, deployment };
}
