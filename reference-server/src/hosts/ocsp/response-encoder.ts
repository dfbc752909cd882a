/**
 * Signs OCSP responses with pkijs (loaded only by the store's background signing, never on a
 * request's path). One BasicOCSPResponse per answer: one SingleResponse, no certificates, no
 * extensions, sha256WithRSAEncryption with NULL parameters (the engine of `pki/engine`).
 */
import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { engine, SIGNATURE_HASH } from '../../pki/engine';
import { REVOCATION_REASONS, type Intermediate, type Revocation } from '../../pki';
import type { ResponderIdForm, ResponseTimes } from './policy';
import { CERT_ID_HASH_OIDS, type CertIdHash } from './request-decoder';

const OCSP_BASIC = '1.3.6.1.5.5.7.48.1.1';
const NODE_HASH: Record<CertIdHash, string> = { 'SHA-1': 'sha1', 'SHA-256': 'sha256' };

export interface SigningIssuer {
  name: string;
  certificate: pkijs.Certificate;
  privateKey: CryptoKey;
  /** CertID issuerNameHash / issuerKeyHash of this issuer per hash algorithm, uppercase hex. */
  certIdHashes: Record<CertIdHash, { nameHash: string; keyHash: string }>;
}

export type CertStatus = { status: 'good' } | { status: 'revoked'; revocation: Revocation };

export interface ResponseToSign {
  issuer: SigningIssuer;
  hash: CertIdHash;
  serialHex: string;
  certStatus: CertStatus;
  times: ResponseTimes;
  responderId: ResponderIdForm;
}

function derOfPem(pem: string): ArrayBuffer {
  const body = pem.replace(/-----(BEGIN|END) [A-Z ]+-----/g, '').replace(/\s+/g, '');
  const bytes = Buffer.from(body, 'base64');
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

const digestHex = (hash: CertIdHash, data: Uint8Array): string => createHash(NODE_HASH[hash]).update(data).digest('hex').toUpperCase();

export async function loadSigningIssuer(intermediate: Intermediate): Promise<SigningIssuer> {
  const certificate = pkijs.Certificate.fromBER(derOfPem(intermediate.certPem));
  const privateKey = await engine.importKey('pkcs8', derOfPem(intermediate.keyPem), { name: 'RSASSA-PKCS1-v1_5', hash: SIGNATURE_HASH }, false, ['sign']);
  // RFC 6960 4.1.1: the hash of the issuer's DN as encoded in its certificate, and of its
  // subjectPublicKey BIT STRING's value (without the unused-bits byte).
  const subject = new Uint8Array(certificate.subject.toSchema().toBER());
  const keyBits = certificate.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView;
  const certIdHashes = Object.fromEntries(
    (Object.keys(CERT_ID_HASH_OIDS) as CertIdHash[]).map((hash) => [hash, { nameHash: digestHex(hash, subject), keyHash: digestHex(hash, keyBits) }]),
  ) as SigningIssuer['certIdHashes'];
  return { name: intermediate.name, certificate, privateKey, certIdHashes };
}

function certStatusBlock(certStatus: CertStatus): asn1js.BaseBlock {
  if (certStatus.status === 'good') {
    // good [0] IMPLICIT NULL
    return new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: 0 } });
  }
  // revoked [1] IMPLICIT RevokedInfo { revocationTime, revocationReason [0] EXPLICIT CRLReason }
  return new asn1js.Constructed({
    idBlock: { tagClass: 3, tagNumber: 1 },
    value: [
      new asn1js.GeneralizedTime({ valueDate: new Date(certStatus.revocation.time) }),
      new asn1js.Constructed({
        idBlock: { tagClass: 3, tagNumber: 0 },
        value: [new asn1js.Enumerated({ value: REVOCATION_REASONS[certStatus.revocation.reason] })],
      }),
    ],
  });
}

const octets = (hex: string) => new asn1js.OctetString({ valueHex: new Uint8Array(Buffer.from(hex, 'hex')) });

/** A signed, DER-encoded OCSPResponse with status successful. */
export async function encodeOcspResponse(request: ResponseToSign): Promise<Buffer> {
  const { issuer, hash } = request;
  const certID = new pkijs.CertID({
    hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: CERT_ID_HASH_OIDS[hash], algorithmParams: new asn1js.Null() }),
    issuerNameHash: octets(issuer.certIdHashes[hash].nameHash),
    issuerKeyHash: octets(issuer.certIdHashes[hash].keyHash),
    serialNumber: new asn1js.Integer({ valueHex: new Uint8Array(Buffer.from(request.serialHex, 'hex')) }),
  });
  const basic = new pkijs.BasicOCSPResponse();
  const data = basic.tbsResponseData;
  if (request.responderId === 'byName') {
    data.responderID = issuer.certificate.subject;
  } else {
    // byKey: SHA-1 of the responder's public key bits (RFC 6960 4.2.1).
    const keyBits = issuer.certificate.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView;
    data.responderID = new asn1js.OctetString({ valueHex: new Uint8Array(createHash('sha1').update(keyBits).digest()) });
  }
  data.producedAt = request.times.producedAt;
  data.responses = [
    new pkijs.SingleResponse({
      certID,
      certStatus: certStatusBlock(request.certStatus),
      thisUpdate: request.times.thisUpdate,
      nextUpdate: request.times.nextUpdate,
    }),
  ];
  await basic.sign(issuer.privateKey, SIGNATURE_HASH, engine);

  const response = new pkijs.OCSPResponse({
    responseStatus: new asn1js.Enumerated({ value: 0 }),
    responseBytes: new pkijs.ResponseBytes({
      responseType: OCSP_BASIC,
      response: new asn1js.OctetString({ valueHex: basic.toSchema().toBER() }),
    }),
  });
  return Buffer.from(response.toSchema().toBER());
}
