/**
 * The roots a target's certificate is checked against: Node's defaults plus the map's extra roots
 * (TARGET_CA), so a public staging certificate keeps verifying. Every client of the map connects
 * with one TLS context per set of extra roots, made once: handed a `ca` list instead, Node parses
 * each of its 150-odd certificates again on every connection, which made certificate parsing the
 * largest CPU cost of a replay (bench/connect.ts).
 */
import { createSecureContext, rootCertificates, type SecureContext } from 'node:tls';

const contexts = new WeakMap<readonly string[], SecureContext>();
const NONE: readonly string[] = Object.freeze([]);

/** Node's default roots and `extra`, as PEM strings. */
export function trustedRoots(extra: readonly string[]): string[] {
  return [...rootCertificates, ...extra];
}

/** The TLS context trusting `trustedRoots(extra)`, shared by every connection given the same `extra` list. */
export function rootsContext(extra: readonly string[] = NONE): SecureContext {
  let context = contexts.get(extra);
  if (!context) {
    context = createSecureContext({ ca: trustedRoots(extra) });
    contexts.set(extra, context);
  }
  return context;
}
