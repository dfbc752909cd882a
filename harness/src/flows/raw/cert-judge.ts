/**
 * The judgements of the `certs/<role>` flow, as pure functions of certificates (node:crypto's
 * X509Certificate), the time and the threshold: each returns whether the rule is met and what to
 * say either way, and the flow (certs.ts) turns that into a finding at the rule's level.
 */
import { X509Certificate, type KeyObject } from 'node:crypto';
import { checkServerIdentity } from 'node:tls';
import * as pkijs from 'pkijs';

/** One rule's outcome: met or not, what was expected, what was seen, and a sentence naming the certificate at fault. */
export interface CertJudgement {
  ok: boolean;
  expected: string;
  actual: string;
  message?: string;
}

const DAY_MS = 86_400_000;

/** `CN=www.example.org`: a certificate's subject (or issuer) on one line. */
export function dn(name: string): string {
  return name.split('\n').filter(Boolean).join(', ');
}

/** The CA Issuers URL of a certificate's Authority Information Access, if it names one. */
export function caIssuersOf(cert: X509Certificate): string | undefined {
  return /CA Issuers - URI:(\S+)/.exec(cert.infoAccess ?? '')?.[1];
}

/** `issuer` signed `cert`: the names chain and the signature verifies with its key. */
export function issuedBy(cert: X509Certificate, issuer: X509Certificate): boolean {
  try {
    return cert.checkIssued(issuer) && cert.verify(issuer.publicKey);
  } catch {
    return false;
  }
}

const selfIssued = (cert: X509Certificate): boolean => issuedBy(cert, cert);

/**
 * Rule 1: from the leaf, through only the certificates the server sent (in any order), to a trusted
 * root: no fetching of a missing issuer, as Node (and many clients) never do. Validity times are
 * judged apart (`validity`); this is the path and its signatures.
 */
export function judgeChain(served: readonly X509Certificate[], roots: readonly X509Certificate[], nodeError?: string): CertJudgement {
  const expected = 'a chain from the leaf to a trusted root (TARGET_CA, else the system roots) with only the certificates the server sent';
  const seen = served.map((c) => dn(c.subject)).join(' <- ');
  const node = nodeError ? `; Node: ${nodeError}` : '';
  const path: X509Certificate[] = [];
  let cur = served[0];
  for (;;) {
    path.push(cur);
    if (roots.some((r) => r.fingerprint256 === cur.fingerprint256)) return { ok: true, expected, actual: `${seen} (anchored at ${dn(cur.subject)})${node}` };
    const anchor = roots.find((r) => issuedBy(cur, r));
    if (anchor) return { ok: true, expected, actual: `${seen} -> trusted root ${dn(anchor.subject)}${node}` };
    const next = served.find((c) => !path.includes(c) && issuedBy(cur, c));
    if (next) {
      cur = next;
      continue;
    }
    if (selfIssued(cur))
      return {
        ok: false,
        expected,
        actual: `${seen}${node}`,
        message: `${dn(cur.subject)} is self-signed and not among the trusted roots (is TARGET_CA set?)`,
      };
    const url = caIssuersOf(cur);
    return {
      ok: false,
      expected,
      actual: `${seen}${node}`,
      message: `missing issuer: ${dn(cur.issuer)}, the issuer of ${dn(cur.subject)}, was not sent${url ? ` (its AIA CA Issuers: ${url})` : ''}; clients do not fetch it, so the server must send it`,
    };
  }
}

/** Rule 2: the certificates as sent, each issued by the next (a trailing root may be left out or sent). */
export function judgeOrder(sent: readonly X509Certificate[]): CertJudgement {
  const expected = 'each certificate issued by the one after it, the leaf first';
  const actual = sent.map((c) => dn(c.subject)).join(' <- ');
  for (let i = 0; i + 1 < sent.length; i++) {
    if (!issuedBy(sent[i], sent[i + 1]))
      return { ok: false, expected, actual, message: `${dn(sent[i].subject)} (#${i + 1}) is not issued by ${dn(sent[i + 1].subject)} (#${i + 2})` };
  }
  return { ok: true, expected, actual };
}

/** Rule 3: the leaf's subjectAltName covers the mapped name (the checks of tls.checkServerIdentity). */
export function judgeName(leaf: X509Certificate, host: string): CertJudgement {
  const error = checkServerIdentity(host, leaf.toLegacyObject());
  return {
    ok: !error,
    expected: `a subjectAltName covering ${host}`,
    actual: leaf.subjectAltName ?? '(no subjectAltName)',
    ...(error ? { message: error.message } : {}),
  };
}

/** Whole days from `now` to a certificate's notAfter (negative once it has expired). */
export function daysLeft(cert: X509Certificate, now: Date): number {
  return Math.floor((new Date(cert.validTo).getTime() - now.getTime()) / DAY_MS);
}

/** Rule 4a: every certificate sent is within its validity period now. */
export function judgeValidity(chain: readonly X509Certificate[], now: Date): CertJudgement {
  const expected = `notBefore <= now (${now.toISOString()}) <= notAfter for every certificate sent`;
  for (const c of chain) {
    const from = new Date(c.validFrom);
    const to = new Date(c.validTo);
    if (now < from) return { ok: false, expected, actual: `${dn(c.subject)}: notBefore ${from.toISOString()}`, message: `${dn(c.subject)} is not yet valid` };
    if (now > to)
      return { ok: false, expected, actual: `${dn(c.subject)}: notAfter ${to.toISOString()}`, message: `${dn(c.subject)} expired on ${to.toISOString()}` };
  }
  return { ok: true, expected, actual: chain.map((c) => `${dn(c.subject)} until ${new Date(c.validTo).toISOString()}`).join('; ') };
}

/** Rule 4b: the certificate of the chain that expires first has at least `minDays` left. */
export function judgeDaysLeft(chain: readonly X509Certificate[], now: Date, minDays: number): CertJudgement {
  const first = [...chain].sort((a, b) => new Date(a.validTo).getTime() - new Date(b.validTo).getTime())[0];
  const left = daysLeft(first, now);
  const notAfter = new Date(first.validTo).toISOString();
  return {
    ok: left >= minDays,
    expected: `at least ${minDays} days left (HARNESS_CERT_MIN_DAYS)`,
    actual: `${left} days left: ${dn(first.subject)} notAfter ${notAfter}`,
    ...(left < minDays ? { message: `${dn(first.subject)} has ${left} days left (notAfter ${notAfter}): renew it` } : {}),
  };
}

/** A public key's type and size: `RSA 2048`, `EC 256 (prime256v1)`, `ed25519`. */
export function keyStrength(key: KeyObject): { text: string; ok: boolean } {
  const d = key.asymmetricKeyDetails ?? {};
  switch (key.asymmetricKeyType) {
    case 'rsa':
    case 'rsa-pss':
      return { text: `RSA ${d.modulusLength ?? '?'}`, ok: (d.modulusLength ?? 0) >= 2048 };
    case 'ec': {
      const bits = EC_BITS[d.namedCurve ?? ''] ?? 0;
      return { text: `EC ${bits || '?'} (${d.namedCurve ?? 'unknown curve'})`, ok: bits >= 256 };
    }
    case 'ed25519':
    case 'ed448':
      return { text: key.asymmetricKeyType, ok: true };
    default:
      return { text: key.asymmetricKeyType ?? 'unknown', ok: false };
  }
}

const EC_BITS: Record<string, number> = {
  prime256v1: 256,
  'P-256': 256,
  secp384r1: 384,
  'P-384': 384,
  secp521r1: 521,
  'P-521': 521,
  secp256k1: 256,
  prime192v1: 192,
  secp224r1: 224,
};

/** Rule 6a: the leaf's and every sent intermediate's key is RSA >= 2048 bits or EC >= 256 bits. */
export function judgeKeys(chain: readonly X509Certificate[]): CertJudgement {
  const rows = chain.filter((c) => !selfIssued(c)).map((c) => ({ c, k: keyStrength(c.publicKey) }));
  const weak = rows.find((r) => !r.k.ok);
  return {
    ok: !weak,
    expected: 'RSA >= 2048 bits or EC >= 256 bits',
    actual: rows.map((r) => `${dn(r.c.subject)}: ${r.k.text}`).join('; '),
    ...(weak ? { message: `${dn(weak.c.subject)} has a weak key: ${weak.k.text}` } : {}),
  };
}

const SIGNATURES: Record<string, string> = {
  '1.2.840.113549.1.1.2': 'md2WithRSAEncryption',
  '1.2.840.113549.1.1.4': 'md5WithRSAEncryption',
  '1.2.840.113549.1.1.5': 'sha1WithRSAEncryption',
  '1.3.14.3.2.29': 'sha1WithRSASignature',
  '1.2.840.10045.4.1': 'ecdsa-with-SHA1',
  '1.2.840.10040.4.3': 'dsa-with-SHA1',
  '1.2.840.113549.1.1.10': 'RSASSA-PSS',
  '1.2.840.113549.1.1.11': 'sha256WithRSAEncryption',
  '1.2.840.113549.1.1.12': 'sha384WithRSAEncryption',
  '1.2.840.113549.1.1.13': 'sha512WithRSAEncryption',
  '1.2.840.10045.4.3.2': 'ecdsa-with-SHA256',
  '1.2.840.10045.4.3.3': 'ecdsa-with-SHA384',
  '1.2.840.10045.4.3.4': 'ecdsa-with-SHA512',
  '1.3.101.112': 'Ed25519',
  '1.3.101.113': 'Ed448',
};
const WEAK_SIGNATURES = new Set([
  '1.2.840.113549.1.1.2',
  '1.2.840.113549.1.1.4',
  '1.2.840.113549.1.1.5',
  '1.3.14.3.2.29',
  '1.2.840.10045.4.1',
  '1.2.840.10040.4.3',
]);

/** The OID of a certificate's signatureAlgorithm (Node 20's X509Certificate does not say it). */
export function signatureOid(cert: X509Certificate): string {
  return pkijs.Certificate.fromBER(new Uint8Array(cert.raw)).signatureAlgorithm.algorithmId;
}

/** Rule 6b: no certificate sent but a self-signed root is signed with MD2, MD5 or SHA-1 (a root's own signature is not relied on). */
export function judgeSignatures(chain: readonly X509Certificate[]): CertJudgement {
  const rows = chain.filter((c) => !selfIssued(c)).map((c) => ({ c, oid: signatureOid(c) }));
  const weak = rows.find((r) => WEAK_SIGNATURES.has(r.oid));
  const name = (oid: string) => SIGNATURES[oid] ?? oid;
  return {
    ok: !weak,
    expected: 'signatures with SHA-256 or stronger (no SHA-1, MD5 or MD2)',
    actual: rows.map((r) => `${dn(r.c.subject)}: ${name(r.oid)}`).join('; '),
    ...(weak ? { message: `${dn(weak.c.subject)} is signed with ${name(weak.oid)}` } : {}),
  };
}

/**
 * The certificate_list of the server's TLS 1.2 Certificate message, from the bytes it sent (that
 * flight is in the clear before ChangeCipherSpec): the certificates exactly as sent, in order, or
 * undefined when the bytes hold none (a TLS 1.3 handshake, a cut connection).
 */
export function certificatesInTls12(bytes: Buffer): Buffer[] | undefined {
  const handshake: Buffer[] = [];
  for (let at = 0; at + 5 <= bytes.length;) {
    const type = bytes[at];
    const length = bytes.readUInt16BE(at + 3);
    if (type !== 22) break;
    handshake.push(bytes.subarray(at + 5, Math.min(at + 5 + length, bytes.length)));
    at += 5 + length;
  }
  const hs = Buffer.concat(handshake);
  for (let at = 0; at + 4 <= hs.length;) {
    const type = hs[at];
    const length = hs.readUIntBE(at + 1, 3);
    if (type === 11) {
      if (at + 4 + length > hs.length) return undefined;
      const body = hs.subarray(at + 4, at + 4 + length);
      const out: Buffer[] = [];
      const listLength = body.readUIntBE(0, 3);
      for (let p = 3; p + 3 <= 3 + listLength && p + 3 <= body.length;) {
        const n = body.readUIntBE(p, 3);
        out.push(Buffer.from(body.subarray(p + 3, p + 3 + n)));
        p += 3 + n;
      }
      return out;
    }
    at += 4 + length;
  }
  return undefined;
}
