/*
 * Test support: runs one host app over TLS with HTTP/1.1 and HTTP/2 on a loopback port, and
 * makes requests with an explicit Host / :authority. Route tests use only this module, so it can
 * later be swapped for the composed reference server.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http2 from 'node:http2';
import type { AddressInfo, Socket } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { send, type RawResponse } from '../testing/client';

export interface TestServer {
  readonly port: number;
  close(): Promise<void>;
}

export interface TestRequest {
  host: string;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

export interface TestResponse {
  protocol: 'h1' | 'h2';
  status: number;
  /** Lowercased names; repeated fields as the client library joins them. */
  headers: Record<string, string | string[] | undefined>;
  /** Header lines exactly as received, names lowercased. */
  rawHeaders: Array<[string, string]>;
  /** Body bytes as sent (still content-coded). */
  body: Buffer;
}

let credentials: { key: Buffer; cert: Buffer } | undefined;

/** A throwaway self-signed certificate, made once per test process. */
function throwawayCredentials(): { key: Buffer; cert: Buffer } {
  if (credentials) return credentials;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-cert-'));
  try {
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        keyFile,
        '-out',
        certFile,
        '-days',
        '2',
        '-subj',
        '/CN=lessons.test',
        '-addext',
        'subjectAltName=DNS:*.lessons.test,DNS:lessons.test,DNS:x.test,DNS:*.store.test,DNS:*.redirect.test,DNS:*.beacon.test',
      ],
      { stdio: 'ignore' },
    );
    credentials = { key: fs.readFileSync(keyFile), cert: fs.readFileSync(certFile) };
    return credentials;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

type Listener = (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => void;

export async function startTestServer(app: unknown): Promise<TestServer> {
  const server = http2.createSecureServer({ allowHTTP1: true, ...throwawayCredentials() }, app as Listener);
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    socket.setNoDelay(true);
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

function adapt(res: RawResponse): TestResponse {
  return { protocol: res.protocol, status: res.status, headers: res.headers, rawHeaders: res.lines, body: res.body };
}

/** Host given without a port, as a client behind a port-mapping resolver sends it. */
export async function requestH1(server: TestServer, r: TestRequest): Promise<TestResponse> {
  const endpoint = { port: server.port, ca: throwawayCredentials().cert.toString() };
  return adapt(await send(endpoint, { ...r, protocol: 'h1', headers: { host: r.host, ...r.headers } }));
}

export async function requestH2(server: TestServer, r: TestRequest): Promise<TestResponse> {
  const endpoint = { port: server.port, ca: throwawayCredentials().cert.toString() };
  return adapt(await send(endpoint, { ...r, protocol: 'h2', headers: { ':authority': r.host, ...r.headers } }));
}

export const PROTOCOLS = [
  ['HTTP/1.1', requestH1],
  ['HTTP/2', requestH2],
] as const;

/** The body with its content coding removed. */
export function decodedBody(res: TestResponse): Buffer {
  const coding = res.headers['content-encoding'];
  if (coding === 'gzip') return zlib.gunzipSync(res.body);
  if (coding === 'br') return zlib.brotliDecompressSync(res.body);
  return res.body;
}

/** Values of every line of one header, as sent. */
export function headerLines(res: TestResponse, name: string): string[] {
  return res.rawHeaders.filter(([k]) => k === name.toLowerCase()).map(([, v]) => v);
}
