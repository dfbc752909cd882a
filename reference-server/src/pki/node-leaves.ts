/**
 * Leaves a deviating node serves in place of the PKI's (`--node-deviation K:revoked-leaf`,
 * `K:expiring-leaf=DAYS`): one per leaf of the PKI, for the same names, issued by the same
 * intermediate with the same AIA OCSP URL, so that they differ from node 1's only in the one way
 * the deviation says.
 *
 * They are issued at start, in memory, never cached. The expiring ones cannot be: the cache reissues
 * whatever has fewer than 30 days left, so it would regenerate them on every start. The revoked
 * ones could (extra hosts of the PKI), but all deployments share one cache, which would then hold
 * them whatever the options, and the cache's policy gives leaves alternate intermediates by host
 * order, not their role's. In memory, a start without a leaf deviation pays nothing (not even
 * loading pkijs), and one with it pays a key and a signature per leaf (well under a second).
 */
import * as pkijs from 'pkijs';
import { engine, generateSigningKey, SIGNATURE_HASH } from './engine';
import { leafExtensions } from './extensions';
import { revocationFor } from './generate';
import { issueCertificate, type CertificateIssuer } from './issue';
import { DAY_MS, LIFETIMES, leafDn, notAfterFor, notBeforeFor, type IntermediateName, type RevocationReason } from './policy';
import type { Intermediate, IssuedLeaf, ReferencePki } from './types';

/** How a node's leaves differ from the PKI's: revoked (at issuance, for this reason), or expiring within so many days. */
export type LeafChange = { revoked: RevocationReason } | { expiresInDays: number };

function derOf(pem: string): ArrayBuffer {
  const bytes = Buffer.from(pem.replace(/-----(BEGIN|END) [A-Z ]+-----/g, '').replace(/\s+/g, ''), 'base64');
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/** An intermediate of the cache, ready to sign: its leaves' authority key id is its subject key id. */
async function loadIssuer(intermediate: Intermediate): Promise<CertificateIssuer> {
  const certificate = pkijs.Certificate.fromBER(derOf(intermediate.certPem));
  const privateKey = await engine.importKey('pkcs8', derOf(intermediate.keyPem), { name: 'RSASSA-PKCS1-v1_5', hash: SIGNATURE_HASH }, false, ['sign']);
  // RFC 5280 4.2.1.2 method 1, as issueCertificate computed the intermediate's own subject key id.
  const keyBits = new Uint8Array(certificate.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView);
  const keyId = await engine.digest({ name: 'SHA-1' }, keyBits);
  return { certificate, keyId, keys: { privateKey } };
}

/**
 * An expiring leaf's notAfter: `days` days after `now`, truncated to the second (certificate times
 * have whole seconds), so never later. A client reading whole days left by flooring, as the
 * harness's certs flow does, reads days - 1 from the first instant after issuance.
 */
export function expiringNotAfter(now: Date, days: number): Date {
  return new Date(Math.floor((now.getTime() + days * DAY_MS) / 1000) * 1000);
}

/**
 * One leaf per leaf of the PKI, changed as asked. A revoked leaf is revoked at issuance; an
 * expiring one keeps the status of the leaf it stands for (good, but revoked for the PKI's
 * already-revoked host), so that its expiry is its only difference.
 */
export async function issueNodeLeaves(pki: ReferencePki, change: LeafChange, now: Date): Promise<IssuedLeaf[]> {
  if ('expiresInDays' in change && !(Number.isInteger(change.expiresInDays) && change.expiresInDays >= 1)) {
    throw new RangeError(`expiresInDays ${change.expiresInDays} is not a whole number of days from 1`);
  }
  // One key for all of a node's leaves: generating RSA keys is the cost here (about 0.3 s each on
  // two cores), and a key of its own already tells these leaves from the PKI's.
  const [keys, issuers] = await Promise.all([generateSigningKey(), Promise.all(pki.intermediates.map(loadIssuer))]);
  const byName = new Map<IntermediateName, { issuer: CertificateIssuer; intermediate: Intermediate }>(
    pki.intermediates.map((intermediate, i) => [intermediate.name, { issuer: issuers[i], intermediate }]),
  );
  const notBefore = notBeforeFor(now);
  const notAfter = 'expiresInDays' in change ? expiringNotAfter(now, change.expiresInDays) : notAfterFor(notBefore, LIFETIMES.leaf);
  return Promise.all(
    pki.leaves.map(async (leaf): Promise<IssuedLeaf> => {
      const signer = byName.get(leaf.issuer);
      if (!signer) throw new Error(`leaf ${leaf.role}: no intermediate ${leaf.issuer}`);
      const issued = await issueCertificate({
        subject: leafDn(leaf.names[0]),
        keys,
        issuer: signer.issuer,
        notBefore,
        notAfter,
        extensions: (ids) => leafExtensions(ids, leaf.names, signer.intermediate.ocspName),
      });
      const revocation = 'revoked' in change ? revocationFor({ reason: change.revoked }, now) : leaf.revocation;
      return {
        role: leaf.role,
        names: [...leaf.names],
        issuer: leaf.issuer,
        certPem: issued.certPem,
        keyPem: issued.keyPem,
        chainPem: issued.certPem + signer.intermediate.certPem,
        serialHex: issued.serialHex,
        ...(revocation ? { revocation } : {}),
      };
    }),
  );
}
