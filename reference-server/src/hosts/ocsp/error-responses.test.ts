import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { ERROR_RESPONSES, OCSP_ERROR_STATUS } from './error-responses';

describe('error responses are the fixed 5-byte DER of RFC 6960', () => {
  test.each([
    ['malformedRequest', '30 03 0A 01 01'],
    ['internalError', '30 03 0A 01 02'],
    ['tryLater', '30 03 0A 01 03'],
    ['sigRequired', '30 03 0A 01 05'],
    ['unauthorized', '30 03 0A 01 06'],
  ] as const)('%s is %s', (name, hex) => {
    expect(ERROR_RESPONSES[name]).toEqual(Buffer.from(hex.replace(/ /g, ''), 'hex'));
  });
});

test('each is what asn1js encodes for an OCSPResponse with that status and no responseBytes', () => {
  for (const [name, status] of Object.entries(OCSP_ERROR_STATUS)) {
    const encoded = new pkijs.OCSPResponse({ responseStatus: new asn1js.Enumerated({ value: status }) }).toSchema().toBER();
    expect(ERROR_RESPONSES[name as keyof typeof OCSP_ERROR_STATUS]).toEqual(Buffer.from(encoded));
  }
});
