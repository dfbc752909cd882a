/**
 * The roots a target's certificate is checked against: Node's defaults plus the map's extra roots
 * (TARGET_CA), so a public staging certificate keeps verifying. Every client of the map connects
 * with one TLS context per set of extra roots, made once: handed a `ca` list instead, Node parses
 * each of its 150-odd certificates again on every connection, which made certificate parsing the
 * largest CPU cost of a replay (bench/connect.ts).
 */
import { createSecureContext, rootCertificates, type SecureContext } from 'node:tls';

/** By the extra roots' text: maps are loaded again (per test, per worker) with equal lists. A run sees a handful. */
const contexts = new Map<string, SecureContext>();
const KEPT = 16;

/** Node's default roots and `extra`, as PEM strings. */
export function trustedRoots(extra: readonly string[]): string[] {
  return [...rootCertificates, ...extra];
}

/** The TLS context trusting `trustedRoots(extra)`, shared by every connection given the same extra roots. */
export function rootsContext(extra: readonly string[] = []): SecureContext {
  const key = extra.join('\n');
  let context = contexts.get(key);
  if (!context) {
    context = createSecureContext({ ca: trustedRoots(extra) });
    if (contexts.size >= KEPT) contexts.delete(contexts.keys().next().value!);
    contexts.set(key, context);
  }
  return context;
}
