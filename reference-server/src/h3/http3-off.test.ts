/**
 * The reference where Caddy is missing (REFERENCE_CADDY names no file): HTTP/3 required fails
 * with the reason; `'auto'` starts without it, says why, and advertises nothing.
 */
import { headerValues, send } from '../testing/client';
import { parseCli } from '../cli-options';
import { startReference, type RunningReference } from '../server';
import { CADDY_MISSING, EdgeError } from './edge';

const saved = process.env.REFERENCE_CADDY;
beforeAll(() => {
  process.env.REFERENCE_CADDY = '/nonexistent/caddy';
});
afterAll(() => {
  if (saved === undefined) delete process.env.REFERENCE_CADDY;
  else process.env.REFERENCE_CADDY = saved;
});

describe('HTTP/3 without Caddy', () => {
  test('http3: true rejects with the reason and the way to install it', async () => {
    const started = startReference({ port: 0, httpPort: 0, drainMs: 0, http3: true });
    await expect(started).rejects.toThrow(new EdgeError(`HTTP/3 was asked for, but ${CADDY_MISSING}`));
    await expect(started).rejects.toMatchObject({ code: 'REFERENCE_ERR_HTTP3_EDGE' });
  });

  test('REFERENCE_HTTP3=1 on the command line requires it too', async () => {
    const options = parseCli(['--port', '0', '--http-port', '0'], { REFERENCE_HTTP3: '1' });
    await expect(startReference({ ...options, drainMs: 0 })).rejects.toThrow(`HTTP/3 was asked for, but ${CADDY_MISSING}`);
  });

  describe("'auto'", () => {
    let ref: RunningReference;
    beforeAll(async () => {
      ref = await startReference({ port: 0, httpPort: 0, drainMs: 1000, http3: 'auto' });
    });
    afterAll(() => ref?.stop());

    test('starts without HTTP/3 and says why', () => {
      expect(ref.http3).toEqual({ off: CADDY_MISSING });
    });

    test.each(['h1', 'h2'] as const)('no Alt-Svc on its answers over %s', async (protocol) => {
      for (const host of ['www.lessons.test', 'go.redirect.test']) {
        const res = await send({ port: ref.tlsPort, ca: ref.rootPem }, { host, path: '/', protocol });
        expect(res.protocol).toBe(protocol);
        expect(res.status).toBeGreaterThan(0);
        expect(headerValues(res, 'alt-svc')).toEqual([]);
      }
    });
  });
});
