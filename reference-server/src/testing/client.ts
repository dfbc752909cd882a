import * as http2 from 'node:http2';
import * as https from 'node:https';

export interface RawResponse {
  status: number;
  protocol: 'h1' | 'h2';
  /** Lowercase name -> value; repeated lines stay separate in `lines`. */
  headers: Record<string, string | string[]>;
  /** Header lines as sent, repeats kept, names lowercased. */
  lines: Array<[string, string]>;
  /** Body as received (still content-encoded). */
  body: Buffer;
}

export interface TestRequest {
  host: string;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  protocol?: 'h1' | 'h2';
  body?: Buffer | string;
}

export interface Endpoint {
  port: number;
  ca: string;
  /** The address to connect to: one node of several. Default 127.0.0.1. */
  address?: string;
}

/** All values of one header, in order. */
export function headerValues(res: RawResponse, name: string): string[] {
  return res.lines.filter(([n]) => n === name.toLowerCase()).map(([, v]) => v);
}

/** `host` may carry a port (as a Host header would); SNI takes the name alone. */
function serverName(host: string): string {
  return host.replace(/:\d+$/, '');
}

function h1(endpoint: Endpoint, req: TestRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const r = https.request(
      {
        host: endpoint.address ?? '127.0.0.1',
        port: endpoint.port,
        servername: serverName(req.host),
        ca: endpoint.ca,
        method: req.method ?? 'GET',
        path: req.path,
        headers: { host: `${req.host}:${endpoint.port}`, ...req.headers },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const lines: Array<[string, string]> = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) lines.push([res.rawHeaders[i].toLowerCase(), res.rawHeaders[i + 1]]);
          resolve({ status: res.statusCode ?? 0, protocol: 'h1', headers: res.headers as RawResponse['headers'], lines, body: Buffer.concat(chunks) });
        });
        res.on('error', reject);
      },
    );
    r.on('error', reject);
    r.end(req.body);
  });
}

function h2(endpoint: Endpoint, req: TestRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(`https://${serverName(req.host)}:${endpoint.port}`, {
      host: endpoint.address ?? '127.0.0.1',
      servername: serverName(req.host),
      ca: endpoint.ca,
    });
    session.on('error', reject);
    const stream = session.request({ ':method': req.method ?? 'GET', ':path': req.path, ...req.headers });
    const chunks: Buffer[] = [];
    let status = 0;
    const lines: Array<[string, string]> = [];
    const headers: RawResponse['headers'] = {};
    stream.on('response', (h, _flags, rawHeaders?: string[]) => {
      status = Number(h[':status']);
      const raw = rawHeaders ?? Object.entries(h).flatMap(([k, v]) => (Array.isArray(v) ? v.flatMap((x) => [k, x]) : [k, String(v)]));
      for (let i = 0; i < raw.length; i += 2) {
        const name = raw[i].toLowerCase();
        if (name.startsWith(':')) continue;
        lines.push([name, raw[i + 1]]);
        const prev = headers[name];
        headers[name] = prev === undefined ? raw[i + 1] : ([] as string[]).concat(prev, raw[i + 1]);
      }
    });
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      session.close();
      resolve({ status, protocol: 'h2', headers, lines, body: Buffer.concat(chunks) });
    });
    stream.on('error', reject);
    stream.end(req.body);
  });
}

/** Sends one request to the reference over the chosen protocol, trusting only its root. */
export function send(endpoint: Endpoint, req: TestRequest): Promise<RawResponse> {
  return req.protocol === 'h2' ? h2(endpoint, req) : h1(endpoint, req);
}
