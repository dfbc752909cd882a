import { X509Certificate, createVerify } from 'node:crypto';
import * as asn1js from 'asn1js';
import type { ReferencePki } from '../../pki';
import { responseTimes } from './policy';
import { decodeOcspRequest } from './request-decoder';
import { encodeOcspResponse, loadSigningIssuer, type CertStatus, type SigningIssuer } from './response-encoder';
import { basicResponseOf, issueTestPki, issuerOf, leafOf, requestFor } from './test-fixtures';

let pki: ReferencePki;
let cleanup: () => Promise<void>;
const issuers = new Map<string, SigningIssuer>();
beforeAll(async () => {
  ({ pki, cleanup } = await issueTestPki());
  for (const intermediate of pki.intermediates) issuers.set(intermediate.name, await loadSigningIssuer(intermediate));
});
afterAll(() => cleanup());

const SHA256_RSA_WITH_NULL = '300d06092a864886f70d01010b0500';
const TIMES = responseTimes(Date.parse('2025-06-07T08:09:10.500Z'), 15_300);
const GOOD: CertStatus = { status: 'good' };

describe('encodeOcspResponse', () => {
  test.each([
    ['byName', 'SHA-1', 504],
    ['byKey', 'SHA-1', 473],
    ['byName', 'SHA-256', 534],
    ['byKey', 'SHA-256', 503],
  ] as const)('a good response, ResponderID %s, %s CertID, 18-byte serial: %i bytes', async (responderId, hash, size) => {
    const leaf = leafOf(pki, 'site');
    const der = await encodeOcspResponse({ issuer: issuers.get(leaf.issuer)!, hash, serialHex: leaf.serialHex, certStatus: GOOD, times: TIMES, responderId });
    expect(der.length).toBe(size);
    expect(der.toString('hex')).toContain(SHA256_RSA_WITH_NULL);
  });

  test('the CertID matches the request, times are as given, no certificates, no extensions, a valid signature', async () => {
    const leaf = leafOf(pki, 'bare');
    const issuer = issuerOf(pki, leaf);
    const der = await encodeOcspResponse({
      issuer: issuers.get(leaf.issuer)!,
      hash: 'SHA-1',
      serialHex: leaf.serialHex,
      certStatus: GOOD,
      times: TIMES,
      responderId: 'byName',
    });
    const basic = basicResponseOf(der);
    const data = basic.tbsResponseData;
    expect(basic.certs).toBeUndefined();
    expect(data.responseExtensions).toBeUndefined();
    expect(data.responses).toHaveLength(1);
    const [single] = data.responses;
    expect(single.singleExtensions).toBeUndefined();
    expect([data.producedAt, single.thisUpdate, single.nextUpdate]).toEqual([TIMES.producedAt, TIMES.thisUpdate, TIMES.nextUpdate]);
    expect(single.thisUpdate.toISOString()).toBe('2025-06-07T08:09:00.000Z');
    expect(single.nextUpdate!.toISOString()).toBe('2025-06-07T12:23:59.000Z');
    expect((single.certStatus as asn1js.BaseBlock).idBlock.tagNumber).toBe(0);

    const requested = decodeOcspRequest(await requestFor(pki, leaf));
    if (!requested.ok) throw new Error('request did not decode');
    expect({
      nameHash: Buffer.from(single.certID.issuerNameHash.valueBlock.valueHexView).toString('hex').toUpperCase(),
      keyHash: Buffer.from(single.certID.issuerKeyHash.valueBlock.valueHexView).toString('hex').toUpperCase(),
      serial: Buffer.from(single.certID.serialNumber.valueBlock.valueHexView).toString('hex').toUpperCase(),
    }).toEqual({ nameHash: requested.certId.issuerNameHash, keyHash: requested.certId.issuerKeyHash, serial: leaf.serialHex });

    const verify = createVerify('sha256').update(new Uint8Array(basic.tbsResponseData.tbsView));
    expect(verify.verify(new X509Certificate(issuer.certPem).publicKey, new Uint8Array(basic.signature.valueBlock.valueHexView))).toBe(true);
  });

  test('byName names the issuing intermediate exactly as its certificate does; byKey is the SHA-1 of its key', async () => {
    const leaf = leafOf(pki, 'site');
    const issuer = issuers.get(leaf.issuer)!;
    const byName = basicResponseOf(
      await encodeOcspResponse({ issuer, hash: 'SHA-1', serialHex: leaf.serialHex, certStatus: GOOD, times: TIMES, responderId: 'byName' }),
    );
    expect(Buffer.from(byName.tbsResponseData.toSchema(true).toBER()).toString('hex')).toContain(
      Buffer.from(issuer.certificate.subject.toSchema().toBER()).toString('hex'),
    );
    const byKey = basicResponseOf(
      await encodeOcspResponse({ issuer, hash: 'SHA-1', serialHex: leaf.serialHex, certStatus: GOOD, times: TIMES, responderId: 'byKey' }),
    );
    const keyHash = Buffer.from((byKey.tbsResponseData.responderID as asn1js.OctetString).valueBlock.valueHexView)
      .toString('hex')
      .toUpperCase();
    expect(keyHash).toBe(issuer.certIdHashes['SHA-1'].keyHash);
  });

  test('a revoked response carries the revocation time and reason', async () => {
    const leaf = leafOf(pki, 'revoked');
    expect(leaf.revocation).toEqual({ time: '2025-01-02T03:04:05.000Z', reason: 'keyCompromise' });
    const der = await encodeOcspResponse({
      issuer: issuers.get(leaf.issuer)!,
      hash: 'SHA-1',
      serialHex: leaf.serialHex,
      certStatus: { status: 'revoked', revocation: leaf.revocation! },
      times: TIMES,
      responderId: 'byName',
    });
    const status = basicResponseOf(der).tbsResponseData.responses[0].certStatus as asn1js.Constructed;
    expect(status.idBlock.tagNumber).toBe(1);
    const [time, reason] = status.valueBlock.value as [asn1js.GeneralizedTime, asn1js.Constructed];
    expect(time.toDate().toISOString()).toBe('2025-01-02T03:04:05.000Z');
    expect((reason.valueBlock.value[0] as asn1js.Enumerated).valueBlock.valueDec).toBe(1);
  });
});
