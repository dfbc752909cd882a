/**
 * Starts and stops an HTTP/3 edge (Caddy) in front of an upstream that speaks TLS (h2 or
 * http/1.1): the reference (`startReference`), or any server a test puts behind it (`edge-main.ts`).
 * Its own port (TCP and UDP), the sites' certificates written to a private folder, a JSON
 * configuration, and a process that ends with the process that started it. Caddy is Debian's
 * package (`apt-get install caddy`); where it is missing the reference runs without HTTP/3 and
 * says why.
 */
import { spawn } from 'node:child_process';
import * as dgram from 'node:dgram';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { altSvcValue, edgeConfig, hostPort } from './edge-config';

export class EdgeError extends Error {
  readonly code = 'REFERENCE_ERR_HTTP3_EDGE';
}

/** One certificate of the edge and the host names it serves with it. */
export interface EdgeSite {
  /** Exact host names (no wildcard): one route each, proxied with that name as SNI. */
  names: readonly string[];
  /** PEM: the leaf, then its intermediates, as a TLS server sends them. */
  certPem: string;
  keyPem: string;
}

/** What the edge proxies to: a TLS server (h2 or http/1.1) whose certificates `caPem` signed. */
export interface EdgeUpstream {
  host: string;
  port: number;
  caPem: string;
}

export interface EdgeOptions {
  caddy: string;
  sites: readonly EdgeSite[];
  upstream: EdgeUpstream;
  /** Address Caddy listens on, TCP and UDP. */
  bind: string;
  /** 0: a port free for both TCP and UDP. */
  port: number;
  /**
   * Every answer of the edge advertises it (`Alt-Svc: h3=":<port>"; ma=86400`, or the `ma` given),
   * as the reference's do. Default false: no Alt-Svc.
   */
  advertise?: boolean | { maxAgeSeconds: number };
  /** How long Caddy may take to listen. Default 10 s. */
  timeoutMs?: number;
}

export interface RunningEdge {
  port: number;
  /** Settles when Caddy has exited (after `stop`, or on its own): how it ended, and its last words. */
  exited: Promise<string>;
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

/** The address a client on this machine reaches a server bound to `bind` at. */
export function loopbackFor(bind: string): string {
  if (bind === '0.0.0.0' || bind === '') return '127.0.0.1';
  if (bind === '::') return '::1';
  return bind;
}

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

/**
 * Whether some socket of this machine is bound to UDP `port` (Linux: /proc/net/udp and udp6);
 * undefined where that cannot be read. Read, never probed by binding: a probe could take the
 * port from Caddy in the moment between its TCP and its UDP listener.
 */
export function udpPortBound(port: number, procNet = '/proc/net'): boolean | undefined {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  let readable = false;
  for (const file of ['udp', 'udp6']) {
    let text: string;
    try {
      text = fs.readFileSync(path.join(procNet, file), 'utf8');
    } catch {
      continue;
    }
    readable = true;
    // "  sl  local_address rem_address ...": the local address is the second column.
    if (text.split('\n').some((line) => line.trim().split(/\s+/)[1]?.endsWith(hex))) return true;
  }
  return readable ? false : undefined;
}

/**
 * Ready when Caddy accepts TCP on the port and holds its UDP socket (QUIC) too. Rejects with what
 * went wrong (the caller adds what Caddy said).
 */
function waitForListening(host: string, port: number, alive: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const retry = (what: string) => {
      if (Date.now() > deadline) return reject(new EdgeError(`caddy did not listen (${what}) on ${hostPort(host, port)} within ${timeoutMs} ms`));
      setTimeout(attempt, 50);
    };
    const attempt = () => {
      if (!alive()) return reject(new EdgeError(`caddy exited before listening on ${hostPort(host, port)}`));
      const socket = net.connect(port, host);
      socket.once('connect', () => {
        socket.destroy();
        if (udpPortBound(port) === false) return retry('UDP');
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        retry('TCP');
      });
    };
    attempt();
  });
}

function checkSites(sites: readonly EdgeSite[]): void {
  if (sites.length === 0) throw new EdgeError('the edge needs at least one site (a certificate and its host names)');
  const seen = new Set<string>();
  for (const site of sites) {
    if (site.names.length === 0) throw new EdgeError('an edge site has no host name');
    for (const name of site.names) {
      if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(name))
        throw new EdgeError(`edge site name ${JSON.stringify(name)} is not a host name (letters, digits, - and ., no wildcard)`);
      if (seen.has(name.toLowerCase())) throw new EdgeError(`edge site name ${JSON.stringify(name)} is given twice`);
      seen.add(name.toLowerCase());
    }
  }
}

/**
 * The shell between this process and Caddy: it ends Caddy when told to (TERM, INT) and when this
 * process is gone (killed without the chance to stop its edge), so no edge outlives the process
 * that started it, and removes the private folder (certificate keys) with it. `sleep & wait`
 * keeps it answering a TERM at once rather than after the sleep.
 */
function watchdog(ownerPid: number): string {
  return [
    `"$0" run --config "$1" & c=$!`,
    `trap 'kill -TERM $c 2>/dev/null; wait $c; rm -rf "$2"; exit 0' TERM INT`,
    `while kill -0 ${ownerPid} 2>/dev/null && kill -0 $c 2>/dev/null; do sleep 1 </dev/null >/dev/null 2>&1 & wait $!; done`,
    `kill -TERM $c 2>/dev/null; wait $c; s=$?; rm -rf "$2"; exit $s`,
  ].join('\n');
}

/** What Caddy said that matters: its log lines below error level (start-up chatter) left out. */
export function caddySaid(stderr: string): string {
  return stderr
    .split('\n')
    .filter((line) => line.trim() !== '' && !/^\{"level":"(debug|info|warn)"/.test(line))
    .join('\n')
    .trim()
    .slice(-1500);
}

function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    /* the group is gone already */
  }
}

export async function startEdge(options: EdgeOptions): Promise<RunningEdge> {
  checkSites(options.sites);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reference-h3-'));
  try {
    const write = (name: string, text: string) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, text, { mode: 0o600 });
      return file;
    };
    const sites = options.sites.map((site, i) => ({
      names: [...site.names],
      certFile: write(`site${i}.crt`, site.certPem),
      keyFile: write(`site${i}.key`, site.keyPem),
    }));
    const upstream = { host: options.upstream.host, port: options.upstream.port, caFile: write('upstream-ca.pem', options.upstream.caPem) };
    const port = options.port === 0 ? await freePort(options.bind) : options.port;
    const config = edgeConfig({
      bind: options.bind,
      port,
      sites,
      upstream,
      storageDir: path.join(dir, 'storage'),
      ...(options.advertise ? { altSvc: altSvcValue(port, options.advertise === true ? undefined : options.advertise.maxAgeSeconds) } : {}),
    });
    const configFile = write('caddy.json', JSON.stringify(config));
    // Caddy reads XDG folders for its own files: point them into the private folder too.
    const env = { ...process.env, HOME: dir, XDG_CONFIG_HOME: path.join(dir, 'config'), XDG_DATA_HOME: path.join(dir, 'data') };
    // A process group of its own: a kill of the group reaches Caddy too, not only its shell.
    const child = spawn('sh', ['-c', watchdog(process.pid), options.caddy, configFile, dir], { stdio: ['ignore', 'ignore', 'pipe'], env, detached: true });
    let stderr = '';
    child.stderr!.on('data', (c: Buffer) => void (stderr = (stderr + c.toString()).slice(-65536)));
    const stderrEnded = new Promise<void>((resolve) => child.stderr!.once('close', () => resolve()));
    const said = () => caddySaid(stderr);
    let spawnError: Error | undefined;
    child.once('error', (err) => void (spawnError = err));
    const exited = new Promise<string>((resolve) =>
      child.once('exit', (code, signal) => {
        // Whatever of the group is left (Caddy, if only its shell was killed).
        killGroup(child.pid, 'SIGKILL');
        void Promise.race([stderrEnded, new Promise((r) => setTimeout(r, 1000).unref())]).then(() =>
          resolve(`${signal ?? `code ${code}`}${said() ? `: ${said()}` : ''}`),
        );
      }),
    );
    const alive = () => !spawnError && child.exitCode === null && child.signalCode === null;
    try {
      await waitForListening(loopbackFor(options.bind), port, alive, options.timeoutMs ?? 10_000);
    } catch (e) {
      killGroup(child.pid, 'SIGKILL');
      if (child.pid !== undefined) await exited;
      throw new EdgeError(`${(e as Error).message}: ${spawnError?.message ?? (said() || 'it said nothing')}`);
    }
    let stopping: Promise<void> | undefined;
    return {
      port,
      exited,
      stop: () =>
        (stopping ??= (async () => {
          if (alive()) {
            child.kill('SIGTERM');
            // Caddy lets in-flight requests finish for its grace period (EDGE_GRACE_PERIOD), then stops.
            const timer = setTimeout(() => killGroup(child.pid, 'SIGKILL'), 10_000);
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
