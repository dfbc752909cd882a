import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConnectionTracker } from './connection-tracker';

function get(port: number, agent: http.Agent): Promise<{ status: number; body: string; connection?: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
      })
      .on('error', reject);
  });
}

describe('ConnectionTracker', () => {
  test('stop lets an in-flight request finish, closes idle keep-alive sockets and releases the port', async () => {
    const tracker = new ConnectionTracker();
    const server = http.createServer(
      tracker.wrap((_req, res) => {
        setTimeout(() => res.end('done'), 300);
      }),
    );
    tracker.track(server, false);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const agent = new http.Agent({ keepAlive: true });
    const idle = new http.Agent({ keepAlive: true });
    await get(port, idle); // leaves an idle keep-alive socket behind

    const inFlight = get(port, agent);
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    await tracker.shutdown([server], 5000);
    const res = await inFlight;
    expect(res).toEqual({ status: 200, body: 'done', connection: 'close' });
    expect(Date.now() - started).toBeLessThan(2000);

    const again = http.createServer();
    await new Promise<void>((resolve, reject) => again.once('error', reject).listen(port, '127.0.0.1', resolve));
    await new Promise((r) => again.close(r));
    agent.destroy();
    idle.destroy();
  });

  test('requests still running after the drain time are cut off', async () => {
    const tracker = new ConnectionTracker();
    const server = http.createServer(tracker.wrap(() => undefined));
    tracker.track(server, false);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const pending = get(port, new http.Agent());
    pending.catch(() => undefined);
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    await tracker.shutdown([server], 200);
    expect(Date.now() - started).toBeLessThan(1500);
    await expect(pending).rejects.toThrow(/socket hang up|ECONNRESET/);
  });
});
