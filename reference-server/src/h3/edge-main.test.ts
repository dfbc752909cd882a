/**
 * The standalone edge (`edge-main.ts`) as a process, in front of a plain Node https server of the
 * test's own (a root and a leaf made with openssl in a temporary folder): HTTP/3 through Chromium,
 * its exit statuses, and no Caddy left behind, whether it is stopped or killed.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as https from 'node:https';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as readline from 'node:readline';
import { caddyListeningOn, launchH3Browser, processRuns, valuesOf } from '../testing/h3';
import { PACKAGE_ROOT } from '../testing/own-process';
import { CADDY_MISSING, findCaddy } from './edge';
import { EDGE_USAGE, parseEdgeCli } from './edge-cli-options';

const ENTRY = 'reference-server/src/h3/edge-main.ts';

interface EdgeRun {
  child: ChildProcess;
  /** Exit code, or the signal's name. */
  exited: Promise<number | string>;
  /** The first line on stdout. */
  firstLine: Promise<string>;
  stderr(): string;
}

function runEdge(args: string[], env: NodeJS.ProcessEnv = process.env): EdgeRun {
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY, ...args], { cwd: PACKAGE_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => void (stderr += c.toString()));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code ?? -1)));
  const firstLine = new Promise<string>((resolve) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once('line', resolve);
    lines.once('close', () => resolve(''));
  });
  return { child, exited, firstLine, stderr: () => stderr };
}

async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

/** A root and a leaf for app.test and api.test, made with openssl. */
function makeCertificates(dir: string): { root: string; cert: string; key: string; rootKey: string } {
  const file = (name: string) => path.join(dir, name);
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  openssl('req', '-x509', ...ec, '-keyout', file('root.key'), '-out', file('root.pem'), '-days', '2', '-subj', '/CN=Edge Test Root');
  openssl('req', ...ec, '-keyout', file('leaf.key'), '-out', file('leaf.csr'), '-subj', '/CN=app.test');
  fs.writeFileSync(
    file('leaf.ext'),
    'subjectAltName=DNS:app.test,DNS:api.test\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature\nextendedKeyUsage=serverAuth\n',
  );
  openssl(
    'x509',
    '-req',
    '-in',
    file('leaf.csr'),
    '-CA',
    file('root.pem'),
    '-CAkey',
    file('root.key'),
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    file('leaf.ext'),
    '-out',
    file('leaf.pem'),
  );
  return { root: file('root.pem'), cert: file('leaf.pem'), key: file('leaf.key'), rootKey: file('root.key') };
}

let dir: string;
let files: ReturnType<typeof makeCertificates>;
let upstream: https.Server;
let upstreamPort: number;
/** What the upstream was asked: Host and X-Forwarded-Proto of each request. */
const seen: Array<{ host?: string; proto?: string | string[] }> = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-main-test-'));
  files = makeCertificates(dir);
  upstream = https.createServer({ key: fs.readFileSync(files.key), cert: fs.readFileSync(files.cert) }, (req, res) => {
    seen.push({ host: req.headers.host, proto: req.headers['x-forwarded-proto'] });
    res.setHeader('Server', 'upstream-test/1');
    res.setHeader('X-Upstream', 'yes');
    res.setHeader('Alt-Svc', 'h3=":1"; ma=60');
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(`<!doctype html><title>upstream</title><p>${req.headers.host}</p>`);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamPort = (upstream.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((r) => upstream?.close(r));
  fs.rmSync(dir, { recursive: true, force: true });
});

function goodArgs(): string[] {
  return ['--upstream-port', String(upstreamPort), '--upstream-ca', files.root, '--cert', files.cert, '--key', files.key, '--names', 'app.test,api.test'];
}

describe('edge-main: its command line', () => {
  test('files made by openssl parse: one site, the upstream, defaults port 0 on 127.0.0.1', () => {
    const options = parseEdgeCli(goodArgs());
    expect(options).toEqual({
      help: false,
      site: { names: ['app.test', 'api.test'], certPem: fs.readFileSync(files.cert, 'utf8'), keyPem: fs.readFileSync(files.key, 'utf8') },
      upstream: { host: '127.0.0.1', port: upstreamPort, caPem: fs.readFileSync(files.root, 'utf8') },
      port: 0,
      bind: '127.0.0.1',
    });
  });

  test('bad arguments exit 2 with the message and the usage; Caddy missing exits 3 with the reason', async () => {
    const cases: Array<[string[], string]> = [
      [['--upstream-port', 'eighty', ...goodArgs().slice(2)], '--upstream-port: "eighty" is not a port (1-65535)'],
      [['--names', '*.app.test', ...goodArgs().slice(0, -2)], '--names: "*.app.test" is not a host name (letters, digits, - and ., no wildcard)'],
      [goodArgs().map((a) => (a === files.key ? files.rootKey : a)), `--key: "${files.rootKey}" is not the key of the certificate in --cert`],
    ];
    const runs = cases.map(([args]) => runEdge(args));
    const missing = runEdge(goodArgs(), { ...process.env, REFERENCE_CADDY: '/nonexistent/caddy' });
    for (const [i, run] of runs.entries()) {
      expect(await run.exited).toBe(2);
      expect(run.stderr()).toBe(`${cases[i][1]}\n\n${EDGE_USAGE}\n`);
    }
    expect(await missing.exited).toBe(3);
    expect(missing.stderr()).toBe(`${CADDY_MISSING}\n`);
  });

  test('--help prints the usage and exits 0', async () => {
    const run = runEdge(['--help']);
    expect(await run.exited).toBe(0);
    expect(await run.firstLine).toBe(EDGE_USAGE.split('\n')[0]);
  });
});

// The edge is Caddy (Node has no QUIC server), a system package, not an npm one: npm test's set-up installs it
// where it may (root or sudo), so this runs in CI; on a machine without it the test says how to get it.
if (!findCaddy()) {
  test.skip(`edge-main in front of a Node https server (skipped: ${CADDY_MISSING})`, () => undefined);
} else {
  describe('edge-main in front of a Node https server', () => {
    test('answers over h3 through Chromium with the upstream fields, then exits 0 on SIGTERM leaving no Caddy behind', async () => {
      const run = runEdge(goodArgs());
      const ready = JSON.parse(await run.firstLine) as { event: string; port: number };
      expect(Object.keys(ready)).toEqual(['event', 'port']);
      expect(ready.event).toBe('ready');
      const [edge] = caddyListeningOn(ready.port);
      expect(edge).toBeDefined();

      const browser = await launchH3Browser({
        hosts: ['app.test'],
        originPort: upstreamPort,
        edgePort: ready.port,
        rootPems: [fs.readFileSync(files.root, 'utf8')],
      });
      try {
        const answer = await browser.visit('app.test', '/page');
        expect(answer.protocol).toBe('h3');
        expect(answer.status).toBe(200);
        expect(valuesOf(answer.lines, 'server')).toEqual(['upstream-test/1']);
        expect(valuesOf(answer.lines, 'x-upstream')).toEqual(['yes']);
        expect(valuesOf(answer.lines, 'via')).toEqual([]);
        // Caddy passes no upstream Alt-Svc on (a hop-by-hop field to it), and the standalone edge adds none.
        expect(valuesOf(answer.lines, 'alt-svc')).toEqual([]);
      } finally {
        await browser.close();
      }
      // The upstream saw the Host the browser sent, over TLS from the edge.
      expect(seen).toContainEqual({ host: `app.test:${upstreamPort}`, proto: 'https' });

      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      expect(processRuns(edge.pid)).toBe(false);
      expect(fs.existsSync(edge.dir)).toBe(false);
    });

    test('a port in use: exit 1 with what Caddy said, and nothing left behind', async () => {
      const blocker = net.createServer();
      await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
      const port = (blocker.address() as AddressInfo).port;
      // A temporary folder of its own (other tests' edges come and go in the shared one): the
      // edge's private folder is made there, and must go.
      const tmp = fs.mkdtempSync(path.join(dir, 'tmp-'));
      try {
        const run = runEdge([...goodArgs(), '--port', String(port)], { ...process.env, TMPDIR: tmp });
        expect(await run.exited).toBe(1);
        expect(run.stderr()).toMatch(new RegExp(`^edge: caddy exited before listening on 127\\.0\\.0\\.1:${port}: .*address already in use`));
        expect(caddyListeningOn(port)).toEqual([]);
        // (tsx keeps its cache there too)
        expect(fs.readdirSync(tmp).filter((f) => f.startsWith('reference-h3-'))).toEqual([]);
      } finally {
        await new Promise((r) => blocker.close(r));
      }
    });

    test('killed (SIGKILL, no chance to stop its edge), its Caddy still ends and its private folder goes', async () => {
      const run = runEdge(goodArgs());
      const ready = JSON.parse(await run.firstLine) as { port: number };
      const [edge] = caddyListeningOn(ready.port);
      expect(edge).toBeDefined();
      run.child.kill('SIGKILL');
      expect(await run.exited).toBe('SIGKILL');
      // The watchdog looks once a second; Caddy then stops within its grace period (nothing in flight).
      expect(await until(() => !processRuns(edge.pid) && !fs.existsSync(edge.dir), 10_000)).toBe(true);
    });
  });
}
