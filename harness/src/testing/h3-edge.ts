/**
 * Test support: the reference's standalone HTTP/3 edge (Caddy) in front of a test's own TLS server
 * (a mutating proxy), started as a process like the reference itself: the harness reaches it only
 * over the wire. Resolves to undefined where Caddy is not installed (the edge's exit status 3), so a
 * test can skip with that reason.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as readline from 'node:readline';
import { findChromium } from '../browser/chromium-path';
import { REPOSITORY_ROOT } from '../embedded/start-reference';
import type { TestPki } from '../target-map/test-pki';

const EDGE_ENTRY = path.join('reference-server', 'src', 'h3', 'edge-main.ts');
/** The edge's exit status when Caddy is not installed (its `--help` lists the statuses). */
const NO_CADDY = 3;

/**
 * What an HTTP/3 test lacks on this machine, as the end of its title: an edge needs caddy, the h3
 * legs need Chromium; empty when both are there. A test skipped for it says why in its title.
 */
export function h3Missing(): string {
  if (!caddyInstalled())
    return ' (skipped: caddy is not installed, so the target has no HTTP/3 edge; Debian: apt-get install -y caddy, or REFERENCE_CADDY=<path>)';
  return findChromium().path === undefined
    ? " (skipped: no Chromium, which the HTTP/3 legs run in; npm test's set-up names the package, or CHROMIUM_PATH=<path>)"
    : '';
}

/**
 * Whether the edge will find Caddy: the reference's own rule (REFERENCE_CADDY when set, else `caddy`
 * on PATH), written again here because the harness imports nothing of the reference.
 */
export function caddyInstalled(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.REFERENCE_CADDY) return fs.existsSync(env.REFERENCE_CADDY);
  return (env.PATH ?? '').split(path.delimiter).some((dir) => {
    try {
      fs.accessSync(path.join(dir, 'caddy'), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

export interface TestEdge {
  port: number;
  /** `Alt-Svc` naming this edge, as the reference writes it. */
  altSvc: string;
  stop(): Promise<void>;
}

/** `upstreamCaFile`: the root the upstream's certificate chains to (default the test PKI's: a proxy of the test's own). */
export function startTestEdge(options: {
  names: readonly string[];
  pki: TestPki;
  upstreamPort: number;
  upstreamCaFile?: string;
}): Promise<TestEdge | undefined> {
  const cert = path.join(options.pki.dir, 'edge-cert.pem');
  const key = path.join(options.pki.dir, 'edge-key.pem');
  fs.writeFileSync(cert, options.pki.certPem);
  fs.writeFileSync(key, options.pki.keyPem, { mode: 0o600 });
  const args = ['--import', 'tsx', EDGE_ENTRY, '--upstream-port', String(options.upstreamPort), '--upstream-ca', options.upstreamCaFile ?? options.pki.caFile];
  args.push('--cert', cert, '--key', key, '--names', options.names.join(','));
  const child = spawn(process.execPath, args, { cwd: REPOSITORY_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const stderr: string[] = [];
  child.stderr.on('data', (c: Buffer) => stderr.push(c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    // The bound is unref'd: once the edge has exited, nothing of it keeps the test process alive.
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000).unref())]);
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the HTTP/3 edge printed no ready line within 30 s\n${stderr.join('')}`));
    }, 30_000);
    void exited.then((code) => {
      clearTimeout(timer);
      if (code === NO_CADDY) resolve(undefined);
      else reject(new Error(`the HTTP/3 edge exited (code ${code})\n${stderr.join('')}`));
    });
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      let ready: { event?: string; port?: number };
      try {
        ready = JSON.parse(line) as typeof ready;
      } catch {
        return;
      }
      if (ready.event !== 'ready' || typeof ready.port !== 'number') return;
      clearTimeout(timer);
      const port = ready.port;
      resolve({ port, altSvc: `h3=":${port}"; ma=86400`, stop });
    });
  });
}
