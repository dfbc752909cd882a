/*
 * The reference's OCSP responder against two peers, measured side by side in one run on this
 * machine: POSTed 85-byte requests for one leaf at concurrency 8 (undici, one request in flight
 * per connection), every server in its own process, the load generator in this one.
 *   (a) `openssl ocsp -index ... -port ...`, a real responder serving the same certificate;
 *   (b) a bare node:http server answering every POST with a fixed 504-byte buffer: the ceiling.
 * Targets: at least 10x openssl, at least 0.5x the ceiling. Read the ratios, not the absolute
 * figures (the machine is shared).
 * Run: npm run bench:ocsp   (BENCH_SECONDS=5 BENCH_ROUNDS=2 by default)
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as readline from 'node:readline';
import { request as undiciRequest } from 'undici';
import { runLoad, type LoadRequest, type LoadResult } from './load';
import { REFERENCE_NODE_ARGS } from '../harness/src/embedded/start-reference';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONCURRENCY = 8;
const ROOT = path.resolve(__dirname, '..');
const OPENSSL = process.env.OPENSSL ?? 'openssl';

interface Leaf {
  role: string;
  issuer: string;
  certPem: string;
  serialHex: string;
  revocation?: { time: string; reason: string };
}
interface Manifest {
  intermediates: Array<{ name: string; certPem: string; keyPem: string }>;
  leaves: Leaf[];
}

const children: ChildProcess[] = [];

function spawnUntilLine(command: string, args: string[], marker: RegExp): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${command} not ready after 60 s`)), 60_000);
    child.once('exit', (code) => reject(new Error(`${command} exited with ${code} before ready`)));
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!marker.test(line)) return;
      clearTimeout(timer);
      resolve({ child, line });
    });
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** openssl's index.txt: status, expiry, revocation, serial, file, subject (tab-separated). */
function indexLine(leaf: Leaf): string {
  const cert = new X509Certificate(leaf.certPem);
  const stamp = (d: Date) => d.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z';
  const revoked = leaf.revocation ? `${stamp(new Date(leaf.revocation.time))},${leaf.revocation.reason}` : '';
  const subject = `/${cert.subject.split('\n').join('/')}`;
  return [leaf.revocation ? 'R' : 'V', stamp(new Date(cert.validTo)), revoked, leaf.serialHex, 'unknown', subject].join('\t');
}

async function untilAnswers(origin: string, req: LoadRequest, bytes: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const res = await undiciRequest(`${origin}${req.path}`, { method: req.method, headers: req.headers, body: req.body });
      const body = Buffer.from(await res.body.arrayBuffer());
      if (res.statusCode === 200 && (bytes < 0 || body.length === bytes)) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${origin} does not answer`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const fmt = (r: LoadResult) =>
  `${r.perSecond.toFixed(0).padStart(7)} req/s  p50 ${r.p50Ms.toFixed(2)} ms  p99 ${r.p99Ms.toFixed(2)} ms${r.failures ? `  (${r.failures} failures)` : ''}`;

/** `openssl ocsp` answering on a free port from the index and issuer files `file` names: its origin (killed with the other children). */
async function startOpensslResponder(file: (name: string) => string): Promise<string> {
  const port = await freePort();
  const ossl = spawn(
    OPENSSL,
    [
      'ocsp',
      '-index',
      file('index.txt'),
      '-port',
      String(port),
      '-rsigner',
      file('issuer.pem'),
      '-rkey',
      file('issuer.key'),
      '-CA',
      file('issuer.pem'),
      '-resp_no_certs',
      '-nmin',
      '255',
    ],
    { stdio: 'ignore' },
  );
  children.push(ossl);
  return `http://127.0.0.1:${port}`;
}

/** Each target's best round (what it can do when the shared machine lets it) and the reference's ratios to the other two. */
function printBest(results: Map<string, LoadResult[]>, opensslSize: number): void {
  const best = (name: string) => results.get(name)!.reduce((a, b) => (b.perSecond > a.perSecond ? b : a));
  const reference = best('reference responder');
  const openssl = best('openssl ocsp -index');
  const bare = best('bare node:http 504 B');
  console.log('\nbest round of each:');
  for (const [name, r] of [
    ['reference responder', reference],
    ['openssl ocsp -index', openssl],
    ['bare node:http 504 B', bare],
  ] as const) {
    console.log(`  ${name.padEnd(22)} ${fmt(r)}`);
  }
  const vsOpenssl = reference.perSecond / openssl.perSecond;
  const vsCeiling = reference.perSecond / bare.perSecond;
  console.log(`\nreference / openssl ocsp: ${vsOpenssl.toFixed(1)}x (target >= 10x: ${vsOpenssl >= 10 ? 'met' : 'NOT met'})`);
  console.log(`reference / bare ceiling: ${vsCeiling.toFixed(2)}x (target >= 0.5x: ${vsCeiling >= 0.5 ? 'met' : 'NOT met'})`);
  console.log(`(openssl answers ${opensslSize} bytes: -resp_no_certs, byName, its own nextUpdate)`);
}

async function main(): Promise<void> {
  // The reference, as `npm run reference` runs it.
  const ref = await spawnUntilLine(process.execPath, [...REFERENCE_NODE_ARGS], /"ready"/);
  const ready = JSON.parse(ref.line) as { httpPort: number; rootPath: string };
  const manifest = JSON.parse(await fs.readFile(path.join(path.dirname(ready.rootPath), 'pki.json'), 'utf8')) as Manifest;
  const leaf = manifest.leaves.find((l) => l.role === 'site')!;
  const issuer = manifest.intermediates.find((i) => i.name === leaf.issuer)!;

  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-ocsp-'));
  try {
    const file = (name: string) => path.join(dir, name);
    await fs.writeFile(file('root.pem'), await fs.readFile(ready.rootPath));
    await fs.writeFile(file('issuer.pem'), issuer.certPem);
    await fs.writeFile(file('issuer.key'), issuer.keyPem, { mode: 0o600 });
    await fs.writeFile(file('leaf.pem'), leaf.certPem);
    const sameIssuer = manifest.leaves.filter((l) => l.issuer === leaf.issuer);
    await fs.writeFile(file('index.txt'), `${sameIssuer.map(indexLine).join('\n')}\n`);
    // The request as a real client builds it (85 bytes: SHA-1 CertID, 18-byte serial, no nonce).
    execFileSync(OPENSSL, ['ocsp', '-issuer', file('issuer.pem'), '-cert', file('leaf.pem'), '-no_nonce', '-reqout', file('req.der')]);
    const body = await fs.readFile(file('req.der'));
    if (body.length !== 85) throw new Error(`request is ${body.length} bytes, expected 85`);

    const post = (host: string): LoadRequest => ({
      method: 'POST',
      path: '/',
      headers: { host, 'content-type': 'application/ocsp-request' },
      body,
    });
    const referenceOrigin = `http://127.0.0.1:${ready.httpPort}`;
    await untilAnswers(referenceOrigin, post('r10.o.pki.test'), 504);

    const opensslOrigin = await startOpensslResponder(file);
    await untilAnswers(opensslOrigin, post('127.0.0.1'), -1);
    const opensslSize = (await undiciRequest(opensslOrigin, { method: 'POST', headers: post('x').headers, body }).then((r) => r.body.arrayBuffer())).byteLength;

    const ceilingScript = `const b=Buffer.alloc(504,48);require('node:http').createServer((q,s)=>{q.resume();q.on('end',()=>{s.writeHead(200,{'Content-Type':'application/ocsp-response','Content-Length':504});s.end(b)})}).listen(0,'127.0.0.1',function(){console.log('ready '+this.address().port)})`;
    const ceiling = await spawnUntilLine(process.execPath, ['-e', ceilingScript], /^ready \d+/);
    const ceilingOrigin = `http://127.0.0.1:${ceiling.line.split(' ')[1]}`;

    const targets = [
      { name: 'reference responder', origin: referenceOrigin, req: post('r10.o.pki.test'), bytes: 504 },
      { name: 'openssl ocsp -index', origin: opensslOrigin, req: post('127.0.0.1'), bytes: opensslSize },
      { name: 'bare node:http 504 B', origin: ceilingOrigin, req: post('127.0.0.1'), bytes: 504 },
    ];
    const results = new Map<string, LoadResult[]>(targets.map((t) => [t.name, []]));
    console.log(`POST 85-byte OCSP requests, concurrency ${CONCURRENCY}, ${SECONDS} s per target, ${ROUNDS} rounds (interleaved)`);
    for (let round = 1; round <= ROUNDS; round++) {
      for (const t of targets) {
        const r = await runLoad(t.origin, t.req, { concurrency: CONCURRENCY, durationMs: SECONDS * 1000, warmupMs: 1000, expectedBytes: t.bytes });
        results.get(t.name)!.push(r);
        console.log(`  round ${round}  ${t.name.padEnd(22)} ${fmt(r)}`);
      }
    }
    printBest(results, opensslSize);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await fs.rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  for (const child of children) child.kill('SIGKILL');
  process.exit(1);
});
