import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ConnectionTracker } from './connection-tracker';

function get(
  port: number,
  agent: http.Agent,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; connection?: string; socket: Socket }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/', agent, headers }, (res) => {
        const socket = res.socket;
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection, socket }));
      })
      .on('error', reject);
  });
}

/** A flag that turns true once `ms` have passed: started before a call given the same `ms`, it tells whether that call waited them out. */
function deadline(ms: number): { passed: () => boolean; clear: () => void } {
  let passed = false;
  const timer = setTimeout(() => (passed = true), ms);
  return { passed: () => passed, clear: () => clearTimeout(timer) };
}

describe('ConnectionTracker', () => {
  test('stop lets an in-flight request finish, closes idle keep-alive sockets and releases the port', async () => {
    const tracker = new ConnectionTracker();
    const events: string[] = [];
    let entered: () => void = () => undefined;
    const inHandler = new Promise<void>((r) => (entered = r));
    let finish: () => void = () => undefined;
    const server = http.createServer(
      tracker.wrap((req, res) => {
        if (req.headers['x-quick'] !== undefined) return void res.end('quick');
        // The in-flight request ends when the test says so.
        finish = () => {
          events.push('in-flight response ended');
          res.end('done');
        };
        entered();
      }),
    );
    tracker.track(server, false);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const agent = new http.Agent({ keepAlive: true });
    const idle = new http.Agent({ keepAlive: true });
    // A first request leaves an idle keep-alive socket behind.
    const { socket: idleSocket } = await get(port, idle, { 'x-quick': '1' });
    const idleClosed = new Promise<void>((r) => idleSocket.once('close', () => r()));
    idleSocket.once('close', () => events.push('idle socket closed'));

    const inFlight = get(port, agent);
    await inHandler;
    const drainMs = 5000;
    const drain = deadline(drainMs);
    const stopping = tracker.shutdown([server], drainMs).then(() => events.push('stopped'));
    // The idle socket is closed at once, while the in-flight request still runs ...
    await idleClosed;
    finish();
    await stopping;
    const res = await inFlight;
    // ... which then finishes (told the connection closes), and the stop ends with it, before the drain time.
    expect([res.status, res.body, res.connection]).toEqual([200, 'done', 'close']);
    expect(events).toEqual(['idle socket closed', 'in-flight response ended', 'stopped']);
    expect(drain.passed()).toBe(false);
    drain.clear();

    const again = http.createServer();
    await new Promise<void>((resolve, reject) => again.once('error', reject).listen(port, '127.0.0.1', resolve));
    await new Promise((r) => again.close(r));
    agent.destroy();
    idle.destroy();
  });

  test('requests still running after the drain time are cut off', async () => {
    const tracker = new ConnectionTracker();
    let entered: () => void = () => undefined;
    const inHandler = new Promise<void>((r) => (entered = r));
    const server = http.createServer(tracker.wrap(() => entered()));
    tracker.track(server, false);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const pending = get(port, new http.Agent());
    await inHandler;
    const drainMs = 200;
    const drain = deadline(drainMs);
    const cut = pending.then(
      () => ({ error: undefined, afterDrain: drain.passed() }),
      (error: Error) => ({ error: error.message, afterDrain: drain.passed() }),
    );
    // The request never ends by itself: the stop waits out the drain time, then cuts it off.
    await tracker.shutdown([server], drainMs);
    expect(drain.passed()).toBe(true);
    expect(await cut).toEqual({ error: expect.stringMatching(/socket hang up|ECONNRESET/), afterDrain: true });
  });
});
