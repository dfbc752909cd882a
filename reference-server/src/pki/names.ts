import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { AttributeName, DistinguishedName } from './policy';

const ATTRIBUTE_OIDS: Record<AttributeName, string> = { C: '2.5.4.6', O: '2.5.4.10', CN: '2.5.4.3' };

/**
 * One attribute per RDN SET, every value a PrintableString, as in Let's Encrypt's certificates.
 * pkijs would put all attributes in a single multi-valued SET, so the DER is built here and parsed
 * back (pkijs then re-emits the original bytes).
 */
export function encodeName(dn: DistinguishedName): pkijs.RelativeDistinguishedNames {
  const sets = dn.map(
    ([attribute, value]) =>
      new asn1js.Set({
        value: [
          new asn1js.Sequence({
            value: [new asn1js.ObjectIdentifier({ value: ATTRIBUTE_OIDS[attribute] }), new asn1js.PrintableString({ value })],
          }),
        ],
      }),
  );
  return pkijs.RelativeDistinguishedNames.fromBER(new asn1js.Sequence({ value: sets }).toBER());
}
