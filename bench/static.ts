/*
 * Static files of the reference against what a user would otherwise pick, side by side in one
 * run on this machine, every server in its own process, the load generator (undici, `dispatch`,
 * one request in flight per connection) in this one:
 *   reference  the reference (`npm run reference`): files read once, each coding compressed once
 *              (gzip 9, brotli 11) and served from memory;
 *   express    `express.static` on the same folders + the `compression` middleware (compresses
 *              every response: br quality 4 when offered, else gzip level 6);
 *   ceiling    a bare node:https server answering each request with a buffer prepared before
 *              listening: the reference's own bytes and headers. Nothing on this stack can be
 *              faster than that, so it bounds what the reference can reach.
 * Transport: all three over TLS (HTTP/1.1, the reference's certificates picked by SNI, TLS 1.3,
 * keep-alive), at concurrency 8, best of BENCH_ROUNDS interleaved rounds of BENCH_SECONDS.
 * Targets: compressed responses at least 5x the middleware's req/s; every file at least 0.5x the
 * ceiling. Read the ratios: absolute figures drift on a shared machine.
 * Run: npm run bench:static   (BENCH_SECONDS=4 BENCH_ROUNDS=2 BENCH_CONCURRENCY=8 by default; BENCH_CASE=svg runs one case)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { promises as fs, readFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as readline from 'node:readline';
import * as zlib from 'node:zlib';
import { Client } from 'undici';
import { runLoad, type LoadRequest, type LoadResult } from './load';
import type { PeerConfig } from './static-peer';
import { REFERENCE_NODE_ARGS } from '../harness/src/embedded/start-reference';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const ROOT = path.resolve(__dirname, '..');
const CONTENT = path.join(ROOT, 'reference-server/content');
const SITE = 'www.lessons.test';
const MEDIA = 'media.lessons.test';

interface Case {
  name: string;
  host: string;
  path: string;
  acceptEncoding: string;
  /** The file on disk, to check every server sends the same content. */
  file: string;
  /** Counts toward the 5x target (the reference answers with a content coding). */
  compressed: boolean;
}

const ALL_CASES: Case[] = [
  { name: 'CSS 100 KB, gzip', host: SITE, path: '/static/css/main.css', acceptEncoding: 'gzip', file: 'site/section/css/main.css', compressed: true },
  // What a browser sends. The site host offers gzip only (IIS, as the description says), so the
  // reference answers gzip; the middleware picks br. Same file, each server's own choice.
  {
    name: 'CSS 100 KB, "gzip, deflate, br"',
    host: SITE,
    path: '/static/css/main.css',
    acceptEncoding: 'gzip, deflate, br',
    file: 'site/section/css/main.css',
    compressed: true,
  },
  {
    name: 'font woff2, identity',
    host: SITE,
    path: '/static/fonts/lessons-icons.woff2',
    acceptEncoding: 'identity',
    file: 'site/section/fonts/lessons-icons.woff2',
    compressed: false,
  },
  {
    name: 'SVG on the asset host, br',
    host: MEDIA,
    path: '/-/media/Project/Lessons/subjects/math.svg',
    acceptEncoding: 'br',
    file: 'assets/media/Project/Lessons/subjects/math.svg',
    compressed: true,
  },
];

/** BENCH_CASE=<text> keeps the cases whose name contains it (case-insensitive). */
const CASES = ALL_CASES.filter((c) => c.name.toLowerCase().includes((process.env.BENCH_CASE ?? '').toLowerCase()));

const SERVERS = ['reference', 'express', 'ceiling'] as const;
type ServerName = (typeof SERVERS)[number];

const children: ChildProcess[] = [];

function spawnUntilLine(args: string[], marker: RegExp): Promise<string> {
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')}: not ready after 60 s`)), 60_000);
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code} before ready`)));
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!marker.test(line)) return;
      clearTimeout(timer);
      resolve(line);
    });
  });
}

interface Probe {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

async function probe(port: number, ca: string, c: Case): Promise<Probe> {
  const client = new Client(`https://127.0.0.1:${port}`, { connect: { ca, servername: c.host } });
  try {
    const res = await client.request({ method: 'GET', path: c.path, headers: { host: `${c.host}:${port}`, 'accept-encoding': c.acceptEncoding } });
    const body = Buffer.from(await res.body.arrayBuffer());
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
    return { status: res.statusCode, headers, body };
  } finally {
    await client.close();
  }
}

function decode(p: Probe): Buffer {
  const coding = p.headers['content-encoding'];
  if (coding === 'gzip') return zlib.gunzipSync(p.body);
  if (coding === 'br') return zlib.brotliDecompressSync(p.body);
  return p.body;
}

const fmt = (r: LoadResult) =>
  `${r.perSecond.toFixed(0).padStart(6)} req/s  p50 ${r.p50Ms.toFixed(2).padStart(6)} ms  p99 ${r.p99Ms.toFixed(2).padStart(6)} ms${r.failures ? `  (${r.failures} failures)` : ''}`;

/** What the ceiling answers: the reference's own bytes (written to files in `dir`) and headers, per path and Accept-Encoding. */
async function referenceAnswers(port: number, ca: string, dir: string): Promise<PeerConfig['answers']> {
  const answers: PeerConfig['answers'] = {};
  for (const [i, c] of CASES.entries()) {
    const p = await probe(port, ca, c);
    if (p.status !== 200) throw new Error(`reference: ${c.path} answered ${p.status}`);
    const bodyFile = path.join(dir, `body-${i}`);
    await fs.writeFile(bodyFile, p.body);
    const headers = Object.fromEntries(
      Object.entries(p.headers).filter(([k]) => !['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding'].includes(k)),
    );
    answers[`${c.path}|${c.acceptEncoding}`] = { headers, bodyFile };
  }
  return answers;
}

/** Each case's best round per server, the reference's ratios against its targets, and the failures (exit status 1 when any). */
function printBest(results: Map<string, LoadResult[]>): void {
  const best = (key: string) => results.get(key)!.reduce((a, b) => (b.perSecond > a.perSecond ? b : a));
  let met = true;
  console.log('\nbest round of each:');
  for (const c of CASES) {
    const r = Object.fromEntries(SERVERS.map((s) => [s, best(`${s}|${c.name}`)])) as Record<ServerName, LoadResult>;
    const vsExpress = r.reference.perSecond / r.express.perSecond;
    const vsCeiling = r.reference.perSecond / r.ceiling.perSecond;
    const expressOk = !c.compressed || vsExpress >= 5;
    const ceilingOk = vsCeiling >= 0.5;
    met &&= expressOk && ceilingOk;
    console.log(`${c.name}`);
    for (const s of SERVERS) console.log(`  ${s.padEnd(9)} ${fmt(r[s])}`);
    console.log(
      `  reference / express: ${vsExpress.toFixed(1)}x${c.compressed ? ` (target >= 5x: ${expressOk ? 'met' : 'NOT met'})` : ' (identity: no target)'};` +
        ` reference / ceiling: ${vsCeiling.toFixed(2)}x (target >= 0.5x: ${ceilingOk ? 'met' : 'NOT met'})`,
    );
  }
  const failures = [...results.values()].flat().reduce((n, r) => n + r.failures, 0);
  console.log(`\nfailures: ${failures}; targets ${met ? 'met' : 'NOT met'}`);
  if (failures) process.exitCode = 1;
}

async function main(): Promise<void> {
  const readyLine = await spawnUntilLine([...REFERENCE_NODE_ARGS], /"ready"/);
  const ready = JSON.parse(readyLine) as { tlsPort: number; rootPath: string };
  const ca = await fs.readFile(ready.rootPath, 'utf8');
  const manifest = JSON.parse(await fs.readFile(path.join(path.dirname(ready.rootPath), 'pki.json'), 'utf8')) as {
    leaves: Array<{ names: string[]; keyPem: string; chainPem: string }>;
  };
  const certificates: PeerConfig['certificates'] = {};
  for (const leaf of manifest.leaves)
    for (const name of leaf.names) if (name === SITE || name === MEDIA) certificates[name] = { keyPem: leaf.keyPem, chainPem: leaf.chainPem };

  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-static-'));
  try {
    const config: PeerConfig = {
      certificates,
      defaultName: SITE,
      mounts: [
        { prefix: '/static', dir: path.join(CONTENT, 'site/section') },
        { prefix: '/-/media', dir: path.join(CONTENT, 'assets/media') },
      ],
      answers: await referenceAnswers(ready.tlsPort, ca, dir),
    };
    const configFile = path.join(dir, 'peer.json');
    await fs.writeFile(configFile, JSON.stringify(config));
    const peerPort = async (mode: string) =>
      Number((await spawnUntilLine(['--import', 'tsx', 'bench/static-peer.ts', mode, configFile], /^ready \d+/)).split(' ')[1]);
    const ports: Record<ServerName, number> = { reference: ready.tlsPort, express: await peerPort('express'), ceiling: await peerPort('ceiling') };

    // Every server sends the same content (decoded); note each one's coding and size.
    const sizes = new Map<string, number>();
    console.log(
      `Static files over TLS (HTTP/1.1, same certificates), concurrency ${CONCURRENCY}, ${SECONDS} s per target, best of ${ROUNDS} interleaved rounds\n`,
    );
    for (const c of CASES) {
      const original = readFileSync(path.join(CONTENT, c.file));
      const notes: string[] = [];
      for (const server of SERVERS) {
        const p = await probe(ports[server], ca, c);
        if (p.status !== 200 || !decode(p).equals(original)) throw new Error(`${server}: ${c.path} is not the file (status ${p.status})`);
        sizes.set(`${server}|${c.name}`, p.body.length);
        notes.push(`${server} ${p.headers['content-encoding'] ?? 'identity'} ${p.body.length} B`);
      }
      console.log(`${c.name}: ${notes.join(', ')}`);
    }
    console.log('');

    const results = new Map<string, LoadResult[]>();
    for (let round = 1; round <= ROUNDS; round++) {
      for (const c of CASES) {
        for (const server of SERVERS) {
          const req: LoadRequest = { method: 'GET', path: c.path, headers: { host: `${c.host}:${ports[server]}`, 'accept-encoding': c.acceptEncoding } };
          const key = `${server}|${c.name}`;
          const r = await runLoad(`https://127.0.0.1:${ports[server]}`, req, {
            concurrency: CONCURRENCY,
            durationMs: SECONDS * 1000,
            warmupMs: 1000,
            expectedBytes: sizes.get(key)!,
            connect: { ca, servername: c.host },
          });
          results.set(key, [...(results.get(key) ?? []), r]);
          console.log(`  round ${round}  ${c.name.padEnd(34)} ${server.padEnd(9)} ${fmt(r)}`);
        }
      }
    }

    printBest(results);
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
