import * as http from 'node:http';
import * as http2 from 'node:http2';
import * as net from 'node:net';
import * as tls from 'node:tls';
import { ocspStoreFor } from './hosts/ocsp';
import { deviating, deviationsByNode, nodeAddresses, parseNodeDeviation, type NodeDeviation } from './nodes';
import { DEFAULT_PKI_DIR, ReferenceOptionsError, startReference, type RunningReference } from './server';
import { startNodesReference } from './testing/reference';
import { send, type RawResponse, type TestRequest } from './testing/client';

const SITE = 'www.lessons.test';

function names(res: RawResponse): string[] {
  return [...new Set(res.lines.map(([n]) => n))].sort();
}

function listenOn(address: string, port: number): Promise<net.Server> {
  const server = net.createServer();
  return new Promise((resolve, reject) => server.once('error', reject).listen(port, address, () => resolve(server)));
}

function closeServer(server: net.Server | http.Server | http2.Http2Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

async function freePort(): Promise<number> {
  const server = await listenOn('127.0.0.1', 0);
  const { port } = server.address() as net.AddressInfo;
  await closeServer(server);
  return port;
}

/** The certificates a node's TLS sends for a name, leaf first, unverified: what a client without the intermediate gets. */
function servedChain(address: string, port: number, servername: string, ca: string): Promise<{ subjects: string[]; authorizationError?: string }> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: address, port, servername, ca, rejectUnauthorized: false, ALPNProtocols: ['http/1.1'] }, () => {
      const subjects: string[] = [];
      // The chain as Node builds it from what the peer sent, completed from `ca` where it can be.
      for (let cert = socket.getPeerCertificate(true); cert && !subjects.includes(cert.fingerprint256); cert = cert.issuerCertificate) {
        subjects.push(cert.fingerprint256);
      }
      const authorizationError = socket.authorizationError ? String(socket.authorizationError) : undefined;
      socket.destroy();
      resolve({ subjects, ...(authorizationError ? { authorizationError } : {}) });
    });
    socket.on('error', reject);
  });
}

describe('node addresses and deviations', () => {
  test('N nodes: the bind address and the next IPv4 addresses', () => {
    expect(nodeAddresses('127.0.0.1', 1)).toEqual(['127.0.0.1']);
    expect(nodeAddresses('0.0.0.0', 1)).toEqual(['0.0.0.0']);
    expect(nodeAddresses('127.0.0.1', 3)).toEqual(['127.0.0.1', '127.0.0.2', '127.0.0.3']);
    expect(nodeAddresses('127.0.0.255', 2)).toEqual(['127.0.0.255', '127.0.1.0']);
  });

  test.each([
    ['0.0.0.0', 2, 'nodes 2 need an IPv4 loopback bind address (127.x.y.z with room for 1 after it), not "0.0.0.0"'],
    ['::1', 2, 'nodes 2 need an IPv4 loopback bind address (127.x.y.z with room for 1 after it), not "::1"'],
    ['localhost', 2, 'nodes 2 need an IPv4 loopback bind address (127.x.y.z with room for 1 after it), not "localhost"'],
    ['127.255.255.255', 2, 'nodes 2 need an IPv4 loopback bind address (127.x.y.z with room for 1 after it), not "127.255.255.255"'],
    ['127.0.0.1', 0, 'nodes 0 is not an integer from 1 to 8'],
    ['127.0.0.1', 9, 'nodes 9 is not an integer from 1 to 8'],
    ['127.0.0.1', 1.5, 'nodes 1.5 is not an integer from 1 to 8'],
  ])('bind %s with %d nodes is refused', (bind, count, message) => {
    expect(() => nodeAddresses(bind, count)).toThrow(ReferenceOptionsError);
    expect(() => nodeAddresses(bind, count)).toThrow(message);
  });

  test('the command-line form of a deviation', () => {
    expect(parseNodeDeviation('2:drop-header=X-Frame-Options')).toEqual({ node: 2, kind: 'drop-header', name: 'X-Frame-Options' });
    expect(parseNodeDeviation('3:header=Cache-Control: no-cache, private')).toEqual({
      node: 3,
      kind: 'header',
      name: 'Cache-Control',
      value: 'no-cache, private',
    });
    expect(parseNodeDeviation('3:header=X-Empty:')).toEqual({ node: 3, kind: 'header', name: 'X-Empty', value: '' });
    expect(parseNodeDeviation('2:no-intermediate')).toEqual({ node: 2, kind: 'no-intermediate' });
    const kinds = '(KIND one of drop-header=NAME, header=NAME:VALUE, no-intermediate, revoked-leaf, expiring-leaf=DAYS)';
    expect(parseNodeDeviation('2:frob')).toEqual({ problem: `is not K:KIND ${kinds}` });
    expect(parseNodeDeviation('drop-header=x')).toEqual({ problem: `is not K:KIND ${kinds}` });
    expect(parseNodeDeviation('2:no-intermediate=yes')).toEqual({ problem: `is not K:KIND ${kinds}` });
    expect(parseNodeDeviation('2:drop-header')).toEqual({ problem: `is not K:KIND ${kinds}` });
    expect(parseNodeDeviation('2:header=X-Frame-Options')).toEqual({ problem: `has no VALUE: header=NAME:VALUE ${kinds}` });
  });

  test.each([
    [{ node: 1, kind: 'no-intermediate' }, 'node deviation {"node":1,"kind":"no-intermediate"}: node 1 is the reference itself: only nodes 2 and up deviate'],
    [{ node: 3, kind: 'no-intermediate' }, 'node deviation {"node":3,"kind":"no-intermediate"}: node 3 is beyond the 2 nodes served'],
    [{ node: 0, kind: 'no-intermediate' }, 'node deviation {"node":0,"kind":"no-intermediate"}: node 0 is not a node number'],
    [{ node: 2, kind: 'drop-header', name: 'a b' }, 'node deviation {"node":2,"kind":"drop-header","name":"a b"}: "a b" is not a header field name'],
    [
      { node: 2, kind: 'header', name: 'X', value: 'a\r\nb' },
      'node deviation {"node":2,"kind":"header","name":"X","value":"a\\r\\nb"}: "a\\r\\nb" is not a header field value',
    ],
    [
      { node: 2, kind: 'frob' },
      'node deviation {"node":2,"kind":"frob"}: "frob" is not one of drop-header=NAME, header=NAME:VALUE, no-intermediate, revoked-leaf, expiring-leaf=DAYS',
    ],
  ])('the deviation %j is refused', (deviation, message) => {
    expect(() => deviationsByNode([deviation as NodeDeviation], 2)).toThrow(ReferenceOptionsError);
    expect(() => deviationsByNode([deviation as NodeDeviation], 2)).toThrow(message);
  });
});

/**
 * Every way a handler sets a header field (setHeader, appendHeader, writeHead's object, flat array
 * and pairs, the implicit writeHead of end), over HTTP/1.1 and the HTTP/2 compatibility API.
 */
describe('a header deviation, whatever way the app sets the field', () => {
  const deviations: NodeDeviation[] = [
    { node: 2, kind: 'drop-header', name: 'x-dropped' },
    { node: 2, kind: 'header', name: 'X-Replaced', value: 'node 2' },
    // A field Node itself adds unless told not to.
    { node: 2, kind: 'drop-header', name: 'Date' },
  ];
  const styles: Record<string, (res: http.ServerResponse | http2.Http2ServerResponse) => void> = {
    setHeader: (res) => {
      res.setHeader('X-Dropped', ['a', 'b']);
      res.setHeader('x-replaced', 'app');
      res.setHeader('X-Kept', 'yes');
      res.end('ok');
    },
    appendHeader: (res) => {
      res.appendHeader('X-Dropped', 'a');
      res.appendHeader('X-Replaced', 'app');
      res.appendHeader('X-Kept', 'yes');
      res.end('ok');
    },
    'writeHead object': (res) => {
      res.writeHead(200, { 'X-DROPPED': 'a', 'X-Replaced': 'app', 'X-Kept': 'yes' });
      res.end('ok');
    },
    'writeHead flat array': (res) => {
      (res as http.ServerResponse).writeHead(200, ['X-Dropped', 'a', 'X-Replaced', 'app', 'X-Kept', 'yes']);
      res.end('ok');
    },
    'writeHead pairs': (res) => {
      (res as unknown as { writeHead(s: number, h: string[][]): void }).writeHead(200, [
        ['X-Dropped', 'a'],
        ['X-Kept', 'yes'],
      ]);
      res.end('ok');
    },
    // HTTP/2 has no reason phrase (Node warns and drops it): the message form on HTTP/1.1 only.
    'writeHead message and object': (res) => {
      if (res instanceof http.ServerResponse) res.writeHead(200, 'Fine', { 'X-Dropped': 'a', 'X-Kept': 'yes' });
      else res.writeHead(200, { 'X-Dropped': 'a', 'X-Kept': 'yes' });
      res.end('ok');
    },
  };
  const handler = deviating((req, res) => styles[String(req.headers['x-style'])](res as http.ServerResponse), deviations);
  let h1: http.Server;
  let h2: http2.Http2Server;
  beforeAll(async () => {
    h1 = http.createServer(handler);
    h2 = http2.createServer(handler);
    await Promise.all([h1, h2].map((s) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))));
  });
  afterAll(async () => {
    await Promise.all([closeServer(h1), closeServer(h2)]);
  });

  async function askH1(style: string): Promise<http.IncomingHttpHeaders> {
    const { port } = h1.address() as net.AddressInfo;
    return new Promise((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, headers: { 'x-style': style }, agent: false }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.headers));
        })
        .on('error', reject);
    });
  }

  async function askH2(style: string): Promise<http2.IncomingHttpHeaders> {
    const { port } = h2.address() as net.AddressInfo;
    const session = http2.connect(`http://127.0.0.1:${port}`);
    try {
      return await new Promise((resolve, reject) => {
        const stream = session.request({ ':path': '/', 'x-style': style });
        stream.on('response', resolve);
        stream.on('error', reject);
        stream.resume();
      });
    } finally {
      session.close();
    }
  }

  test.each(Object.keys(styles))('%s: the dropped fields are absent, the replaced one carries the node value (h1 and h2)', async (style) => {
    for (const headers of [await askH1(style), await askH2(style)]) {
      expect(headers['x-dropped']).toBeUndefined();
      expect(headers.date).toBeUndefined();
      expect(headers['x-kept']).toBe('yes');
      // Absent from the app's answer, it is added: "in place of, or in addition to".
      expect(headers['x-replaced']).toBe('node 2');
    }
  });

  test('a handler with no header deviation is the handler itself', () => {
    const plain = () => undefined;
    expect(deviating(plain, [{ node: 2, kind: 'no-intermediate' }])).toBe(plain);
  });
});

describe('a reference of several nodes', () => {
  let ref: RunningReference;
  beforeAll(async () => {
    ref = await startNodesReference(4, [
      { node: 2, kind: 'drop-header', name: 'x-frame-options' },
      { node: 3, kind: 'header', name: 'X-Frame-Options', value: 'DENY' },
      { node: 3, kind: 'header', name: 'X-Node', value: '3' },
      { node: 4, kind: 'no-intermediate' },
    ]);
  });
  afterAll(async () => {
    // Its OCSP responses are signed in the background from the start: let that end before Jest does.
    if (ref) await ocspStoreFor(ref.context).refresh();
    await ref?.stop();
  });

  const ask = (address: string, req: TestRequest) => send({ port: ref.tlsPort, ca: ref.rootPem, address }, req);

  test('its nodes are the consecutive loopback addresses, node 1 first', () => {
    expect(ref.nodes).toEqual(['127.0.0.1', '127.0.0.2', '127.0.0.3', '127.0.0.4']);
  });

  test.each(['h1', 'h2'] as const)('over %s node 2 drops X-Frame-Options, every other header field the same as node 1', async (protocol) => {
    const one = await ask('127.0.0.1', { host: SITE, path: '/', protocol });
    const two = await ask('127.0.0.2', { host: SITE, path: '/', protocol });
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.lines.filter(([n]) => n === 'x-frame-options')).toHaveLength(2);
    expect(two.headers['x-frame-options']).toBeUndefined();
    expect(names(two)).toEqual(names(one).filter((n) => n !== 'x-frame-options'));
  });

  test.each(['h1', 'h2'] as const)('over %s node 3 sends its own X-Frame-Options in place of the app one, and a field the app never sets', async (protocol) => {
    const one = await ask('127.0.0.1', { host: SITE, path: '/', protocol });
    const three = await ask('127.0.0.3', { host: SITE, path: '/', protocol });
    expect(three.lines.filter(([n]) => n === 'x-frame-options')).toEqual([['x-frame-options', 'DENY']]);
    expect(three.headers['x-node']).toBe('3');
    expect(one.headers['x-node']).toBeUndefined();
    expect(names(three)).toEqual([...names(one), 'x-node'].sort());
  });

  test('every role and both ports: a 421 and the plain-HTTP port deviate too', async () => {
    const misdirected = await ask('127.0.0.3', { host: SITE, path: '/', headers: { host: 'unknown.test' } });
    expect(misdirected.status).toBe(421);
    expect(misdirected.headers['x-node']).toBe('3');
    const plain = (address: string) =>
      new Promise<http.IncomingMessage>((resolve, reject) => {
        http.get({ host: address, port: ref.httpPort, path: '/', headers: { host: 'unknown.test' }, agent: false }, resolve).on('error', reject);
      });
    const [one, three] = await Promise.all([plain('127.0.0.1'), plain('127.0.0.3')]);
    one.resume();
    three.resume();
    expect([one.statusCode, three.statusCode]).toEqual([421, 421]);
    expect(one.headers['x-node']).toBeUndefined();
    expect(three.headers['x-node']).toBe('3');
  });

  test('node 4 serves each leaf without its intermediate; node 1 sends the intermediate', async () => {
    const one = await servedChain('127.0.0.1', ref.tlsPort, SITE, ref.rootPem);
    const four = await servedChain('127.0.0.4', ref.tlsPort, SITE, ref.rootPem);
    // Node 1: leaf, intermediate, root (the root completed from the trust store).
    expect(one).toEqual({ subjects: [expect.any(String), expect.any(String), expect.any(String)] });
    // Node 4: the leaf alone, and a client that holds only the root cannot verify it.
    expect(four).toEqual({ subjects: [one.subjects[0]], authorizationError: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' });
    const shop = await servedChain('127.0.0.4', ref.tlsPort, 'shop.store.test', ref.rootPem);
    expect(shop.subjects).toHaveLength(1);
  });
});

describe('nodes and ports', () => {
  test('a port taken at a later node is refused naming its address and port; nothing is left listening', async () => {
    const port = await freePort();
    const blocker = await listenOn('127.0.0.2', port);
    try {
      const started = startReference({ port, httpPort: 0, drainMs: 0, http3: false, pkiDir: DEFAULT_PKI_DIR, nodes: 2 });
      await expect(started).rejects.toThrow(ReferenceOptionsError);
      await expect(started).rejects.toThrow(
        `node 2 cannot listen on 127.0.0.2:${port} (EADDRINUSE): every node listens on the port number node 1 has at 127.0.0.1; choose another port`,
      );
      await closeServer(await listenOn('127.0.0.1', port));
    } finally {
      await closeServer(blocker);
    }
  });

  test('stop closes every node', async () => {
    const ref = await startReference({ port: 0, httpPort: 0, drainMs: 0, http3: false, pkiDir: DEFAULT_PKI_DIR, nodes: 2 });
    expect(ref.nodes).toEqual(['127.0.0.1', '127.0.0.2']);
    await ocspStoreFor(ref.context).refresh();
    await ref.stop();
    for (const address of ref.nodes) for (const port of [ref.tlsPort, ref.httpPort]) await closeServer(await listenOn(address, port));
  });

  test.each([
    [{ nodes: 2, bind: '0.0.0.0' }, /nodes 2 need an IPv4 loopback bind address/],
    [{ nodes: 9 }, /nodes 9 is not an integer from 1 to 8/],
    [{ nodes: 2, nodeDeviations: [{ node: 1, kind: 'no-intermediate' as const }] }, /node 1 is the reference itself/],
  ])('%j is refused before anything listens', async (options, message) => {
    const started = startReference({ port: 0, httpPort: 0, drainMs: 0, http3: false, pkiDir: DEFAULT_PKI_DIR, ...options });
    await expect(started).rejects.toThrow(ReferenceOptionsError);
    await expect(started).rejects.toThrow(message);
    await expect(started).rejects.toMatchObject({ code: 'REFERENCE_ERR_OPTIONS' });
  });
});
