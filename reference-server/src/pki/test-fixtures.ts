/** Shared by the tests of this folder. */
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ROLE_NAMES, ROLES } from '../roles';
import type { HostSpec } from './types';

/** The hosts the reference server asks for. */
export const SERVER_HOSTS: HostSpec[] = [
  ...ROLES.map((role) => ({ role, names: [...ROLE_NAMES[role]] })),
  { role: 'revoked', names: ['revoked.lessons.test'], revoked: { reason: 'keyCompromise' } },
];

/** Fewer keys to generate where the certificates' content is not the point. */
export const FEW_HOSTS: HostSpec[] = [
  { role: 'site', names: ['www.lessons.test'] },
  { role: 'redirector', names: ['go.redirect.test', 'hop2.redirect.test'] },
];

export const OCSP_NAMES = { R10: 'r10.o.pki.test', R11: 'r11.o.pki.test' };

export function tempDir(prefix: string): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), `${prefix}-`));
}

/** A DER element: tag at `start`, contents from `start + header` to `end`. */
export interface Tlv {
  tag: number;
  start: number;
  header: number;
  end: number;
}

/** Minimal DER reader, independent of asn1js so that it can catch what pkijs encodes wrongly. */
export function readTlv(der: Uint8Array, start: number): Tlv {
  const first = der[start + 1];
  let length = first;
  let header = 2;
  if (first & 0x80) {
    length = 0;
    for (let i = 0; i < (first & 0x7f); i++) length = length * 256 + der[start + 2 + i];
    header += first & 0x7f;
  }
  return { tag: der[start], start, header, end: start + header + length };
}

export function childrenOf(der: Uint8Array, parent: Tlv): Tlv[] {
  const children: Tlv[] = [];
  for (let at = parent.start + parent.header; at < parent.end;) {
    const child = readTlv(der, at);
    children.push(child);
    at = child.end;
  }
  return children;
}

export const hexOf = (der: Uint8Array, tlv: Tlv): string => Buffer.from(der.subarray(tlv.start, tlv.end)).toString('hex');
export const contentOf = (der: Uint8Array, tlv: Tlv): Uint8Array => der.subarray(tlv.start + tlv.header, tlv.end);

/** TBSCertificate fields by name, and the outer signatureAlgorithm. */
export function certificateParts(der: Uint8Array) {
  const [tbs, signatureAlgorithm] = childrenOf(der, readTlv(der, 0));
  const [version, serial, signature, issuer, validity, subject] = childrenOf(der, tbs);
  return { version, serial, signature, issuer, validity, subject, signatureAlgorithm };
}
