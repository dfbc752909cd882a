/** Issuance policy of the reference PKI, modelled on Let's Encrypt's R10/R11 hierarchy. */

export const INTERMEDIATE_NAMES = ['R10', 'R11'] as const;
export type IntermediateName = (typeof INTERMEDIATE_NAMES)[number];

export type AttributeName = 'C' | 'O' | 'CN';
export type DistinguishedName = ReadonlyArray<readonly [AttributeName, string]>;

// Same length as "Let's Encrypt": the OCSP responder answers with ResponderID byName, and the
// response size of the service description (504 bytes) depends on this name's length.
const ORGANIZATION = 'Reference PKI';

export const ROOT_DN: DistinguishedName = [
  ['C', 'US'],
  ['O', ORGANIZATION],
  ['CN', 'Reference Root X1'],
];

export function intermediateDn(name: IntermediateName): DistinguishedName {
  return [
    ['C', 'US'],
    ['O', ORGANIZATION],
    ['CN', name],
  ];
}

export function leafDn(commonName: string): DistinguishedName {
  return [['CN', commonName]];
}

/** Leaves alternate between the intermediates in host order, the first host going to R10. */
export function issuerForHost(index: number): IntermediateName {
  return INTERMEDIATE_NAMES[index % INTERMEDIATE_NAMES.length];
}

/** Real AIA OCSP URLs are plain http and carry no trailing slash (`http://r10.o.lencr.org`). */
export function ocspUrl(ocspName: string): string {
  return `http://${ocspName}`;
}

const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** CRLReason (RFC 5280 5.3.1) by name; 7 is unused. */
export const REVOCATION_REASONS = {
  unspecified: 0,
  keyCompromise: 1,
  cACompromise: 2,
  affiliationChanged: 3,
  superseded: 4,
  cessationOfOperation: 5,
  certificateHold: 6,
  removeFromCRL: 8,
  privilegeWithdrawn: 9,
  aACompromise: 10,
} as const;
export type RevocationReason = keyof typeof REVOCATION_REASONS;

/** Backdating tolerates clients whose clock runs behind. */
export const BACKDATE_MS = HOUR_MS;
/**
 * A cached PKI with any certificate expiring sooner than this is reissued: a third of the leaf's
 * 90 days, when Let's Encrypt advises renewing, and more than the harness's `certs/<role>` warning
 * threshold (HARNESS_CERT_MIN_DAYS, 14 days by default), so the reference never serves a leaf it warns about.
 */
export const RENEW_BEFORE_MS = 30 * DAY_MS;

export type Lifetime = { years: number } | { days: number };
export const LIFETIMES = {
  root: { years: 10 },
  intermediate: { years: 3 },
  leaf: { days: 90 },
} as const satisfies Record<string, Lifetime>;

/** notAfter is inclusive (RFC 5280), hence the second off: 90 days means 7,776,000 s. */
export function notAfterFor(notBefore: Date, lifetime: Lifetime): Date {
  const end = new Date(notBefore.getTime());
  if ('years' in lifetime) end.setUTCFullYear(end.getUTCFullYear() + lifetime.years);
  else end.setTime(end.getTime() + lifetime.days * DAY_MS);
  return new Date(end.getTime() - 1000);
}

/** Certificate times have whole seconds; truncating keeps the cached dates equal to the encoded ones. */
export function notBeforeFor(now: Date): Date {
  return new Date(Math.floor((now.getTime() - BACKDATE_MS) / 1000) * 1000);
}
