import Negotiator from 'negotiator';
import type { IncomingHttpHeaders } from 'node:http';

export type ContentCoding = 'br' | 'gzip';
export type Coding = ContentCoding | 'identity';

// @types/negotiator lacks the `preferred` option negotiator 1.x has.
type EncodingsWithPreference = (available: readonly string[], options: { preferred: readonly string[] }) => string[];

/**
 * The coding to send, out of `offered` (server preference order) and identity.
 * The client's q-values decide; on equal q the server's order wins. No Accept-Encoding means
 * identity only (what IIS and the CDN do, though RFC 9110 would allow any coding), and when the
 * client refuses everything, identity is sent anyway rather than a 406.
 */
export function chooseEncoding(headers: IncomingHttpHeaders, offered: readonly ContentCoding[]): Coding {
  const available = [...offered, 'identity'];
  const negotiator = new Negotiator({ headers });
  const encodings = negotiator.encodings as unknown as EncodingsWithPreference;
  const preferred = encodings.call(negotiator, available, { preferred: available });
  return (preferred[0] as Coding | undefined) ?? 'identity';
}
