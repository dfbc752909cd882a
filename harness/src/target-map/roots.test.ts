import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { connect, createServer, rootCertificates, type TLSSocket } from 'node:tls';
import { rootsContext, trustedRoots } from './roots';
import { makeTestPki, type TestPki } from './test-pki';

let pki: TestPki;
beforeAll(() => (pki = makeTestPki(['a.roots.test'], 'Roots Test Root')));
afterAll(() => pki.cleanup());

test("the trusted roots are Node's defaults and the map's extra ones", () => {
  expect(trustedRoots([pki.caPem])).toEqual([...rootCertificates, pki.caPem]);
  expect(trustedRoots([])).toEqual([...rootCertificates]);
});

test('one context per set of extra roots, made once', () => {
  // Equal lists (a map loaded again) share one; other roots get their own.
  expect(rootsContext([pki.caPem])).toBe(rootsContext([pki.caPem]));
  expect(rootsContext([pki.caPem])).not.toBe(rootsContext());
  expect(rootsContext()).toBe(rootsContext([]));
});

test('a certificate the extra root signed verifies through the context; without that root it does not', async () => {
  const server = createServer({ cert: pki.certPem, key: pki.keyPem }, (s) => s.end());
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const handshake = (extra?: string[]) =>
    new Promise<string>((resolve) => {
      const socket: TLSSocket = connect({ host: '127.0.0.1', port, servername: 'a.roots.test', secureContext: rootsContext(extra) });
      socket.once('secureConnect', () => resolve(socket.authorized ? 'verified' : String(socket.authorizationError)));
      socket.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
      socket.once('secureConnect', () => socket.end());
    });
  try {
    expect(await handshake([pki.caPem])).toBe('verified');
    expect(await handshake()).toMatch(/^(UNABLE_TO_GET_ISSUER_CERT_LOCALLY|UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED_CERT_IN_CHAIN)$/);
  } finally {
    server.close();
  }
});
