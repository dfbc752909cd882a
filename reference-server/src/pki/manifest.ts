import { X509Certificate, createPrivateKey } from 'node:crypto';
import { INTERMEDIATE_NAMES, RENEW_BEFORE_MS, issuerForHost, ocspUrl } from './policy';
import type { CacheManifest, PkiRequest, Revocation } from './types';

/** 2: leaves may carry a revocation. Older caches are reissued. */
export const MANIFEST_FORMAT = 2;

export type ManifestCheck = { manifest: CacheManifest } | { reason: string };

class Unusable extends Error {}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const hasStrings = (v: unknown, keys: string[]): boolean => isRecord(v) && keys.every((key) => typeof v[key] === 'string');
const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Whether a cached manifest can serve `request` at `now`. Uses node's X509Certificate rather than
 * pkijs: this runs on every server start and must stay in the low milliseconds.
 */
export function checkManifest(text: string, request: PkiRequest, now: Date): ManifestCheck {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { reason: 'not valid JSON' };
  }
  try {
    checkShape(value, request);
    checkCertificates(value as CacheManifest, now.getTime());
  } catch (error) {
    if (error instanceof Unusable) return { reason: error.message };
    throw error;
  }
  return { manifest: value as CacheManifest };
}

function checkShape(value: unknown, request: PkiRequest): void {
  if (!isRecord(value)) throw new Unusable('not an object');
  if (value.format !== MANIFEST_FORMAT) throw new Unusable(`format ${String(value.format)}, expected ${MANIFEST_FORMAT}`);
  if (!sameJson(value.hosts, request.hosts)) throw new Unusable('issued for other hosts');
  if (!sameJson(value.ocspNames, request.ocspNames)) throw new Unusable('issued for other OCSP names');
  if (!hasStrings(value.root, ['certPem', 'keyPem'])) throw new Unusable('no root');

  const intermediates: unknown[] = Array.isArray(value.intermediates) ? value.intermediates : [];
  const expectedIntermediates = INTERMEDIATE_NAMES.map((name) => [name, request.ocspNames[name]]);
  const intermediateIds = intermediates.map((i) => (isRecord(i) ? [i.name, i.ocspName] : null));
  if (!sameJson(intermediateIds, expectedIntermediates) || !intermediates.every((i) => hasStrings(i, ['certPem', 'keyPem']))) {
    throw new Unusable('intermediates do not match');
  }

  const leaves: unknown[] = Array.isArray(value.leaves) ? value.leaves : [];
  const expectedLeaves = request.hosts.map((h, i) => [h.role, h.names, issuerForHost(i)]);
  const leafIds = leaves.map((l) => (isRecord(l) ? [l.role, l.names, l.issuer] : null));
  const leafFields = ['certPem', 'keyPem', 'chainPem', 'serialHex'];
  if (!sameJson(leafIds, expectedLeaves) || !leaves.every((l) => hasStrings(l, leafFields))) {
    throw new Unusable('leaves do not match the hosts');
  }
  request.hosts.forEach((host, i) => {
    const recorded = (leaves[i] as Record<string, unknown>).revocation;
    if (!host.revoked) {
      if (recorded !== undefined) throw new Unusable(`leaf ${host.role}: revoked, but its host is not`);
      return;
    }
    const ok =
      hasStrings(recorded, ['time', 'reason']) &&
      (recorded as Revocation).reason === host.revoked.reason &&
      !Number.isNaN(Date.parse((recorded as Revocation).time)) &&
      (host.revoked.at === undefined || (recorded as Revocation).time === host.revoked.at);
    if (!ok) throw new Unusable(`leaf ${host.role}: revocation does not match its host`);
  });
}

function checkCertificates(manifest: CacheManifest, now: number): void {
  const root = usableCertificate('root', manifest.root.certPem, manifest.root.keyPem, now);
  signedBy('root', root, root);
  const issuers = new Map(
    manifest.intermediates.map((intermediate) => {
      const cert = usableCertificate(intermediate.name, intermediate.certPem, intermediate.keyPem, now);
      signedBy(intermediate.name, cert, root);
      return [intermediate.name, { cert, pem: intermediate.certPem, ocspName: intermediate.ocspName }] as const;
    }),
  );
  for (const leaf of manifest.leaves) {
    const label = `leaf ${leaf.role}`;
    const cert = usableCertificate(label, leaf.certPem, leaf.keyPem, now);
    const issuer = issuers.get(leaf.issuer)!;
    signedBy(label, cert, issuer.cert);
    if (cert.subjectAltName !== leaf.names.map((name) => `DNS:${name}`).join(', ')) {
      throw new Unusable(`${label}: subjectAltName ${cert.subjectAltName} does not list ${leaf.names.join(', ')}`);
    }
    if (cert.infoAccess?.trim() !== `OCSP - URI:${ocspUrl(issuer.ocspName)}`) {
      throw new Unusable(`${label}: OCSP URL is not ${ocspUrl(issuer.ocspName)}`);
    }
    if (cert.serialNumber !== leaf.serialHex) throw new Unusable(`${label}: serial is not ${leaf.serialHex}`);
    if (leaf.chainPem !== leaf.certPem + issuer.pem) throw new Unusable(`${label}: chain is not leaf + ${leaf.issuer}`);
  }
}

function usableCertificate(label: string, certPem: string, keyPem: string, now: number): X509Certificate {
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(certPem);
  } catch {
    throw new Unusable(`${label}: unparsable certificate`);
  }
  let matches: boolean;
  try {
    matches = cert.checkPrivateKey(createPrivateKey(keyPem));
  } catch {
    throw new Unusable(`${label}: unparsable key`);
  }
  if (!matches) throw new Unusable(`${label}: key does not match the certificate`);
  if (!(Date.parse(cert.validFrom) <= now)) throw new Unusable(`${label}: not valid before ${cert.validFrom}`);
  if (!(Date.parse(cert.validTo) - now >= RENEW_BEFORE_MS)) throw new Unusable(`${label}: expires ${cert.validTo}`);
  return cert;
}

function signedBy(label: string, cert: X509Certificate, issuer: X509Certificate): void {
  if (!cert.checkIssued(issuer) || !cert.verify(issuer.publicKey)) throw new Unusable(`${label}: not signed by its issuer`);
}
