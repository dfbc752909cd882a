/*
 * A peer server of bench/static.ts, in its own process (so that it has a core's worth of event
 * loop, as the reference does). Both serve HTTPS/1.1 with the reference's own certificates (SNI
 * picks the site's or the media host's, as on the reference), Nagle off.
 *   express  <config.json>: express.static on the same content folders + the compression
 *            middleware (br when offered, its defaults: br quality 4, gzip level 6), threshold 0
 *            so that the sub-1 KB SVG is compressed too (the default 1 KB would send it as is).
 *   ceiling  <config.json>: node:https answering each (path, accept-encoding) with a buffer
 *            prepared before listening: the reference's own bytes and headers (the ceiling).
 * Prints `ready <port>` when listening.
 */
import compression from 'compression';
import express from 'express';
import { readFileSync } from 'node:fs';
import * as https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import * as tls from 'node:tls';

export interface PeerConfig {
  /** name -> key and certificate chain (PEM). */
  certificates: Record<string, { keyPem: string; chainPem: string }>;
  defaultName: string;
  /** express: URL prefix -> folder. */
  mounts: Array<{ prefix: string; dir: string }>;
  /** ceiling: `${path}|${accept-encoding}` -> status, headers and the body's file. */
  answers: Record<string, { headers: Record<string, string>; bodyFile: string }>;
}

function serverOptions(config: PeerConfig): https.ServerOptions {
  const contexts = new Map(Object.entries(config.certificates).map(([name, c]) => [name, tls.createSecureContext({ key: c.keyPem, cert: c.chainPem })]));
  const fallback = config.certificates[config.defaultName];
  return {
    key: fallback.keyPem,
    cert: fallback.chainPem,
    SNICallback: (servername, cb) => cb(null, contexts.get(servername.toLowerCase())),
  };
}

function expressApp(config: PeerConfig): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(compression({ threshold: 0 }));
  for (const m of config.mounts) app.use(m.prefix, express.static(m.dir));
  return app;
}

function ceilingHandler(config: PeerConfig): (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void {
  const answers = new Map(
    Object.entries(config.answers).map(([key, a]) => {
      const body = readFileSync(a.bodyFile);
      return [key, { headers: { ...a.headers, 'content-length': String(body.length) }, body }];
    }),
  );
  return (req, res) => {
    const answer = answers.get(`${req.url}|${req.headers['accept-encoding'] ?? ''}`);
    if (!answer) {
      res.writeHead(404, { 'content-length': '0' });
      res.end();
      return;
    }
    res.writeHead(200, answer.headers);
    res.end(answer.body);
  };
}

function main(): void {
  const [mode, configFile] = process.argv.slice(2);
  const config = JSON.parse(readFileSync(configFile, 'utf8')) as PeerConfig;
  const handler = mode === 'express' ? expressApp(config) : mode === 'ceiling' ? ceilingHandler(config) : undefined;
  if (!handler) throw new Error(`mode ${mode} is not express or ceiling`);
  const server = https.createServer(serverOptions(config), handler);
  server.on('connection', (socket: Socket) => socket.setNoDelay(true));
  server.listen(0, '127.0.0.1', () => console.log(`ready ${(server.address() as AddressInfo).port}`));
  process.on('SIGTERM', () => process.exit(0));
}

main();
