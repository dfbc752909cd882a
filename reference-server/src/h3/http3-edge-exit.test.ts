/**
 * The reference whose edge dies under it (its Caddy killed from the outside): it stops
 * advertising HTTP/3 and says why, and keeps serving h1/h2.
 */
import { headerValues } from '../testing/client';
import { caddyListeningOn, processRuns } from '../testing/h3';
import { useReference } from '../testing/reference';
import { CADDY_MISSING, findCaddy } from './edge';

async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

// The edge is Caddy (Node has no QUIC server), a system package, not an npm one: npm test's set-up installs it
// where it may (root or sudo), so this runs in CI; on a machine without it the test says how to get it.
if (!findCaddy()) {
  test.skip(`a reference whose edge dies (skipped: ${CADDY_MISSING})`, () => undefined);
} else {
  describe('a reference whose edge dies', () => {
    const reference = useReference({ http3: true });

    test('advertises HTTP/3 no more, says why, and still answers over h1 and h2', async () => {
      const h3 = reference.ref().http3;
      if (!('port' in h3)) throw new Error(`HTTP/3 is off: ${h3.off}`);
      const before = await reference.request({ host: 'www.lessons.test', path: '/', protocol: 'h2' });
      expect(headerValues(before, 'alt-svc')).toEqual([`h3=":${h3.port}"; ma=86400`]);

      const [edge] = caddyListeningOn(h3.port);
      expect(edge).toBeDefined();
      const said = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      try {
        process.kill(edge.pid, 'SIGKILL');
        expect(await until(() => !processRuns(edge.pid) && 'off' in reference.ref().http3, 10_000)).toBe(true);
        // Its shell reports Caddy's end as 128 + 9; Caddy, killed, said nothing.
        expect(reference.ref().http3).toEqual({ off: 'its edge (Caddy) exited: code 137' });
        expect(said.mock.calls).toEqual([['reference: HTTP/3 off, its edge (Caddy) exited: code 137']]);
      } finally {
        said.mockRestore();
      }
      for (const protocol of ['h1', 'h2'] as const) {
        const after = await reference.request({ host: 'www.lessons.test', path: '/', protocol });
        expect(after.status).toBe(200);
        expect(headerValues(after, 'alt-svc')).toEqual([]);
      }
    });
  });
}
