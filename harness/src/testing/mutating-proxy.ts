import * as http2 from 'node:http2';
import * as zlib from 'node:zlib';
import type { AddressInfo, Socket } from 'node:net';
import { fieldLines } from '../core';
import { valueVariables } from '../embedded/start-reference';
import { loadTargetMap } from '../target-map';
import { createDispatcher } from '../target-map/dispatcher';
import { send, TransportError } from '../transport/send';
import { withTestBudgets } from './budgets';

/** One exchange as the proxy is about to return it; a mutation edits it in place. */
export interface ProxiedExchange {
  host: string;
  method: string;
  path: string;
  /** The protocol the client used to reach the proxy: '1.1' or '2.0'. */
  httpVersion: string;
  /** The request's header fields as the client sent them (lowercase names, lines joined). */
  requestHeaders: Record<string, string>;
  /** The request came through an HTTP/3 edge in front of the proxy (Caddy writes X-Forwarded-For). */
  viaEdge: boolean;
  status: number;
  lines: Array<[string, string]>;
  body: Buffer;
  /** Robustness tests: send the status, the headers and half of the body, then never finish. */
  stall?: boolean;
}

export type Mutation = (exchange: ProxiedExchange) => void;

export interface MutatingProxy {
  port: number;
  /** Target variables that point the harness at the proxy for the given names. */
  targetEnv(roles: Record<string, string>, caFile: string): Record<string, string>;
  setMutation(mutation: Mutation | undefined): void;
  /**
   * From now on, each answer (as the upstream gave it, before any mutation) is kept under this
   * name, until the next call; undefined: none is kept. What was kept is `traffic()`'s.
   */
  attributeTo(name: string | undefined): void;
  /** The answers kept, by the name they were recorded under, in arrival order. */
  traffic(): ReadonlyMap<string, readonly ProxiedExchange[]>;
  /** The Alt-Svc of every answer (undefined: none; the upstream's own names the upstream's edge, never this proxy's). */
  setAltSvc(value: string | undefined): void;
  close(): Promise<void>;
}

export interface ProxyOptions {
  names: readonly string[];
  upstreamPort: number;
  upstreamCaFile: string;
  keyPem: string;
  certPem: string;
  /** The upstream's target values, passed on by `targetEnv` as TARGET_VALUE_<NAME>. */
  values?: Record<string, string>;
  /** Alt-Svc to add to every answer (an HTTP/3 edge in front of this proxy). */
  altSvc?: string;
}

/** A copy a mutation can edit without touching the original. */
export function copyExchange(e: ProxiedExchange): ProxiedExchange {
  return { ...e, requestHeaders: { ...e.requestHeaders }, lines: e.lines.map(([n, v]) => [n, v]), body: Buffer.from(e.body) };
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'host']);

/**
 * A target that is the reference with one deliberate deviation: it forwards every request to the
 * reference (keeping the name and port the client used, so absolute URLs stay right) and lets a
 * mutation change the answer. Tests use it to prove that a check catches what it claims to.
 */
export async function startMutatingProxy(options: ProxyOptions): Promise<MutatingProxy> {
  let mutation: Mutation | undefined;
  let altSvc = options.altSvc;
  let recording: string | undefined;
  const traffic = new Map<string, ProxiedExchange[]>();
  const server = http2.createSecureServer({ allowHTTP1: true, key: options.keyPem, cert: options.certPem });
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const upstreamMap = loadTargetMap(
    withTestBudgets({
      TARGET_URL: `https://${options.names[0]}:${port}`,
      TARGET_RESOLVE: options.names.map((n) => `${n}:${port}:127.0.0.1:${options.upstreamPort}`).join(','),
      TARGET_CA: options.upstreamCaFile,
    }),
  );
  const upstream = createDispatcher(upstreamMap, { allowH2: false });

  server.on('request', (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => {
    const host = String(req.headers[':authority'] ?? req.headers.host ?? '').split(':')[0];
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (name.startsWith(':') || HOP_BY_HOP.has(name) || value === undefined) continue;
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const forward = () =>
        send(
          upstream,
          { url: `https://${host}:${port}${req.url}`, method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined },
          upstreamMap.limits,
        );
      // The hop to the reference is the test's plumbing, not the target under test: a connection
      // it closed before answering (a loaded machine) is tried once more, whatever the method.
      forward()
        .catch((err: unknown) => (err instanceof TransportError && err.closedBeforeResponse ? forward() : Promise.reject(err)))
        .then((answer) => {
          const exchange: ProxiedExchange = {
            host,
            method: req.method,
            path: req.url,
            httpVersion: req.httpVersion,
            requestHeaders: { ...headers },
            viaEdge: headers['x-forwarded-for'] !== undefined,
            ...answer,
            lines: [...answer.lines.filter(([n]) => n.toLowerCase() !== 'alt-svc'), ...(altSvc ? [['alt-svc', altSvc] as [string, string]] : [])],
          };
          if (recording !== undefined) traffic.set(recording, [...(traffic.get(recording) ?? []), copyExchange(exchange)]);
          mutation?.(exchange);
          res.statusCode = exchange.status;
          const grouped = new Map<string, string[]>();
          for (const [name, value] of exchange.lines) {
            if (HOP_BY_HOP.has(name)) continue;
            grouped.set(name, [...(grouped.get(name) ?? []), value]);
          }
          if (grouped.has('content-length') && req.method !== 'HEAD') grouped.set('content-length', [String(exchange.body.length)]);
          for (const [name, values] of grouped) res.setHeader(name, values.length === 1 ? values[0] : values);
          if (exchange.stall) res.write(exchange.body.subarray(0, Math.floor(exchange.body.length / 2)));
          else if (req.method === 'HEAD') res.end();
          else endInChunks(res, exchange.body);
        })
        .catch((err: Error) => {
          res.statusCode = 502;
          res.end(`proxy: ${err.message}`);
        });
    });
  });

  return {
    port,
    setMutation: (m) => (mutation = m),
    attributeTo: (name) => (recording = name),
    traffic: () => traffic,
    setAltSvc: (v) => (altSvc = v),
    targetEnv(roles, caFile) {
      const env: Record<string, string> = {};
      for (const [variable, name] of Object.entries(roles)) env[variable] = `https://${name}:${port}`;
      env.TARGET_RESOLVE = options.names.map((n) => `${n}:${port}:127.0.0.1`).join(',');
      env.TARGET_CA = caFile;
      Object.assign(env, valueVariables(options.values));
      return env;
    },
    async close() {
      await upstream.close();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Below Node's default `maxSessionMemory` (10 MB) many times over. */
const CHUNK = 64 * 1024;

/**
 * Ends `res` with `body`, a chunk at a time as the client reads it. One `end` of a big body queues
 * it all in the HTTP/2 session: past `maxSessionMemory`, Node refuses every new stream of the
 * connection with ENHANCE_YOUR_CALM, and a client that cancelled the big one (an HTTP/3 edge whose
 * own client stopped at its body cap) leaves the queue full, so the edge's pooled connection to
 * this proxy answered 502 to every later request of that host.
 */
function endInChunks(res: http2.Http2ServerResponse, body: Buffer): void {
  let at = 0;
  // Either protocol's response (an HTTP/1.1 client gets Node's http1 one) says so by 'close'.
  let closed = false;
  res.once('close', () => (closed = true));
  const more = (): void => {
    while (at < body.length) {
      if (closed) return;
      const chunk = body.subarray(at, at + CHUNK);
      at += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', more);
    }
    res.end();
  };
  more();
}

/** Changes the text of an answer's body, keeping its gzip coding when it has one. */
export function rewriteText(e: ProxiedExchange, change: (text: string) => string): void {
  const gzip = fieldLines(e.lines, 'content-encoding').includes('gzip');
  const text = change((gzip ? zlib.gunzipSync(e.body) : e.body).toString('utf8'));
  e.body = gzip ? zlib.gzipSync(text) : Buffer.from(text);
}
