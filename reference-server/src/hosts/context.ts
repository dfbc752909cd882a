import * as path from 'node:path';
import type { ReferencePki } from '../pki';
import type { ResponderOptions } from './ocsp/policy';

/** What every host factory is built from. */
export interface HostContext {
  /** The {section} path segment that holds the site's content directory. */
  section: string;
  /** Folder of the files the hosts serve (`reference-server/content`). */
  contentRoot: string;
  /** The reference's PKI: the OCSP responder answers for its certificates. */
  pki?: ReferencePki;
  /** OCSP responder settings (ResponderID form, lifetime); defaults in `ocsp/policy`. */
  ocsp?: Partial<ResponderOptions>;
}

export const DEFAULT_SECTION = 'static';
export const DEFAULT_CONTENT_ROOT = path.resolve(__dirname, '../../content');

export function defaultHostContext(overrides: Partial<HostContext> = {}): HostContext {
  return { section: DEFAULT_SECTION, contentRoot: DEFAULT_CONTENT_ROOT, ...overrides };
}
