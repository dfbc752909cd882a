import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { ocspUrl } from './policy';

const OID = {
  keyUsage: '2.5.29.15',
  extKeyUsage: '2.5.29.37',
  basicConstraints: '2.5.29.19',
  subjectKeyId: '2.5.29.14',
  authorityKeyId: '2.5.29.35',
  authorityInfoAccess: '1.3.6.1.5.5.7.1.1',
  subjectAltName: '2.5.29.17',
  serverAuth: '1.3.6.1.5.5.7.3.1',
  clientAuth: '1.3.6.1.5.5.7.3.2',
  ocsp: '1.3.6.1.5.5.7.48.1',
} as const;

const KEY_USAGE_BITS = { digitalSignature: 0, keyEncipherment: 2, keyCertSign: 5, cRLSign: 6 } as const;
type KeyUsage = keyof typeof KEY_USAGE_BITS;

const GENERAL_NAME = { dNSName: 2, uniformResourceIdentifier: 6 } as const;

export interface KeyIds {
  subject: ArrayBuffer;
  authority: ArrayBuffer;
}

function extension(extnID: string, critical: boolean, value: asn1js.BaseBlock): pkijs.Extension {
  return new pkijs.Extension({ extnID, critical, extnValue: value.toBER() });
}

/** DER named-bit BIT STRING: trailing zero bits dropped and counted as unused. */
function keyUsage(usages: KeyUsage[]): pkijs.Extension {
  const bits = usages.map((usage) => KEY_USAGE_BITS[usage]);
  const bytes = new Uint8Array((Math.max(...bits) >> 3) + 1);
  for (const bit of bits) bytes[bit >> 3] |= 0x80 >> (bit & 7);
  const last = bytes[bytes.length - 1];
  let unusedBits = 0;
  while (unusedBits < 7 && (last & (1 << unusedBits)) === 0) unusedBits++;
  return extension(OID.keyUsage, true, new asn1js.BitString({ valueHex: bytes, unusedBits }));
}

function extKeyUsage(purposes: string[]): pkijs.Extension {
  return extension(OID.extKeyUsage, false, new pkijs.ExtKeyUsage({ keyPurposes: purposes }).toSchema());
}

function basicConstraints(cA: boolean, pathLenConstraint?: number): pkijs.Extension {
  const value = new pkijs.BasicConstraints(pathLenConstraint === undefined ? { cA } : { cA, pathLenConstraint });
  return extension(OID.basicConstraints, true, value.toSchema());
}

function subjectKeyId(ids: KeyIds): pkijs.Extension {
  return extension(OID.subjectKeyId, false, new asn1js.OctetString({ valueHex: ids.subject }));
}

function authorityKeyId(ids: KeyIds): pkijs.Extension {
  const value = new pkijs.AuthorityKeyIdentifier({ keyIdentifier: new asn1js.OctetString({ valueHex: ids.authority }) });
  return extension(OID.authorityKeyId, false, value.toSchema());
}

function ocspAccess(ocspName: string): pkijs.Extension {
  const location = new pkijs.GeneralName({ type: GENERAL_NAME.uniformResourceIdentifier, value: ocspUrl(ocspName) });
  const value = new pkijs.InfoAccess({
    accessDescriptions: [new pkijs.AccessDescription({ accessMethod: OID.ocsp, accessLocation: location })],
  });
  return extension(OID.authorityInfoAccess, false, value.toSchema());
}

function subjectAltNames(names: string[]): pkijs.Extension {
  const altNames = names.map((value) => new pkijs.GeneralName({ type: GENERAL_NAME.dNSName, value }));
  return extension(OID.subjectAltName, false, new pkijs.AltName({ altNames }).toSchema());
}

// Extension order follows Let's Encrypt's certificates.

export function rootExtensions(ids: KeyIds): pkijs.Extension[] {
  return [keyUsage(['keyCertSign', 'cRLSign']), basicConstraints(true), subjectKeyId(ids)];
}

export function intermediateExtensions(ids: KeyIds): pkijs.Extension[] {
  return [
    keyUsage(['digitalSignature', 'keyCertSign', 'cRLSign']),
    extKeyUsage([OID.serverAuth, OID.clientAuth]),
    basicConstraints(true, 0),
    subjectKeyId(ids),
    authorityKeyId(ids),
  ];
}

export function leafExtensions(ids: KeyIds, names: string[], ocspName: string): pkijs.Extension[] {
  return [
    keyUsage(['digitalSignature', 'keyEncipherment']),
    extKeyUsage([OID.serverAuth]),
    basicConstraints(false),
    subjectKeyId(ids),
    authorityKeyId(ids),
    ocspAccess(ocspName),
    subjectAltNames(names),
  ];
}
