import * as tls from 'node:tls';
import type { AddressInfo, Socket } from 'node:net';
import { loadTargetMap } from '../target-map';
import { createDispatcher } from '../target-map/dispatcher';
import { makeTestPki, type TestPki } from '../target-map/test-pki';
import { send } from '../transport/send';
import { withTestBudgets } from './budgets';
import { startMutatingProxy, type MutatingProxy } from './mutating-proxy';

/*
 * The proxy in front of the reference is the detection tests' plumbing: what it forwards must come
 * back as the upstream answered it, and a connection the upstream closed before answering (as a
 * loaded machine can make it) must not become a finding about the target.
 */
const NAME = 'www.proxy.test';
let pki: TestPki;
let upstream: tls.Server;
let proxy: MutatingProxy;
/** How many connections the upstream still closes, unanswered, once it has read a request on them. */
let dropping = 0;
const seen: string[] = [];

beforeAll(async () => {
  pki = makeTestPki([NAME], 'Mutating Proxy Test Root');
  upstream = tls.createServer({ key: pki.keyPem, cert: pki.certPem, ALPNProtocols: ['http/1.1'] }, (socket: Socket) => {
    let head = '';
    socket.on('data', (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      seen.push(head.split('\r\n')[0]);
      if (dropping > 0) {
        dropping--;
        socket.destroy();
        return;
      }
      socket.end('HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok');
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  proxy = await startMutatingProxy({
    names: [NAME],
    upstreamPort: (upstream.address() as AddressInfo).port,
    upstreamCaFile: pki.caFile,
    keyPem: pki.keyPem,
    certPem: pki.certPem,
  });
});

afterAll(async () => {
  await proxy?.close();
  await new Promise((resolve) => upstream?.close(resolve));
  pki?.cleanup();
});

async function post(): Promise<{ status: number; body: string }> {
  const env = proxy.targetEnv({ TARGET_URL: NAME }, pki.caFile);
  const map = loadTargetMap(withTestBudgets(env));
  const dispatcher = createDispatcher(map);
  try {
    const r = await send(dispatcher, { url: `https://${NAME}:${proxy.port}/collect`, method: 'POST', headers: { 'content-length': '0' } }, map.limits);
    return { status: r.status, body: r.body.toString() };
  } finally {
    await dispatcher.close();
  }
}

beforeEach(() => {
  seen.length = 0;
});

test('a POST whose upstream connection closed before an answer is sent upstream once more, and its answer comes back', async () => {
  dropping = 1;
  expect(await post()).toEqual({ status: 200, body: 'ok' });
  expect(seen).toEqual(['POST /collect HTTP/1.1', 'POST /collect HTTP/1.1']);
});

test('an upstream that closes again is the proxy error it was, not a loop', async () => {
  dropping = 2;
  const r = await post();
  expect(r.status).toBe(502);
  expect(r.body).toMatch(/^proxy: .*other side closed/);
  expect(seen).toHaveLength(2);
});

test('what the upstream answered, and the mutation the test set, reach the client; the answer is recorded as the upstream gave it', async () => {
  dropping = 0;
  proxy.attributeTo('one');
  proxy.setMutation((e) => (e.status = 418));
  try {
    expect((await post()).status).toBe(418);
  } finally {
    proxy.setMutation(undefined);
    proxy.attributeTo(undefined);
  }
  expect(
    proxy
      .traffic()
      .get('one')
      ?.map((e) => [e.method, e.path, e.status, e.body.toString()]),
  ).toEqual([['POST', '/collect', 200, 'ok']]);
});
