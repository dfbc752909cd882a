/**
 * HTTP/3 offered, not asked for ('auto', Caddy installed): an edge that cannot start (its default
 * port, the TLS port + 1, taken) leaves the reference serving h1 and h2 without Alt-Svc, saying why.
 * Asked for (`http3: true`), the same is a failed start.
 */
import * as net from 'node:net';
import { startReference } from '../server';
import { CADDY_MISSING, findCaddy } from './edge';

/** A TCP port P that is free while P + 1 is held by `blocker`. */
async function portBeforeABusyOne(): Promise<{ port: number; blocker: net.Server }> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const busy = (blocker.address() as net.AddressInfo).port;
    const probe = net.createServer();
    const free = await new Promise<boolean>((resolve) => {
      probe.once('error', () => resolve(false));
      probe.listen(busy - 1, '127.0.0.1', () => resolve(true));
    });
    if (free) {
      await new Promise((r) => probe.close(r));
      return { port: busy - 1, blocker };
    }
    await new Promise((r) => blocker.close(r));
  }
  throw new Error('no free port next to a busy one in 20 attempts');
}

// The edge is Caddy (Node has no QUIC server), a system package, not an npm one: npm test's set-up installs it
// where it may (root or sudo), so this runs in CI; on a machine without it the test says how to get it.
if (!findCaddy()) {
  test.skip(`an edge that cannot start (skipped: ${CADDY_MISSING})`, () => undefined);
} else {
  test("'auto': the reference starts without HTTP/3 and says why; http3: true does not start", async () => {
    const { port, blocker } = await portBeforeABusyOne();
    const said = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const ref = await startReference({ port, httpPort: 0, http3: 'auto' });
      try {
        expect('off' in ref.http3 && ref.http3.off).toMatch(/^its edge \(Caddy\) did not start: /);
        expect(said.mock.calls.map((c) => String(c[0]))).toEqual([expect.stringMatching(/^reference: HTTP\/3 off, its edge \(Caddy\) did not start: /)]);
      } finally {
        await ref.stop();
      }
      await expect(startReference({ port, httpPort: 0, http3: true })).rejects.toThrow();
    } finally {
      said.mockRestore();
      await new Promise((r) => blocker.close(r));
    }
  });
}
