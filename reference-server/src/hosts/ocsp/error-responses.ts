/** OCSPResponseStatus values (RFC 6960 4.2.1) of responses that carry no responseBytes. */
export const OCSP_ERROR_STATUS = {
  malformedRequest: 1,
  internalError: 2,
  tryLater: 3,
  sigRequired: 5,
  unauthorized: 6,
} as const;
export type OcspError = keyof typeof OCSP_ERROR_STATUS;

/**
 * `OCSPResponse ::= SEQUENCE { responseStatus ENUMERATED }`: 5 bytes, `30 03 0A 01 xx`. Written
 * as constants so that start-up need not load asn1js; the tests check them against asn1js.
 */
function encodeErrorResponse(status: number): Buffer {
  return Buffer.from([0x30, 0x03, 0x0a, 0x01, status]);
}

/** The fixed bodies. */
export const ERROR_RESPONSES: Readonly<Record<OcspError, Buffer>> = Object.freeze(
  Object.fromEntries(Object.entries(OCSP_ERROR_STATUS).map(([name, status]) => [name, encodeErrorResponse(status)])) as Record<OcspError, Buffer>,
);
