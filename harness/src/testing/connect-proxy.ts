/**
 * A tiny HTTP CONNECT proxy for the tests of the proxy support: it resolves requested names through
 * its own table (so only it can reach them), pipes the tunnel, and records each CONNECT's target and
 * Proxy-Authorization. It can demand credentials (407), refuse every tunnel with a status, or stay
 * silent, which is what the error paths need. Requests in absolute form are refused and counted.
 */
import { once } from 'node:events';
import * as http from 'node:http';
import * as net from 'node:net';

export interface ConnectProxy {
  port: number;
  url: string;
  /** Every CONNECT, in order: the request target and the Proxy-Authorization header as sent. */
  connects: Array<{ target: string; authorization?: string }>;
  /** Requests that were not CONNECT (absolute form). */
  forwarded: string[];
  /** `undefined`: tunnel; a number: answer every CONNECT with it; `'silent'`: never answer. */
  refuse: number | 'silent' | undefined;
  /** When set, a CONNECT without exactly this Proxy-Authorization gets 407. */
  requireAuthorization: string | undefined;
  close(): Promise<void>;
}

/** `names`: host name -> address the proxy connects to (IP literals are connected as they are). */
export async function startConnectProxy(names: Record<string, string> = {}): Promise<ConnectProxy> {
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    proxy.forwarded.push(`${req.method} ${req.url}`);
    res.writeHead(400, { 'content-type': 'text/plain' }).end('this proxy only tunnels (CONNECT)\n');
  });
  const proxy: ConnectProxy = {
    port: 0,
    url: '',
    connects: [],
    forwarded: [],
    refuse: undefined,
    requireAuthorization: undefined,
    close: async () => {
      for (const s of sockets) s.destroy();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
  server.on('connection', (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    sockets.add(client);
    client.on('error', () => {});
    const authorization = req.headers['proxy-authorization'];
    proxy.connects.push({ target: req.url ?? '', ...(authorization === undefined ? {} : { authorization }) });
    if (proxy.refuse === 'silent') return;
    const answer = (status: number, extra = '') => client.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${extra}content-length: 0\r\n\r\n`);
    if (proxy.refuse !== undefined) return answer(proxy.refuse);
    if (proxy.requireAuthorization !== undefined && authorization !== proxy.requireAuthorization)
      return answer(407, 'proxy-authenticate: Basic realm="test proxy"\r\n');
    const m = /^(?:\[([^\]]+)\]|([^:]+)):(\d+)$/.exec(req.url ?? '');
    if (!m) return answer(400);
    const name = (m[1] ?? m[2]).toLowerCase();
    const address = net.isIP(name) ? name : names[name];
    if (address === undefined) return answer(502);
    const upstream = net.connect(Number(m[3]), address);
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
    upstream.once('connect', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  proxy.port = (server.address() as net.AddressInfo).port;
  proxy.url = `http://127.0.0.1:${proxy.port}`;
  return proxy;
}
