/**
 * A stapled OCSP response (RFC 6066 §8, RFC 6961), where the server staples one: it must be a
 * successful response about the leaf it was stapled with, `good`, current (thisUpdate not in the
 * future, nextUpdate not past, RFC 6960 §4.2.2.1) and signed by the leaf's issuer or its delegated
 * responder (RFC 6960 §4.2.2.2). A client that trusts a stale or foreign staple is misled.
 */
import type { X509Certificate } from 'node:crypto';
import type { CertJudgement } from './cert-judge';
import { OcspParseError, parseOcspResponse, RESPONSE_STATUS, signatureVerdict } from './ocsp-der';

const EXPECTED = 'a stapled OCSP response about this leaf: successful, good, current, signed by its issuer or a delegate';

/** Serial numbers compared as numbers written in hex: case and leading zeros aside. */
const sameSerial = (a: string, b: string) => a.replace(/^0+/, '').toLowerCase() === b.replace(/^0+/, '').toLowerCase();

export function judgeStapled(der: Buffer, leaf: X509Certificate, issuer: X509Certificate | undefined, now: Date): CertJudgement {
  const no = (actual: string): CertJudgement => ({ ok: false, expected: EXPECTED, actual, message: `the stapled OCSP response: ${actual}` });
  let parsed;
  try {
    parsed = parseOcspResponse(der);
  } catch (e) {
    if (e instanceof OcspParseError) return no(`not an OCSP response (${e.message})`);
    throw e;
  }
  const b = parsed.basic;
  if (parsed.responseStatus !== 0 || !b)
    return no(`response status ${RESPONSE_STATUS[parsed.responseStatus] ?? parsed.responseStatus}${b ? '' : ', no basic response'}`);
  if (!sameSerial(b.certId.serial, leaf.serialNumber)) return no(`about serial ${b.certId.serial}, not the leaf's ${leaf.serialNumber}`);
  if (b.certStatus !== 'good') return no(`the leaf is ${b.certStatus}`);
  if (b.thisUpdate.getTime() > now.getTime()) return no(`thisUpdate ${b.thisUpdate.toISOString()} is in the future`);
  if (b.nextUpdate && b.nextUpdate.getTime() < now.getTime()) return no(`stale: nextUpdate ${b.nextUpdate.toISOString()} has passed`);
  const signed = issuer ? signatureVerdict(b, issuer.raw) : { ok: false, how: 'no issuer was sent to verify its signature with' };
  if (!signed.ok) return no(signed.how);
  return {
    ok: true,
    expected: EXPECTED,
    actual: `good, thisUpdate ${b.thisUpdate.toISOString()}${b.nextUpdate ? `, nextUpdate ${b.nextUpdate.toISOString()}` : ''}, ${signed.how}`,
  };
}
