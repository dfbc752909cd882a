/**
 * Protocol parity: the same request over HTTP/1.1 and HTTP/2 must mean the same (RFC 9113 §8.3 maps
 * the request and response onto the same HTTP semantics, RFC 9110 §6). Every difference the
 * learned noise of the exchange does not excuse is a finding of its own.
 */
import type { Finding } from '../core';
import { compareAnswers, emptyNoise, type Noise } from '../noise';
import type { ObservedExchange } from '../spec-model/observed';

export const PARITY_CLAUSE =
  'RFC 9113 §8.3 and RFC 9110 §6: a message has the same semantics over HTTP/1.1 and HTTP/2 (status, header fields as RFC 9110 §5.3 combines them, cookies, content).';

/** HTTP/2 frames its messages: Content-Length is optional there (RFC 9113 §8.1.1). */
const H2_MAY_OMIT: ReadonlySet<string> = new Set(['content-length']);

export function compareProtocols(id: string, h1: ObservedExchange, h2: ObservedExchange, noise: Noise = emptyNoise()): Finding[] {
  return compareAnswers(id, h1, h2, noise, { aspect: 'parity', first: 'h1', second: 'h2', clause: PARITY_CLAUSE, mayOmit: H2_MAY_OMIT, target: h1.target });
}
