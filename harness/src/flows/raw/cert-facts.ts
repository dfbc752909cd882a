/**
 * What a role's certificate is, as the record keeps it for the report's "Certificates" section:
 * the leaf's subject, names, issuer and validity with the days left, the chain as served, the TLS
 * versions offered, the ALPN protocol chosen and whether an OCSP answer was stapled. Facts, not
 * verdicts: the certs flow's findings judge them.
 */
import type { X509Certificate } from 'node:crypto';
import type { CertificateFacts } from '../../record';
import { daysLeft, dn } from './cert-judge';

export function certificateFacts(
  host: string,
  served: readonly X509Certificate[],
  now: Date,
  seen: { tls12: boolean; tls13: boolean; alpn: string | false | null; stapled: boolean },
): CertificateFacts {
  const leaf = served[0];
  const names = (leaf.subjectAltName ?? '')
    .split(',')
    .map((n) => n.trim().replace(/^DNS:/, ''))
    .filter(Boolean);
  return {
    host,
    fingerprint256: leaf.fingerprint256,
    serial: leaf.serialNumber,
    subject: dn(leaf.subject),
    names,
    issuer: dn(leaf.issuer),
    notBefore: new Date(leaf.validFrom).toISOString(),
    notAfter: new Date(leaf.validTo).toISOString(),
    daysLeft: daysLeft(leaf, now),
    chain: served.map((c) => dn(c.subject)),
    protocols: [...(seen.tls12 ? ['TLSv1.2'] : []), ...(seen.tls13 ? ['TLSv1.3'] : [])],
    ...(seen.alpn ? { alpn: seen.alpn } : {}),
    stapled: seen.stapled,
  };
}
