/**
 * The second deployment's HTTP/3 edge: another `ma` in its Alt-Svc, and its own host names (the
 * favicon chain's hops) served over QUIC with their certificates, checked from the outside.
 */
import { headerValues } from '../testing/client';
import { launchH3Browser, valuesOf, type H3Browser } from '../testing/h3';
import { useReference } from '../testing/reference';
import { CADDY_MISSING, findCaddy } from './edge';

// The edge is Caddy (Node has no QUIC server), a system package, not an npm one: npm test's set-up installs it
// where it may (root or sudo), so this runs in CI; on a machine without it the test says how to get it.
if (!findCaddy()) {
  test.skip(`the second deployment's HTTP/3 edge (skipped: ${CADDY_MISSING})`, () => undefined);
} else {
  describe("the second deployment's HTTP/3 edge (Caddy)", () => {
    const alt = useReference({ deployment: 'alt', http3: true });
    const edgePort = () => {
      const h3 = alt.ref().http3;
      if (!('port' in h3)) throw new Error(`HTTP/3 is off: ${h3.off}`);
      return h3.port;
    };

    test.each(['go.redirect.test', 'relay.redirect.test', 'landing.redirect.test', 'www.lessons.test'])('%s advertises the edge with ma=3600', async (host) => {
      for (const protocol of ['h1', 'h2'] as const) {
        const res = await alt.request({ host, path: '/', protocol });
        expect([protocol, headerValues(res, 'alt-svc')]).toEqual([protocol, [`h3=":${edgePort()}"; ma=3600`]]);
      }
    });

    describe('over HTTP/3 (Chromium, QUIC forced to the edge)', () => {
      let browser: H3Browser;
      beforeAll(async () => {
        browser = await launchH3Browser({
          hosts: ['relay.redirect.test', 'landing.redirect.test'],
          originPort: alt.ref().tlsPort,
          edgePort: edgePort(),
          rootPems: [alt.ref().rootPem],
        });
      });
      afterAll(() => browser?.close());

      test('its own hops answer over h3, with their own certificates and its edge headers', async () => {
        const relay = await browser.visit('relay.redirect.test', '/cdn-cgi/styles/cf.errors.css');
        expect([relay.protocol, relay.status]).toEqual(['h3', 200]);
        expect(valuesOf(relay.lines, 'server')).toEqual(['AkamaiGHost']);
        expect(valuesOf(relay.lines, 'alt-svc')).toEqual([`h3=":${edgePort()}"; ma=3600`]);
        // The chain's second hop redirects to the third, which answers over h3 too.
        const landing = await browser.visit('relay.redirect.test');
        expect([landing.protocol, landing.status]).toEqual(['h3', 200]);
      });
    });
  });
}
