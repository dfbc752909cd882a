/**
 * The DER side of the OCSP flow, on pkijs (no network): the OCSP URL of a certificate's AIA, an
 * RFC 6960 request with one SHA-1 CertID (AlgorithmIdentifier with NULL parameters, no nonce, no
 * extensions: the 85-byte request of an 18-byte serial), and what a response says.
 */
import { createHash, verify as verifySignature, X509Certificate } from 'node:crypto';
import { webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { HarnessError } from '../../core';

let engineSet = false;
function engine(): void {
  if (engineSet) return;
  pkijs.setEngine('harness', new pkijs.CryptoEngine({ name: 'harness', crypto: webcrypto as unknown as Crypto }));
  engineSet = true;
}

const OID_AIA = '1.3.6.1.5.5.7.1.1';
const OID_OCSP = '1.3.6.1.5.5.7.48.1';
const OID_SHA1 = '1.3.14.3.2.26';
const OID_BASIC = '1.3.6.1.5.5.7.48.1.1';
const OID_OCSP_SIGNING = '1.3.6.1.5.5.7.3.9';

function ab(buf: Uint8Array): ArrayBuffer {
  return buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer;
}

export function parseCertificate(der: Uint8Array): pkijs.Certificate {
  engine();
  return pkijs.Certificate.fromBER(ab(der));
}

/** The OCSP responder URLs of the certificate's Authority Information Access extension. */
export function ocspUrlsOf(der: Uint8Array): string[] {
  const cert = parseCertificate(der);
  const ext = cert.extensions?.find((e) => e.extnID === OID_AIA);
  const aia = ext?.parsedValue as pkijs.InfoAccess | undefined;
  return (aia?.accessDescriptions ?? []).filter((d) => d.accessMethod === OID_OCSP && d.accessLocation.type === 6).map((d) => String(d.accessLocation.value));
}

export interface CertId {
  hashAlgorithm: string;
  issuerNameHash: string;
  issuerKeyHash: string;
  serial: string;
}

export interface BuiltOcspRequest {
  der: Buffer;
  certId: CertId;
  serialBytes: number;
}

function hex(view: ArrayBuffer | Uint8Array): string {
  return Buffer.from(view instanceof Uint8Array ? view : new Uint8Array(view)).toString('hex');
}

function certIdOf(id: pkijs.CertID): CertId {
  return {
    hashAlgorithm: id.hashAlgorithm.algorithmId,
    issuerNameHash: hex(id.issuerNameHash.valueBlock.valueHexView),
    issuerKeyHash: hex(id.issuerKeyHash.valueBlock.valueHexView),
    serial: hex(id.serialNumber.valueBlock.valueHexView),
  };
}

/** SHA-1 CertID with NULL parameters, no nonce (RFC 5019 §2.1.1). */
export async function buildOcspRequest(leafDer: Uint8Array, issuerDer: Uint8Array): Promise<BuiltOcspRequest> {
  engine();
  const leaf = parseCertificate(leafDer);
  const issuer = parseCertificate(issuerDer);
  const req = new pkijs.OCSPRequest();
  await req.createForCertificate(leaf, { hashAlgorithm: 'SHA-1', issuerCertificate: issuer });
  const id = req.tbsRequest.requestList[0].reqCert;
  // RFC 5019 and real clients (openssl) write the SHA-1 AlgorithmIdentifier with NULL parameters.
  id.hashAlgorithm = new pkijs.AlgorithmIdentifier({ algorithmId: OID_SHA1, algorithmParams: new asn1js.Null() });
  const der = Buffer.from(req.toSchema(true).toBER(false));
  return { der, certId: certIdOf(id), serialBytes: leaf.serialNumber.valueBlock.valueHexView.length };
}

/** A request for the leaf's serial under an issuer nobody knows (random name and key hashes). */
export function unknownIssuerRequest(serialHex: string): Buffer {
  const rnd = (n: number) => new Uint8Array(createHash('sha1').update(`harness-unknown-issuer-${n}`).digest());
  const certId = new pkijs.CertID({
    hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID_SHA1, algorithmParams: new asn1js.Null() }),
    issuerNameHash: new asn1js.OctetString({ valueHex: ab(rnd(1)) }),
    issuerKeyHash: new asn1js.OctetString({ valueHex: ab(rnd(2)) }),
    serialNumber: new asn1js.Integer({ valueHex: ab(Buffer.from(serialHex, 'hex')) }),
  });
  const req = new pkijs.OCSPRequest();
  req.tbsRequest.requestList = [new pkijs.Request({ reqCert: certId })];
  return Buffer.from(req.toSchema(true).toBER(false));
}

export type CertStatus = 'good' | 'revoked' | 'unknown';

export interface ParsedOcspResponse {
  /** OCSPResponseStatus: 0 successful, 1 malformedRequest, 2 internalError, 3 tryLater, 5 sigRequired, 6 unauthorized. */
  responseStatus: number;
  basic?: {
    certId: CertId;
    certStatus: CertStatus;
    thisUpdate: Date;
    nextUpdate?: Date;
    producedAt: Date;
    responderId: 'byName' | 'byKey';
    signatureAlgorithm: string;
    tbs: Buffer;
    signature: Buffer;
    certs: Buffer[];
  };
}

/** Bytes that are not the OCSP response they should be. */
export class OcspParseError extends HarnessError {
  constructor(message: string) {
    super('HARNESS_ERR_OCSP_PARSE', message);
  }
}

/** Parses an OCSPResponse; throws OcspParseError when the bytes are not one. */
export function parseOcspResponse(der: Buffer): ParsedOcspResponse {
  engine();
  let resp: pkijs.OCSPResponse;
  try {
    resp = pkijs.OCSPResponse.fromBER(ab(der));
  } catch (e) {
    throw new OcspParseError(`not a DER OCSPResponse: ${(e as Error).message}`);
  }
  const responseStatus = resp.responseStatus.valueBlock.valueDec;
  if (!resp.responseBytes) return { responseStatus };
  if (resp.responseBytes.responseType !== OID_BASIC) throw new OcspParseError(`response type ${resp.responseBytes.responseType} is not id-pkix-ocsp-basic`);
  let basic: pkijs.BasicOCSPResponse;
  try {
    basic = pkijs.BasicOCSPResponse.fromBER(ab(resp.responseBytes.response.valueBlock.valueHexView));
  } catch (e) {
    throw new OcspParseError(`not a DER BasicOCSPResponse: ${(e as Error).message}`);
  }
  const single = basic.tbsResponseData.responses[0];
  if (!single) throw new OcspParseError('BasicOCSPResponse without a SingleResponse');
  const tag = (single.certStatus as asn1js.BaseBlock).idBlock.tagNumber;
  const certStatus: CertStatus = tag === 0 ? 'good' : tag === 1 ? 'revoked' : 'unknown';
  const rid = basic.tbsResponseData.responderID;
  return {
    responseStatus,
    basic: {
      certId: certIdOf(single.certID),
      certStatus,
      thisUpdate: single.thisUpdate,
      ...(single.nextUpdate ? { nextUpdate: single.nextUpdate } : {}),
      producedAt: basic.tbsResponseData.producedAt,
      responderId: rid instanceof pkijs.RelativeDistinguishedNames ? 'byName' : 'byKey',
      signatureAlgorithm: basic.signatureAlgorithm.algorithmId,
      tbs: Buffer.from(basic.tbsResponseData.tbsView),
      signature: Buffer.from(basic.signature.valueBlock.valueHexView),
      certs: (basic.certs ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate).map((c) => Buffer.from(c.toSchema(true).toBER(false))),
    },
  };
}

const HASH_OF: Record<string, string> = {
  '1.2.840.113549.1.1.11': 'sha256',
  '1.2.840.113549.1.1.12': 'sha384',
  '1.2.840.113549.1.1.13': 'sha512',
  '1.2.840.113549.1.1.5': 'sha1',
  '1.2.840.10045.4.3.2': 'sha256',
  '1.2.840.10045.4.3.3': 'sha384',
};

function verifyWith(basic: NonNullable<ParsedOcspResponse['basic']>, signer: X509Certificate): boolean {
  const hash = HASH_OF[basic.signatureAlgorithm];
  if (!hash) return false;
  try {
    return verifySignature(hash, basic.tbs, signer.publicKey, basic.signature);
  } catch {
    return false;
  }
}

/**
 * Whether the response is signed by the issuer, or by a delegated responder certificate in the
 * response that the issuer signed and that carries id-kp-OCSPSigning (RFC 6960 §4.2.2.2).
 */
export function signatureVerdict(basic: NonNullable<ParsedOcspResponse['basic']>, issuerDer: Uint8Array): { ok: boolean; how: string } {
  const issuer = new X509Certificate(Buffer.from(issuerDer));
  if (verifyWith(basic, issuer)) return { ok: true, how: `signed by the issuer (${issuer.subject.replace(/\n/g, ', ')})` };
  for (const der of basic.certs) {
    const delegate = new X509Certificate(der);
    if (!delegate.verify(issuer.publicKey)) continue;
    const eku = parseCertificate(der).extensions?.find((e) => e.extnID === '2.5.29.37')?.parsedValue as pkijs.ExtKeyUsage | undefined;
    if (!eku?.keyPurposes.includes(OID_OCSP_SIGNING)) continue;
    if (verifyWith(basic, delegate)) return { ok: true, how: `signed by a delegated responder (${delegate.subject.replace(/\n/g, ', ')})` };
  }
  return { ok: false, how: `signature (${basic.signatureAlgorithm}) does not verify with the issuer's key or a delegated responder's` };
}

/** RFC 5019 GET path segment: base64 of the DER, URL-encoded. */
export function getPath(der: Buffer): string {
  return encodeURIComponent(der.toString('base64'));
}

/** The OCSPResponse of an error status (`30 03 0a 01 NN`). */
export function errorResponse(status: number): Buffer {
  return Buffer.from([0x30, 0x03, 0x0a, 0x01, status]);
}

export const RESPONSE_STATUS: Record<number, string> = {
  0: 'successful',
  1: 'malformedRequest',
  2: 'internalError',
  3: 'tryLater',
  5: 'sigRequired',
  6: 'unauthorized',
};
