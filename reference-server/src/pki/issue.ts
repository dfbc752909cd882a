import { webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { engine, SIGNATURE_HASH } from './engine';
import type { KeyIds } from './extensions';
import { encodeName } from './names';
import { toPem } from './pem';
import type { DistinguishedName } from './policy';

export interface IssuedCertificate {
  certificate: pkijs.Certificate;
  keys: CryptoKeyPair;
  keyId: ArrayBuffer;
  certPem: string;
  keyPem: string;
  serialHex: string;
}

/** What signing needs of an issuer: a certificate issued here, or an intermediate loaded from the cache. */
export type CertificateIssuer = Pick<IssuedCertificate, 'certificate' | 'keyId'> & { keys: Pick<CryptoKeyPair, 'privateKey'> };

export interface CertificateRequest {
  subject: DistinguishedName;
  keys: CryptoKeyPair;
  /** Absent for a self-signed certificate. */
  issuer?: CertificateIssuer;
  notBefore: Date;
  notAfter: Date;
  extensions(ids: KeyIds): pkijs.Extension[];
}

/**
 * 18 random bytes led by 0x03 or 0x04, like Let's Encrypt's: positive without a padding byte, so
 * the serial INTEGER is always 18 bytes long (OCSP request and response sizes depend on it).
 */
export function randomSerial(): Uint8Array<ArrayBuffer> {
  const serial = webcrypto.getRandomValues(new Uint8Array(18));
  serial[0] = serial[0] & 1 ? 0x04 : 0x03;
  return serial;
}

// RFC 5280 4.1.2.5: UTCTime through 2049, GeneralizedTime from 2050.
function certificateTime(value: Date): pkijs.Time {
  const type = value.getUTCFullYear() < 2050 ? pkijs.TimeType.UTCTime : pkijs.TimeType.GeneralizedTime;
  return new pkijs.Time({ type, value });
}

export async function issueCertificate(request: CertificateRequest): Promise<IssuedCertificate> {
  const certificate = new pkijs.Certificate();
  const serial = randomSerial();
  certificate.version = 2;
  certificate.serialNumber = new asn1js.Integer({ valueHex: serial });
  certificate.subject = encodeName(request.subject);
  certificate.issuer = request.issuer ? request.issuer.certificate.subject : certificate.subject;
  certificate.notBefore = certificateTime(request.notBefore);
  certificate.notAfter = certificateTime(request.notAfter);
  await certificate.subjectPublicKeyInfo.importKey(request.keys.publicKey, engine);

  // RFC 5280 4.2.1.2 method 1: SHA-1 of the subjectPublicKey bits.
  const publicKeyBits = new Uint8Array(certificate.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView);
  const keyId = await engine.digest({ name: 'SHA-1' }, publicKeyBits);
  certificate.extensions = request.extensions({ subject: keyId, authority: request.issuer?.keyId ?? keyId });

  const signer = request.issuer?.keys.privateKey ?? request.keys.privateKey;
  await certificate.sign(signer, SIGNATURE_HASH, engine);

  const pkcs8 = await engine.exportKey('pkcs8', request.keys.privateKey);
  return {
    certificate,
    keys: request.keys,
    keyId,
    certPem: toPem('CERTIFICATE', certificate.toSchema(true).toBER()),
    keyPem: toPem('PRIVATE KEY', pkcs8),
    serialHex: Buffer.from(serial).toString('hex').toUpperCase(),
  };
}
