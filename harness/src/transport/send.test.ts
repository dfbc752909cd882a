/**
 * send(): a connection closed under an idempotent request before any answer is asked once more, as
 * a browser does; anything else, and a second close, is a TransportError.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Agent } from 'undici';
import { loadLimits } from '../target-map/limits';
import { withTestBudgets } from '../testing/budgets';
import { send, TransportError } from './send';

const LIMITS = loadLimits(withTestBudgets({}));

/** A server that closes the first `drops` connections as soon as a request has arrived, then answers. */
async function dropping(drops: number, how: 'close' | 'after-head') {
  let connections = 0;
  let requests = 0;
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    requests++;
    const n = (req.socket as Socket & { n?: number }).n ?? 0;
    if (n <= drops) {
      if (how === 'close') req.socket.destroy();
      else {
        res.writeHead(200, { 'content-length': '10' });
        res.write('12345', () => req.socket.destroy());
      }
      return;
    }
    res.end('ok');
  });
  server.on('connection', (s: Socket & { n?: number }) => {
    s.n = ++connections;
    sockets.add(s);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/x`;
  const agent = new Agent();
  return {
    url,
    agent,
    counts: () => ({ connections, requests }),
    close: async () => {
      for (const s of sockets) s.destroy();
      await agent.close();
      await new Promise((r) => server.close(r));
    },
  };
}

test('a GET whose connection closed before any answer is sent once more and gets the answer', async () => {
  const t = await dropping(1, 'close');
  try {
    const res = await send(t.agent, { url: t.url }, LIMITS);
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('ok');
    expect(t.counts()).toEqual({ connections: 2, requests: 2 });
  } finally {
    await t.close();
  }
});

test('closed again: the second close is the error, and there is no third attempt', async () => {
  const t = await dropping(5, 'close');
  try {
    const err = await send(t.agent, { url: t.url }, LIMITS).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransportError);
    expect((err as TransportError).closedBeforeResponse).toBe(true);
    expect((err as TransportError).message).toContain(t.url);
    expect(t.counts()).toEqual({ connections: 2, requests: 2 });
  } finally {
    await t.close();
  }
});

test('a POST is not sent again: the server may have applied it (RFC 9110 §9.2.2)', async () => {
  const t = await dropping(1, 'close');
  try {
    const err = await send(t.agent, { url: t.url, method: 'POST', body: 'beacon' }, LIMITS).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransportError);
    expect(t.counts()).toEqual({ connections: 1, requests: 1 });
  } finally {
    await t.close();
  }
});

test('a connection closed after the answer began is the error: half an answer is never asked again', async () => {
  const t = await dropping(1, 'after-head');
  try {
    const err = await send(t.agent, { url: t.url }, LIMITS).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransportError);
    expect((err as TransportError).closedBeforeResponse).toBe(false);
    expect(t.counts()).toEqual({ connections: 1, requests: 1 });
  } finally {
    await t.close();
  }
});
