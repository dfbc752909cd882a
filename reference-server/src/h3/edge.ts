/**
 * Starts and stops the HTTP/3 edge (Caddy) in front of a running reference: its own port (TCP and
 * UDP), the reference's certificates written to a private folder, a JSON configuration, and a
 * process that ends with the reference. Caddy is Debian's package (`apt-get install caddy`); where
 * it is missing the reference runs without HTTP/3 and says why.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as dgram from 'node:dgram';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ReferencePki } from '../pki';
import { edgeConfig } from './edge-config';

export class EdgeError extends Error {
  readonly code = 'REFERENCE_ERR_HTTP3_EDGE';
}

export interface RunningEdge {
  port: number;
  stop(): Promise<void>;
}

/** The Caddy binary: REFERENCE_CADDY, else `caddy` on the PATH; undefined when there is none. */
export function findCaddy(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.REFERENCE_CADDY) return fs.existsSync(env.REFERENCE_CADDY) ? env.REFERENCE_CADDY : undefined;
  for (const dir of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, 'caddy');
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      /* not here */
    }
  }
  return undefined;
}

export const CADDY_MISSING = 'caddy is not installed (Debian: apt-get install -y caddy; or REFERENCE_CADDY=/path/to/caddy)';

/** A port free for TCP and UDP both (Caddy binds the two on the same number). */
async function freePort(bind: string): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const tcp = net.createServer();
    const port = await new Promise<number>((resolve, reject) => {
      tcp.once('error', reject);
      tcp.listen(0, bind, () => resolve((tcp.address() as net.AddressInfo).port));
    });
    const udp = dgram.createSocket(net.isIPv6(bind) ? 'udp6' : 'udp4');
    const udpFree = await new Promise<boolean>((resolve) => {
      udp.once('error', () => resolve(false));
      udp.bind(port, bind, () => resolve(true));
    });
    await new Promise<void>((r) => tcp.close(() => r()));
    await new Promise<void>((r) => (udpFree ? udp.close(() => r()) : r()));
    if (udpFree) return port;
  }
  throw new EdgeError('no port free for both TCP and UDP was found');
}

function waitForPort(bind: string, port: number, child: ChildProcess, stderr: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null || child.signalCode !== null)
        return reject(new EdgeError(`caddy exited (${child.signalCode ?? `code ${child.exitCode}`}) before listening: ${stderr().slice(-1500)}`));
      const socket = net.connect(port, bind);
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) return reject(new EdgeError(`caddy did not listen on ${bind}:${port} within ${timeoutMs} ms: ${stderr().slice(-1500)}`));
        setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

export interface EdgeOptions {
  caddy: string;
  pki: ReferencePki;
  /** Host names the edge serves (every TLS role's). */
  names: readonly string[];
  bind: string;
  /** 0: a free port. */
  port: number;
  upstreamPort: number;
  timeoutMs?: number;
}

export async function startEdge(options: EdgeOptions): Promise<RunningEdge> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reference-h3-'));
  try {
    const wanted = new Set(options.names);
    const sites = options.pki.leaves
      .filter((leaf) => leaf.names.some((n) => wanted.has(n)))
      .map((leaf, i) => {
        const certFile = path.join(dir, `site${i}.crt`);
        const keyFile = path.join(dir, `site${i}.key`);
        fs.writeFileSync(certFile, leaf.chainPem, { mode: 0o600 });
        fs.writeFileSync(keyFile, leaf.keyPem, { mode: 0o600 });
        return { names: leaf.names.filter((n) => wanted.has(n)), certFile, keyFile };
      });
    const port = options.port === 0 ? await freePort(options.bind) : options.port;
    const configFile = path.join(dir, 'caddy.json');
    const storageDir = path.join(dir, 'storage');
    const config = edgeConfig({
      bind: options.bind,
      port,
      sites,
      upstreamHost: options.bind === '0.0.0.0' ? '127.0.0.1' : options.bind,
      upstreamPort: options.upstreamPort,
      upstreamCaFile: options.pki.rootPath,
      storageDir,
    });
    fs.writeFileSync(configFile, JSON.stringify(config), { mode: 0o600 });
    // Caddy reads XDG folders for its own files: point them into the private folder too.
    const env = { ...process.env, HOME: dir, XDG_CONFIG_HOME: path.join(dir, 'config'), XDG_DATA_HOME: path.join(dir, 'data') };
    // A small shell keeps Caddy tied to this process: it ends Caddy when told to (TERM) and when this
    // process is gone (killed without the chance to stop its edge), so no edge outlives its reference.
    // Its private folder (certificate keys) goes with it.
    const watchdog = `"$0" run --config "$1" & c=$!; trap 'kill $c 2>/dev/null; wait $c; exit 0' TERM INT; while kill -0 ${process.pid} 2>/dev/null && kill -0 $c 2>/dev/null; do sleep 1; done; kill $c 2>/dev/null; wait $c; rm -rf "$2"`;
    const child = spawn('sh', ['-c', watchdog, options.caddy, configFile, dir], { stdio: ['ignore', 'ignore', 'pipe'], env });
    let stderr = '';
    child.stderr!.on('data', (c: Buffer) => void (stderr = (stderr + c.toString()).slice(-65536)));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.once('error', () => undefined);
    try {
      await waitForPort(options.bind === '0.0.0.0' ? '127.0.0.1' : options.bind, port, child, () => stderr, options.timeoutMs ?? 10_000);
    } catch (e) {
      child.kill('SIGKILL');
      throw e;
    }
    let stopping: Promise<void> | undefined;
    return {
      port,
      stop: () =>
        (stopping ??= (async () => {
          if (child.exitCode === null && child.signalCode === null) {
            child.kill('SIGTERM');
            const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
            await exited;
            clearTimeout(timer);
          }
          fs.rmSync(dir, { recursive: true, force: true });
        })()),
    };
  } catch (e) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}
