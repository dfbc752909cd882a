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
  // Clients send a handful of distinct values: each is negotiated once (bounded: the header is
  // the client's to choose).
  const header = headers['accept-encoding'];
  const key = `${offered.join(',')}\n${header === undefined ? '\u0000' : String(header)}`;
  const known = decided.get(key);
  if (known) return known;
  const coding = negotiate(headers, offered);
  if (decided.size >= MAX_DECIDED) decided.clear();
  decided.set(key, coding);
  return coding;
}

const decided = new Map<string, Coding>();
const MAX_DECIDED = 256;

function negotiate(headers: IncomingHttpHeaders, offered: readonly ContentCoding[]): Coding {
  const available = [...offered, 'identity'];
  const negotiator = new Negotiator({ headers });
  const encodings = negotiator.encodings as unknown as EncodingsWithPreference;
  const preferred = encodings.call(negotiator, available, { preferred: available });
  return (preferred[0] as Coding | undefined) ?? 'identity';
}
