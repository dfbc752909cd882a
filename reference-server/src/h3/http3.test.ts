/**
 * The reference with its HTTP/3 edge (`startReference({ http3: true })`), checked from the outside:
 * Node's https and http2 clients for the Alt-Svc of every h1/h2 answer, Chromium over QUIC for the
 * HTTP/3 answers, /proc for the edge's Caddy process and its private folder.
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import { ROLE_NAMES, type Role } from '../roles';
import { headerValues } from '../testing/client';
import { caddyListeningOn, launchH3Browser, processRuns, valuesOf, type H3Browser } from '../testing/h3';
import { useReference } from '../testing/reference';
import { CADDY_MISSING, findCaddy } from './edge';

/** One name of each role on the TLS port (the OCSP responder answers there too). */
const ROLES_CHECKED: Role[] = ['site', 'bare', 'assets', 'maintenance', 'ocsp', 'shop', 'redirector', 'analytics'];

function plainGet(port: number, host: string): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/', headers: { host: `${host}:${port}` }, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res));
    });
    req.on('error', reject);
  });
}

// The edge is Caddy (Node has no QUIC server), a system package, not an npm one: npm test's set-up installs it
// where it may (root or sudo), so this runs in CI; on a machine without it the test says how to get it.
if (!findCaddy()) {
  test.skip(`the reference's HTTP/3 edge (skipped: ${CADDY_MISSING})`, () => undefined);
} else {
  describe("the reference's HTTP/3 edge (Caddy)", () => {
    const reference = useReference({ http3: true });
    const edgePort = () => {
      const h3 = reference.ref().http3;
      if (!('port' in h3)) throw new Error(`HTTP/3 is off: ${h3.off}`);
      return h3.port;
    };

    test('the ready state names the edge: a port of its own, TCP and UDP', () => {
      const port = edgePort();
      expect(port).toBeGreaterThan(0);
      expect(port).not.toBe(reference.ref().tlsPort);
      expect(port).not.toBe(reference.ref().httpPort);
    });

    describe.each(['h1', 'h2'] as const)('Alt-Svc over %s', (protocol) => {
      test.each(ROLES_CHECKED)('every answer of %s advertises the edge', async (role) => {
        const host = ROLE_NAMES[role][0];
        const expected = [`h3=":${edgePort()}"; ma=86400`];
        const home = await reference.request({ host, path: '/', protocol });
        expect(home.protocol).toBe(protocol);
        expect(headerValues(home, 'alt-svc')).toEqual(expected);
        // Another path, whatever the role answers there (404, a redirect, 403, an OCSP error).
        const other = await reference.request({ host, path: '/no-such-file-h3', protocol });
        expect(headerValues(other, 'alt-svc')).toEqual(expected);
      });

      test('a name no role serves (421) advertises it too', async () => {
        const res = await reference.request({
          host: 'www.lessons.test',
          path: '/',
          protocol,
          headers: protocol === 'h1' ? { host: 'unknown.test' } : { ':authority': 'unknown.test' },
        });
        expect(res.status).toBe(421);
        expect(headerValues(res, 'alt-svc')).toEqual([`h3=":${edgePort()}"; ma=86400`]);
      });
    });

    test('the plain-HTTP port (OCSP) advertises nothing: Alt-Svc is for its https origins', async () => {
      const res = await plainGet(reference.ref().httpPort, ROLE_NAMES.ocsp[0]);
      expect(res.headers['alt-svc']).toBeUndefined();
    });

    describe('over HTTP/3 (Chromium, QUIC forced to the edge)', () => {
      let browser: H3Browser;
      beforeAll(async () => {
        browser = await launchH3Browser({
          hosts: ['www.lessons.test', 'go.redirect.test'],
          originPort: reference.ref().tlsPort,
          edgePort: edgePort(),
          rootPems: [reference.ref().rootPem],
        });
      });
      afterAll(() => browser?.close());

      test("the home page comes over h3 with the reference's fields: two X-Frame-Options lines, no Server, no Via", async () => {
        const answer = await browser.visit('www.lessons.test');
        expect(answer.protocol).toBe('h3');
        expect(answer.status).toBe(200);
        expect(valuesOf(answer.lines, 'x-frame-options')).toEqual(['SAMEORIGIN', 'SAMEORIGIN']);
        expect(valuesOf(answer.lines, 'server')).toEqual([]);
        expect(valuesOf(answer.lines, 'via')).toEqual([]);
        // The edge's own Alt-Svc (Caddy's, ma=2592000) is replaced by the reference's.
        expect(valuesOf(answer.lines, 'alt-svc')).toEqual([`h3=":${edgePort()}"; ma=86400`]);
        // The reference saw the Host the browser sent (its links carry the origin's port).
        expect(valuesOf(answer.lines, 'content-security-policy').join()).toContain(`https://analytics.beacon.test:${reference.ref().tlsPort}`);
      });

      test("the redirector's answer over h3 keeps exactly one Server, the reference's own (cloudflare), and no Via", async () => {
        const answer = await browser.visit('go.redirect.test');
        expect(answer.protocol).toBe('h3');
        expect(valuesOf(answer.lines, 'server')).toEqual(['cloudflare']);
        expect(valuesOf(answer.lines, 'via')).toEqual([]);
        // The same answer over h2 straight from the reference: the same status and Server.
        const direct = await reference.request({ host: 'go.redirect.test', path: '/', protocol: 'h2' });
        expect(answer.status).toBe(direct.status);
        expect(headerValues(direct, 'server')).toEqual(['cloudflare']);
      });
    });

    // Last: it stops the file's reference (useReference's own stop then finds it stopped).
    test("stopping the reference ends its Caddy and removes the edge's private folder", async () => {
      const port = edgePort();
      const edges = caddyListeningOn(port);
      expect(edges).toHaveLength(1);
      const [{ pid, dir, configFile }] = edges;
      expect(fs.existsSync(configFile)).toBe(true);
      expect(fs.readdirSync(dir).filter((f) => f.endsWith('.key')).length).toBeGreaterThan(0);

      await reference.ref().stop();

      expect(processRuns(pid)).toBe(false);
      expect(caddyListeningOn(port)).toEqual([]);
      expect(fs.existsSync(dir)).toBe(false);
      // Its TCP port is released (nothing answers there any more).
      const refused = await new Promise<string>((resolve) => {
        const socket = net.connect(port, '127.0.0.1');
        socket.once('connect', () => {
          socket.destroy();
          resolve('connected');
        });
        socket.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
      });
      expect(refused).toBe('ECONNREFUSED');
    });
  });
}
