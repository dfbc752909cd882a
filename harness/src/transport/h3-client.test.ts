import { loadTargetMap } from '../target-map';
import type { Lookup } from '../target-map/address-guard';
import type { QuicEndpoint } from '../target-map/browser';
import { withTestBudgets } from '../testing/budgets';
import { H3Client, H3RequestError } from './h3-client';

/*
 * An HTTP/3 endpoint may be a name Chromium resolves itself (an Alt-Svc alternative on a mapped
 * host): the client asks the address gate's rule first, so a name a hostile target's DNS points at
 * the metadata address gets no QUIC packet and no browser launch, and the request says why.
 */
const map = loadTargetMap(withTestBudgets({ TARGET_URL: 'https://www.staging.example' }));
const endpoint: QuicEndpoint = { originHost: 'www.staging.example', originPort: 443, address: 'h3.staging.example', port: 8443 };
const request = { method: 'GET', url: 'https://www.staging.example/', headers: {} };

/** A name service answering `address` for every name. */
const answering =
  (address: string): Lookup =>
  (_hostname, options, callback) =>
    options.all ? callback(null, [{ address, family: 4 }]) : callback(null, address, 4);

/** A client whose launcher counts the launch and stops there (no Chromium needed). */
function client(address: string): { h3: H3Client; launches: () => number } {
  let launches = 0;
  const stop = (): never => {
    launches++;
    throw new Error('launch stopped by the test');
  };
  return { h3: new H3Client(map, stop, answering(address)), launches: () => launches };
}

test('an endpoint whose name resolves to the metadata address is never asked: no launch, and the reason', async () => {
  const c = client('169.254.169.254');
  const err = await c.h3.request(request, endpoint).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(H3RequestError);
  expect(err).toMatchObject({
    code: 'HARNESS_ERR_H3',
    message: 'https://www.staging.example/: no answer over HTTP/3: h3.staging.example:8443 resolves to a link-local address (169.254.169.254), never asked',
  });
  expect(c.launches()).toBe(0);
});

test('an endpoint whose name resolves elsewhere goes on to the launch', async () => {
  const c = client('203.0.113.7');
  await expect(c.h3.request(request, endpoint)).rejects.toThrow('launch stopped by the test');
  expect(c.launches()).toBe(1);
});
