import type * as Asn1 from 'asn1js';

let loaded: typeof Asn1 | undefined;
/**
 * asn1js, loaded on first use rather than at start-up (it costs 30-60 ms there). The store's
 * background signing loads it anyway, usually before the first request.
 */
function asn1js(): typeof Asn1 {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (loaded ??= require('asn1js') as typeof Asn1);
}

/** The CertID hash algorithms the responder signs for; any other one is answered `unauthorized`. */
export const CERT_ID_HASHES = { '1.3.14.3.2.26': 'SHA-1', '2.16.840.1.101.3.4.2.1': 'SHA-256' } as const;
export type CertIdHash = (typeof CERT_ID_HASHES)[keyof typeof CERT_ID_HASHES];
export const CERT_ID_HASH_OIDS: Record<CertIdHash, string> = { 'SHA-1': '1.3.14.3.2.26', 'SHA-256': '2.16.840.1.101.3.4.2.1' };

const NONCE_OID = '1.3.6.1.5.5.7.48.1.2';

/** The first CertID of a request, as the store looks it up (hex is uppercase). */
export interface RequestedCertId {
  /** The hash algorithm's OID, whatever it is. */
  hashOid: string;
  /** Set when the responder supports the algorithm. */
  hash?: CertIdHash;
  issuerNameHash: string;
  issuerKeyHash: string;
  serialHex: string;
}

export type DecodedRequest =
  | { ok: true; certId: RequestedCertId; /** CertIDs in the request list; only the first is answered. */ requests: number; nonce: boolean }
  | { ok: false; reason: string };

class Malformed extends Error {}

const CONTEXT = 3;
const isContext = (block: Asn1.AsnType | undefined, tag: number): boolean =>
  block !== undefined && block.idBlock.tagClass === CONTEXT && block.idBlock.tagNumber === tag && block.idBlock.isConstructed;

function must<T>(block: Asn1.AsnType | undefined, type: abstract new (...args: never[]) => T, what: string): T {
  if (!(block instanceof type)) throw new Malformed(`${what} is not a ${type.name}`);
  return block;
}

const childrenOf = (block: Asn1.AsnType, what: string): Asn1.AsnType[] => {
  const value = (block as Asn1.Constructed).valueBlock?.value;
  if (!Array.isArray(value)) throw new Malformed(`${what} is not constructed`);
  return value as Asn1.AsnType[];
};

const hexOf = (view: Uint8Array): string => Buffer.from(view.buffer, view.byteOffset, view.byteLength).toString('hex').toUpperCase();

/**
 * Decodes an OCSPRequest (RFC 6960 4.1.1) down to its first CertID. Signatures and extensions are
 * accepted and ignored, except that a nonce is noted. Anything that is not an OCSPRequest, or
 * has trailing bytes, is malformed.
 */
export function decodeOcspRequest(der: Uint8Array): DecodedRequest {
  if (der.byteLength === 0) return { ok: false, reason: 'empty request' };
  try {
    const view = new Uint8Array(der.buffer as ArrayBuffer, der.byteOffset, der.byteLength);
    const parsed = asn1js().fromBER(view);
    if (parsed.offset === -1) throw new Malformed(`not DER: ${parsed.result.error}`);
    if (parsed.offset !== der.byteLength) throw new Malformed(`${der.byteLength - parsed.offset} bytes after the request`);

    const [tbs, signature, ...extra] = childrenOf(must(parsed.result, asn1js().Sequence, 'OCSPRequest'), 'OCSPRequest');
    if (extra.length > 0 || (signature !== undefined && !isContext(signature, 0))) throw new Malformed('unexpected fields after tbsRequest');
    const fields = childrenOf(must(tbs, asn1js().Sequence, 'tbsRequest'), 'tbsRequest');
    let at = 0;
    if (isContext(fields[at], 0)) {
      const [version] = childrenOf(fields[at++], 'version');
      if (must(version, asn1js().Integer, 'version').valueBlock.valueDec !== 0) throw new Malformed('version is not v1');
    }
    if (isContext(fields[at], 1)) at++; // requestorName
    const requestList = childrenOf(must(fields[at++], asn1js().Sequence, 'requestList'), 'requestList');
    let nonce = false;
    if (isContext(fields[at], 2)) nonce = hasNonce(fields[at++]);
    if (at !== fields.length) throw new Malformed('unexpected fields in tbsRequest');
    if (requestList.length === 0) throw new Malformed('empty requestList');
    requestList.forEach((request, i) => {
      const [, extensions, ...more] = childrenOf(must(request, asn1js().Sequence, `Request ${i}`), `Request ${i}`);
      if (more.length > 0 || (extensions !== undefined && !isContext(extensions, 0))) throw new Malformed(`Request ${i} has unexpected fields`);
    });
    const certId = decodeCertId(childrenOf(requestList[0], 'Request')[0]);
    return { ok: true, certId, requests: requestList.length, nonce };
  } catch (error) {
    if (error instanceof Malformed) return { ok: false, reason: error.message };
    return { ok: false, reason: `undecodable: ${String(error)}` };
  }
}

function decodeCertId(block: Asn1.AsnType | undefined): RequestedCertId {
  const fields = childrenOf(must(block, asn1js().Sequence, 'CertID'), 'CertID');
  if (fields.length !== 4) throw new Malformed('CertID does not have 4 fields');
  const [algorithm, nameHash, keyHash, serial] = fields;
  const [oid, parameters, ...rest] = childrenOf(must(algorithm, asn1js().Sequence, 'hashAlgorithm'), 'hashAlgorithm');
  if (rest.length > 0) throw new Malformed('hashAlgorithm has unexpected fields');
  const hashOid = must(oid, asn1js().ObjectIdentifier, 'hashAlgorithm.algorithm').getValue();
  const hash = Object.hasOwn(CERT_ID_HASHES, hashOid) ? CERT_ID_HASHES[hashOid as keyof typeof CERT_ID_HASHES] : undefined;
  // Hash algorithms take NULL or absent parameters; anything else is not a hash we know.
  const knownHash = hash !== undefined && (parameters === undefined || parameters instanceof asn1js().Null) ? hash : undefined;
  const serialBlock = must(serial, asn1js().Integer, 'serialNumber');
  return {
    hashOid,
    ...(knownHash ? { hash: knownHash } : {}),
    issuerNameHash: hexOf(must(nameHash, asn1js().OctetString, 'issuerNameHash').valueBlock.valueHexView),
    issuerKeyHash: hexOf(must(keyHash, asn1js().OctetString, 'issuerKeyHash').valueBlock.valueHexView),
    serialHex: hexOf(serialBlock.valueBlock.valueHexView),
  };
}

function hasNonce(wrapper: Asn1.AsnType): boolean {
  const [extensions] = childrenOf(wrapper, 'requestExtensions');
  return childrenOf(must(extensions, asn1js().Sequence, 'Extensions'), 'Extensions').some((extension) => {
    const [id] = childrenOf(must(extension, asn1js().Sequence, 'Extension'), 'Extension');
    return must(id, asn1js().ObjectIdentifier, 'extnID').getValue() === NONCE_OID;
  });
}

/**
 * Remembers the decoding of requests seen before, by their exact bytes: asn1js takes about
 * 100 us for an 85-byte request, a map lookup about 1 us, and clients repeat the same bytes
 * (no nonce: RFC 5019). Only well-formed requests are kept, at most `capacity`, oldest out first.
 */
export class DecodedRequestCache {
  private readonly entries = new Map<string, DecodedRequest & { ok: true }>();

  constructor(private readonly capacity = 4096) {}

  decode(der: Uint8Array): DecodedRequest {
    if (der.byteLength > 512) return decodeOcspRequest(der);
    const key = Buffer.from(der.buffer, der.byteOffset, der.byteLength).toString('latin1');
    const known = this.entries.get(key);
    if (known) return known;
    const decoded = decodeOcspRequest(der);
    if (decoded.ok) {
      if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, decoded);
    }
    return decoded;
  }

  get size(): number {
    return this.entries.size;
  }
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The DER of a GET request (RFC 5019 A.1: the path is the URL-encoded base64 of the request).
 * Leading slashes are skipped (some clients join the AIA URL and the request with one); a space
 * stands for a '+' a client left unencoded; base64url is accepted. Undefined when it is not one.
 */
export function derFromGetPath(path: string): Uint8Array | undefined {
  let text: string;
  try {
    text = decodeURIComponent(path.replace(/^\/+/, ''));
  } catch {
    return undefined;
  }
  text = text.replace(/ /g, '+').replace(/-/g, '+').replace(/_/g, '/');
  if (text === '' || !BASE64.test(text) || text.replace(/=+$/, '').length % 4 === 1) return undefined;
  return new Uint8Array(Buffer.from(text, 'base64'));
}
