import { webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

// PKCS#1 v1.5 signature OIDs (sha1/256/384/512 WithRSAEncryption).
const PKCS1_SIGNATURE_OIDS = new Set(['1.2.840.113549.1.1.5', '1.2.840.113549.1.1.11', '1.2.840.113549.1.1.12', '1.2.840.113549.1.1.13']);

/**
 * pkijs omits the NULL parameters of sha256WithRSAEncryption that RFC 4055 asks for and real CAs
 * send; certificates and OCSP responses would then be 2 bytes short per AlgorithmIdentifier.
 * Certificate.sign (and BasicOCSPResponse.sign) put this one object in both signature fields.
 */
class NullParametersEngine extends pkijs.CryptoEngine {
  override async getSignatureParameters(privateKey: CryptoKey, hashAlgorithm?: string): Promise<pkijs.CryptoEngineSignatureParams> {
    const parameters = await super.getSignatureParameters(privateKey, hashAlgorithm);
    const algorithm = parameters.signatureAlgorithm;
    if (PKCS1_SIGNATURE_OIDS.has(algorithm.algorithmId) && algorithm.algorithmParams === undefined) {
      algorithm.algorithmParams = new asn1js.Null();
    }
    return parameters;
  }
}

/** The engine of every signature the reference server makes (certificates, OCSP responses). */
export const engine: pkijs.ICryptoEngine = new NullParametersEngine({
  name: 'node',
  // Node's webcrypto implements the DOM interface; only the type declarations differ.
  crypto: webcrypto as unknown as Crypto,
});
pkijs.setEngine('node', engine);

export const SIGNATURE_HASH = 'SHA-256';

export function generateSigningKey(): Promise<CryptoKeyPair> {
  return engine.generateKey(
    {
      name: 'RSASSA-PKCS1-v1_5',
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: SIGNATURE_HASH,
    },
    true,
    ['sign', 'verify'],
  );
}
