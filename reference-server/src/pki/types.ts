import type { IntermediateName, RevocationReason } from './policy';

export type { IntermediateName, RevocationReason };

/**
 * A leaf the PKI issues already revoked (for clients to test a revoked chain): `at` is the
 * revocation time as an ISO string, or absent for the moment of issuance.
 */
export interface RevocationSpec {
  reason: RevocationReason;
  at?: string;
}

/** One host of the reference server: `names[0]` is the certificate's CN, every name is a SAN. */
export interface HostSpec {
  role: string;
  names: string[];
  revoked?: RevocationSpec;
}

/** A leaf's recorded revocation: always a concrete time, whole seconds. */
export interface Revocation {
  /** ISO 8601, whole seconds. */
  time: string;
  reason: RevocationReason;
}

export interface IssuedLeaf {
  role: string;
  names: string[];
  issuer: IntermediateName;
  certPem: string;
  /** PKCS#8 PEM. */
  keyPem: string;
  /** Leaf then issuing intermediate, as a TLS server sends it. */
  chainPem: string;
  /** Uppercase hex, as node's X509Certificate.serialNumber and openssl print it. */
  serialHex: string;
  /** Present for a leaf issued already revoked. */
  revocation?: Revocation;
}

export interface Intermediate {
  name: IntermediateName;
  certPem: string;
  keyPem: string;
  /** Host name of this intermediate's OCSP responder (the AIA URL is `http://<ocspName>`). */
  ocspName: string;
}

export interface ReferencePki {
  dir: string;
  /** Stable path of the root certificate, for users to trust. */
  rootPath: string;
  rootPem: string;
  intermediates: Intermediate[];
  leaves: IssuedLeaf[];
  /** False when loaded from the cache. */
  generated: boolean;
}

export type OcspNames = Record<IntermediateName, string>;

export interface PkiOptions {
  dir: string;
  hosts: HostSpec[];
  ocspNames: OcspNames;
  now?: Date;
}

/** What a PKI is issued for; two requests are the same when their JSON is. */
export interface PkiRequest {
  hosts: HostSpec[];
  ocspNames: OcspNames;
}

/** The on-disk cache (`pki.json`); it holds private keys. */
export interface CacheManifest {
  format: number;
  createdAt: string;
  hosts: HostSpec[];
  ocspNames: OcspNames;
  root: { certPem: string; keyPem: string };
  intermediates: Intermediate[];
  leaves: IssuedLeaf[];
}
