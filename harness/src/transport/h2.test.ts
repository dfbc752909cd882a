import { once } from 'node:events';
import * as http2 from 'node:http2';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import { loadTargetMap } from '../target-map';
import { makeTestPki, type TestPki } from '../target-map/test-pki';
import { withTestBudgets } from '../testing/budgets';
import { H2_NOT_OFFERED, H2Client } from './h2';
import { TransportError } from './send';

let pki: TestPki;
let h2Server: http2.Http2SecureServer;
let h1Server: https.Server;
let h2Port: number;
let h1Port: number;
const seen: Array<{ authority?: string; method: string; body: string; cookie?: string }> = [];

beforeAll(async () => {
  pki = makeTestPki(['made.up.test']);
  h2Server = http2.createSecureServer({ key: pki.keyPem, cert: pki.certPem });
  h2Server.on('stream', (stream, headers) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      seen.push({
        authority: headers[':authority'] as string,
        method: String(headers[':method']),
        body: Buffer.concat(chunks).toString(),
        cookie: headers.cookie as string | undefined,
      });
      stream.respond({
        ':status': 201,
        'x-frame-options': ['SAMEORIGIN', 'SAMEORIGIN'] as unknown as string,
        'set-cookie': ['a=1', 'b=2'],
        'content-type': 'text/plain',
      });
      stream.end(headers[':method'] === 'HEAD' ? undefined : 'hello');
    });
  });
  h1Server = https.createServer({ key: pki.keyPem, cert: pki.certPem }, (_req, res) => res.end('h1'));
  h2Server.listen(0, '127.0.0.1');
  h1Server.listen(0, '127.0.0.1');
  await Promise.all([once(h2Server, 'listening'), once(h1Server, 'listening')]);
  h2Port = (h2Server.address() as AddressInfo).port;
  h1Port = (h1Server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((d) => h2Server.close(() => d()));
  h1Server.closeAllConnections();
  await new Promise<void>((d) => h1Server.close(() => d()));
  pki.cleanup();
});

const mapFor = (port: number) =>
  loadTargetMap(withTestBudgets({ TARGET_URL: `https://made.up.test:${port}`, TARGET_RESOLVE: `made.up.test:${port}:127.0.0.1`, TARGET_CA: pki.caFile }));

test('sends through the resolve map with the URL name, keeps repeated header lines, and reports TLS facts', async () => {
  const client = new H2Client(mapFor(h2Port));
  try {
    const probe = await client.probe(`https://made.up.test:${h2Port}`);
    expect(probe.offered).toBe(true);
    const res = await client.request({
      url: `https://made.up.test:${h2Port}/x?y=1`,
      method: 'POST',
      headers: { Host: 'ignored', cookie: 'c=3' },
      body: 'payload',
    });
    expect(res.status).toBe(201);
    expect(res.lines.filter(([n]) => n === 'x-frame-options')).toEqual([
      ['x-frame-options', 'SAMEORIGIN'],
      ['x-frame-options', 'SAMEORIGIN'],
    ]);
    expect(res.lines.filter(([n]) => n === 'set-cookie').map(([, v]) => v)).toEqual(['a=1', 'b=2']);
    expect(res.lines.some(([n]) => n.startsWith(':'))).toBe(false);
    expect(res.body.toString()).toBe('hello');
    expect(res.tls.protocol).toMatch(/^TLSv1\.[23]$/);
    expect(res.tls.peerSubject).toContain('made.up.test');
    expect(res.tls.peerIssuer).toContain('Harness Test Root');
    expect(res.tls.validTo).toBeTruthy();
    expect(seen.at(-1)).toEqual({ authority: `made.up.test:${h2Port}`, method: 'POST', body: 'payload', cookie: 'c=3' });
    const head = await client.request({ url: `https://made.up.test:${h2Port}/`, method: 'HEAD' });
    expect(head.body.length).toBe(0);
  } finally {
    await client.close();
  }
});

test('an origin that negotiates http/1.1 does not offer h2; plain http neither', async () => {
  const client = new H2Client(mapFor(h1Port));
  try {
    const probe = await client.probe(`https://made.up.test:${h1Port}`);
    expect(probe).toMatchObject({ offered: false, reason: H2_NOT_OFFERED });
    await expect(client.request({ url: `https://made.up.test:${h1Port}/` })).rejects.toThrow(H2_NOT_OFFERED);
    expect(await client.probe('http://made.up.test:80')).toMatchObject({ offered: false, reason: H2_NOT_OFFERED });
  } finally {
    await client.close();
  }
});

test('an untrusted certificate is a transport error unless the map is insecure', async () => {
  const strict = new H2Client(
    loadTargetMap(withTestBudgets({ TARGET_URL: `https://made.up.test:${h2Port}`, TARGET_RESOLVE: `made.up.test:${h2Port}:127.0.0.1` })),
  );
  await expect(strict.probe(`https://made.up.test:${h2Port}`)).rejects.toThrow(/certificate/i);
  await strict.close();
  const insecure = new H2Client(
    loadTargetMap(withTestBudgets({ TARGET_URL: `https://made.up.test:${h2Port}`, TARGET_RESOLVE: `made.up.test:${h2Port}:127.0.0.1`, TARGET_INSECURE: '1' })),
  );
  expect((await insecure.request({ url: `https://made.up.test:${h2Port}/` })).status).toBe(201);
  await insecure.close();
});

describe('a request the server did not process', () => {
  let server: http2.Http2SecureServer;
  let port: number;
  /** What the server does with each stream it is asked, in order; then it answers 200. */
  let plan: Array<'refuse' | 'goaway'> = [];
  let streams = 0;

  beforeAll(async () => {
    server = http2.createSecureServer({ key: pki.keyPem, cert: pki.certPem });
    server.on('stream', (stream) => {
      streams++;
      // A stream closed with an error code reports it on the server's side too.
      stream.on('error', () => undefined);
      const step = plan.shift();
      if (step === 'refuse') stream.close(http2.constants.NGHTTP2_REFUSED_STREAM);
      // Last stream id 0: the stream is left out, and the session closes, as a server's idle timeout closes one just reused.
      else if (step === 'goaway') {
        const session = stream.session;
        session?.goaway(http2.constants.NGHTTP2_NO_ERROR, 0);
        setImmediate(() => session?.destroy());
      } else {
        stream.respond({ ':status': 200 });
        stream.end('ok');
      }
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((d) => server.close(() => d())));
  beforeEach(() => {
    streams = 0;
  });

  test.each([
    ['refused (REFUSED_STREAM)', 'refuse'],
    ['left out by a GOAWAY', 'goaway'],
  ] as const)('%s: an idempotent request is sent once more, and answered', async (_name, step) => {
    plan = [step];
    const client = new H2Client(mapFor(port));
    try {
      const res = await client.request({ url: `https://made.up.test:${port}/x` });
      expect(res.status).toBe(200);
      expect(streams).toBe(2);
    } finally {
      await client.close();
    }
  });

  test('refused twice: the error, after one more attempt', async () => {
    plan = ['refuse', 'refuse'];
    const client = new H2Client(mapFor(port));
    try {
      await expect(client.request({ url: `https://made.up.test:${port}/x` })).rejects.toThrow(/stream closed without a response|REFUSED_STREAM/);
      expect(streams).toBe(2);
    } finally {
      await client.close();
    }
  });

  test('a POST is never sent twice', async () => {
    plan = ['refuse'];
    const client = new H2Client(mapFor(port));
    try {
      await expect(client.request({ url: `https://made.up.test:${port}/x`, method: 'POST', body: 'a=1' })).rejects.toThrow(TransportError);
      expect(streams).toBe(1);
    } finally {
      await client.close();
      plan = [];
    }
  });
});
