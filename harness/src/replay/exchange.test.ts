import { readAspect } from '../core';
import { TransportCause } from '../transport/cause';
import { TransportError } from '../transport/send';
import { transportAspect } from './exchange';

test("a transport error's finding says why as the cause's codes, which the report reads back; no cause known, no codes", () => {
  const e = new TransportError('https://www.t/', new TransportCause('HARNESS_ERR_REQUEST_TIMEOUT', 'no answer within 30000 ms', 'UND_ERR_HEADERS_TIMEOUT'));
  const aspect = transportAspect(e);
  expect(aspect).toEqual({ kind: 'transport', cause: 'HARNESS_ERR_REQUEST_TIMEOUT', lowLevelCode: 'UND_ERR_HEADERS_TIMEOUT' });
  expect(readAspect(JSON.parse(JSON.stringify(aspect)))).toEqual(aspect);
  expect(transportAspect(new Error('socket hang up'))).toEqual({ kind: 'transport' });
});
