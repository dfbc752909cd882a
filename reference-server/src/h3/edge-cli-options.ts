/**
 * The command line of the standalone HTTP/3 edge (`edge-main.ts`): an edge in front of any TLS
 * server, for tests that need HTTP/3 in front of something other than the reference.
 */
import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import * as fs from 'node:fs';
import * as net from 'node:net';
import { parseArgs } from 'node:util';
import { CliError } from '../cli-options';
import type { EdgeSite, EdgeUpstream } from './edge';

export const EDGE_USAGE = `Usage: node --import tsx reference-server/src/h3/edge-main.ts [options]
An HTTP/3 edge (Caddy, on its own TCP and UDP port) in front of a TLS server (h2 or http/1.1).
  --upstream-port N    the upstream's TLS port (required)
  --upstream-host H    the upstream's address. Default 127.0.0.1
  --upstream-ca FILE   PEM of the root that signed the upstream's certificate (required)
  --cert FILE          PEM certificate the edge serves: the leaf, then its intermediates (required)
  --key FILE           its private key, PEM (required)
  --names a,b,c        the host names the edge serves, comma-separated, no wildcard (required);
                       each is proxied with that name as SNI and its Host unchanged
  --port N             the edge's port, TCP and UDP. Default 0: any port free for both
  --bind ADDR          the IP address to listen on. Default 127.0.0.1
  --help               this text
When listening it prints one JSON line: {"event":"ready","port":N}. SIGTERM or SIGINT stops it
(exit 0). Caddy's own Server field is removed, the upstream's kept; the edge's answers carry no
Alt-Svc (Caddy does not pass the upstream's on). Exit status 2: a bad argument; 3: Caddy is not
installed (REFERENCE_CADDY names it); 1: the edge failed or Caddy died.`;

export interface EdgeCliOptions {
  help: boolean;
  site: EdgeSite;
  upstream: EdgeUpstream;
  port: number;
  bind: string;
}

const HOST_NAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;

function portOf(name: string, value: string, min: number): number {
  if (!/^\d{1,5}$/.test(value) || Number(value) < min || Number(value) > 65535) throw new CliError(`--${name}: "${value}" is not a port (${min}-65535)`);
  return Number(value);
}

function read(name: string, file: string, readFile: (file: string) => string): string {
  try {
    return readFile(file);
  } catch (err) {
    throw new CliError(`--${name}: cannot read "${file}": ${(err as Error).message}`);
  }
}

function certificatePem(name: string, file: string, readFile: (file: string) => string): string {
  const pem = read(name, file, readFile);
  try {
    new X509Certificate(pem);
  } catch {
    throw new CliError(`--${name}: "${file}" holds no PEM certificate`);
  }
  return pem;
}

function required(parsed: Record<string, string | boolean | undefined>, name: string): string {
  const value = parsed[name];
  if (typeof value !== 'string' || value === '') throw new CliError(`--${name} is required`);
  return value;
}

/** Parses and checks the command line; the files are read here (a bad one is a CliError naming it). */
export function parseEdgeCli(argv: string[], readFile: (file: string) => string = (f) => fs.readFileSync(f, 'utf8')): EdgeCliOptions | { help: true } {
  let parsed: Record<string, string | boolean | undefined>;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      options: {
        'upstream-port': { type: 'string' },
        'upstream-host': { type: 'string' },
        'upstream-ca': { type: 'string' },
        cert: { type: 'string' },
        key: { type: 'string' },
        names: { type: 'string' },
        port: { type: 'string' },
        bind: { type: 'string' },
        help: { type: 'boolean' },
      },
    }).values;
  } catch (err) {
    throw new CliError((err as Error).message);
  }
  if (parsed.help) return { help: true };

  const upstreamPort = portOf('upstream-port', required(parsed, 'upstream-port'), 1);
  const upstreamHost = typeof parsed['upstream-host'] === 'string' ? parsed['upstream-host'] : '127.0.0.1';
  if (!net.isIP(upstreamHost) && !HOST_NAME.test(upstreamHost)) throw new CliError(`--upstream-host: "${upstreamHost}" is not an IP address or a host name`);
  const bind = typeof parsed.bind === 'string' ? parsed.bind : '127.0.0.1';
  if (!net.isIP(bind)) throw new CliError(`--bind: "${bind}" is not an IP address`);
  const port = typeof parsed.port === 'string' ? portOf('port', parsed.port, 0) : 0;

  const names = required(parsed, 'names')
    .split(',')
    .map((n) => n.trim());
  for (const name of names) {
    if (!HOST_NAME.test(name)) throw new CliError(`--names: "${name}" is not a host name (letters, digits, - and ., no wildcard)`);
  }
  const duplicate = names.find((n, i) => names.findIndex((m) => m.toLowerCase() === n.toLowerCase()) !== i);
  if (duplicate) throw new CliError(`--names: "${duplicate}" is given twice`);

  const caPem = certificatePem('upstream-ca', required(parsed, 'upstream-ca'), readFile);
  const certPem = certificatePem('cert', required(parsed, 'cert'), readFile);
  const keyFile = required(parsed, 'key');
  const keyPem = read('key', keyFile, readFile);
  let key: KeyObject;
  try {
    key = createPrivateKey(keyPem);
  } catch {
    throw new CliError(`--key: "${keyFile}" holds no PEM private key`);
  }
  if (!new X509Certificate(certPem).checkPrivateKey(key)) throw new CliError(`--key: "${keyFile}" is not the key of the certificate in --cert`);
  return { help: false, site: { names, certPem, keyPem }, upstream: { host: upstreamHost, port: upstreamPort, caPem }, port, bind };
}
