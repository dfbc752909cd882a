import { generateSigningKey } from './engine';
import { intermediateExtensions, leafExtensions, rootExtensions } from './extensions';
import { issueCertificate, type IssuedCertificate } from './issue';
import { INTERMEDIATE_NAMES, LIFETIMES, ROOT_DN, intermediateDn, issuerForHost, leafDn, notAfterFor, notBeforeFor } from './policy';
import { MANIFEST_FORMAT } from './manifest';
import type { CacheManifest, IntermediateName, PkiRequest, Revocation, RevocationSpec } from './types';

/** A revocation without a time is dated at issuance, in whole seconds as OCSP encodes it. */
export function revocationFor(spec: RevocationSpec, now: Date): Revocation {
  const time = spec.at ?? new Date(Math.floor(now.getTime() / 1000) * 1000).toISOString();
  return { time, reason: spec.reason };
}

/** Issues a whole new hierarchy: root, R10 and R11, one leaf per host. */
export async function generatePki(request: PkiRequest, now: Date): Promise<CacheManifest> {
  const notBefore = notBeforeFor(now);
  // Key generation dominates the cost and runs on libuv's thread pool: start all of it at once.
  const [rootKeys, ...keys] = await Promise.all(Array.from({ length: 1 + INTERMEDIATE_NAMES.length + request.hosts.length }, generateSigningKey));
  const intermediateKeys = keys.slice(0, INTERMEDIATE_NAMES.length);
  const leafKeys = keys.slice(INTERMEDIATE_NAMES.length);

  const root = await issueCertificate({
    subject: ROOT_DN,
    keys: rootKeys,
    notBefore,
    notAfter: notAfterFor(notBefore, LIFETIMES.root),
    extensions: rootExtensions,
  });
  const issued = await Promise.all(
    INTERMEDIATE_NAMES.map((name, i) =>
      issueCertificate({
        subject: intermediateDn(name),
        keys: intermediateKeys[i],
        issuer: root,
        notBefore,
        notAfter: notAfterFor(notBefore, LIFETIMES.intermediate),
        extensions: intermediateExtensions,
      }),
    ),
  );
  const byName = new Map<IntermediateName, IssuedCertificate>(INTERMEDIATE_NAMES.map((name, i) => [name, issued[i]]));

  const leaves = await Promise.all(
    request.hosts.map(async (host, i) => {
      const issuerName = issuerForHost(i);
      const issuer = byName.get(issuerName)!;
      const leaf = await issueCertificate({
        subject: leafDn(host.names[0]),
        keys: leafKeys[i],
        issuer,
        notBefore,
        notAfter: notAfterFor(notBefore, LIFETIMES.leaf),
        extensions: (ids) => leafExtensions(ids, host.names, request.ocspNames[issuerName]),
      });
      return {
        role: host.role,
        names: [...host.names],
        issuer: issuerName,
        certPem: leaf.certPem,
        keyPem: leaf.keyPem,
        chainPem: leaf.certPem + issuer.certPem,
        serialHex: leaf.serialHex,
        ...(host.revoked ? { revocation: revocationFor(host.revoked, now) } : {}),
      };
    }),
  );

  return {
    format: MANIFEST_FORMAT,
    createdAt: now.toISOString(),
    hosts: request.hosts,
    ocspNames: request.ocspNames,
    root: { certPem: root.certPem, keyPem: root.keyPem },
    intermediates: INTERMEDIATE_NAMES.map((name, i) => ({
      name,
      certPem: issued[i].certPem,
      keyPem: issued[i].keyPem,
      ocspName: request.ocspNames[name],
    })),
    leaves,
  };
}
