/**
 * Fuzz: generated requests across every role against the reference in a process of its own, on
 * a copy of its content with canaries planted beside every served folder. Each test asserts, for
 * what it sent itself, that the process stays up, every answer is a well-formed HTTP response,
 * nothing answers 5xx (the only 5xx a spec allows, OCSP `internalError`, is never caused by
 * input), no canary byte is ever served (bodies decoded from gzip/br first), and that every
 * request it sent is accounted for (answered, or unanswered only where the test allows it).
 * Loopback only; bounded in count and time.
 * FUZZ_SEED=<n> replays a run; FUZZ_SCALE=<x> multiplies the counts (default 1: about 12,000).
 */
import * as http2 from 'node:http2';
import { performance } from 'node:perf_hooks';
import * as zlib from 'node:zlib';
import { requestFor } from '../hosts/ocsp/test-fixtures';
import { pkiOf, spawnReference, type ReferenceProcess } from '../testing/own-process';
import { ocspRequest } from './ocsp-requests';
import { ANSWER_TIMEOUT_MS, addUp, checkAnswer, http2ErrorName, newReport, problem, recordH1, type Report } from './answers';
import { frame, h2Exchange, rawH2, REFUSED } from './h2-streams';
import { RawConnection } from './raw-http';
import { h1Request, h2Request, type H1Request } from './requests';
import { Rng } from './rng';

const SEED = Number(process.env.FUZZ_SEED ?? 20260408);
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const COUNTS = {
  h1Tls: Math.round(5500 * SCALE),
  ocspPlain: Math.round(1500 * SCALE),
  ocspTls: Math.round(300 * SCALE),
  h2: Math.round(2500 * SCALE),
  rapidReset: Math.round(1000 * SCALE),
  manyStreams: 300,
  rawFrameConnections: Math.round(150 * SCALE),
};
const WORKERS = 8;
/** Raw-frame connections are opened this many at a time. */
const RAW_BATCH = 25;
/** The whole fuzz run must end within this, whatever happens (a hang detector, below Jest's own). */
const DEADLINE_MS = 500_000;

const REPO_CANARY = 'CANARY-5d0c1e9a';

let ref: ReferenceProcess;
let canaries: string[];
let validOcsp: Buffer;
let started = 0;
let manyStreams = { answered: 0, reset: 0 };

/** Every test's own report added up, for the summary at the end. */
const report: Report = newReport();

/**
 * The end of every test: its counts go into the summary, and the test fails on its own problems
 * (and when the process died or threw), whichever tests ran before it.
 */
function settle(r: Report): void {
  for (const key of ['sent', 'answered', 'brokenFraming', 'waited', 'h2NotSendable', 'h2Reset', 'h2Retried', 'rawConnections', 'serverSettings'] as const)
    report[key] += r[key];
  addUp(report.statuses, r.statuses);
  addUp(report.unanswered, r.unanswered);
  report.problems.push(...r.problems.slice(0, Math.max(0, 50 - report.problems.length)));
  report.h2ResetSamples.push(...r.h2ResetSamples.slice(0, Math.max(0, 6 - report.h2ResetSamples.length)));
  expect(ref.exited()).toBeUndefined();
  expect(ref.stderr()).not.toMatch(/Uncaught|TypeError|RangeError|ReferenceError|FATAL/);
  expect(r.problems).toEqual([]);
  let statuses = 0;
  for (const n of r.statuses.values()) statuses += n;
  expect(statuses).toBe(r.answered);
}

const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

function leftMs(): number {
  return DEADLINE_MS - (performance.now() - started);
}

/** Runs `count` generated HTTP/1.1 requests from WORKERS loops, one connection per name per loop. */
async function runH1(r: Report, count: number, seed: number, make: (rng: Rng) => H1Request, port: () => number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: WORKERS }, async (_, w) => {
      const rng = new Rng(seed * 31 + w);
      const connections = new Map<string, RawConnection>();
      try {
        while (next < count && leftMs() > 0) {
          next++;
          const req = make(rng);
          const key = req.servername ?? 'plain';
          let connection = connections.get(key);
          if (!connection) connections.set(key, (connection = new RawConnection({ port: port(), servername: req.servername, ca: ref.rootPem })));
          r.sent++;
          recordH1(r, req, await connection.exchange(req.bytes, req.head, ANSWER_TIMEOUT_MS));
        }
      } finally {
        for (const c of connections.values()) c.close();
      }
    }),
  );
  if (next < count) problem(r, `the fuzz deadline (${DEADLINE_MS} ms) stopped the run after ${next} of ${count} requests`);
}

/** When each session has the server's SETTINGS (the abuse tests send before them on purpose). */
const remoteSettingsOf = new WeakMap<http2.ClientHttp2Session, Promise<void>>();

function h2Connect(servername: string, options: http2.SecureClientSessionOptions = {}): Promise<http2.ClientHttp2Session> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(`https://${servername}:${ref.tlsPort}`, {
      host: '127.0.0.1',
      servername,
      ca: ref.rootPem,
      maxHeaderListPairs: 4096,
      ...options,
    });
    remoteSettingsOf.set(
      session,
      new Promise((known) => {
        session.once('remoteSettings', () => known());
        session.once('close', () => known()); // a session that ends first has nothing more to wait for
      }),
    );
    session.once('connect', () => resolve(session));
    session.once('error', reject);
    session.on('error', () => undefined);
  });
}

async function runH2(r: Report, count: number, seed: number): Promise<void> {
  const sessions = new Map<string, http2.ClientHttp2Session>();
  const opened: http2.ClientHttp2Session[] = [];
  const freshSession = async (name: string) => {
    const s = await h2Connect(name);
    // Whether a request is over the server's announced limits depends on its SETTINGS.
    await remoteSettingsOf.get(s);
    opened.push(s);
    sessions.set(name, s);
    return s;
  };
  const sessionFor = async (name: string) => {
    const s = sessions.get(name);
    return s && !s.closed && !s.destroyed ? s : freshSession(name);
  };
  let next = 0;
  try {
    await Promise.all(
      Array.from({ length: WORKERS * 2 }, async (_, w) => {
        const rng = new Rng(seed * 17 + w);
        while (next < count && leftMs() > 0) {
          next++;
          const req = h2Request(rng);
          const status = await h2Exchange(r, await sessionFor(req.servername), req.label, req.headers, req.body, { retryRefused: true });
          // Refused (not processed): once more, on a new session (the refusing one may be going away but not
          // closed yet, and would refuse it again); refused on a new session too is a problem.
          if (status === REFUSED) await h2Exchange(r, await freshSession(req.servername), req.label, req.headers, req.body);
        }
      }),
    );
  } finally {
    for (const s of opened) s.destroy();
  }
  if (next < count) problem(r, `the fuzz deadline (${DEADLINE_MS} ms) stopped the run after ${next} of ${count} requests`);
}

function randomFrames(rng: Rng): Buffer[] {
  switch (rng.int(6)) {
    case 0: // PING flood
      return Array.from({ length: 2000 }, () => frame(6, 0, 0, rng.bytes(8)));
    case 1: // SETTINGS flood, some invalid
      return Array.from({ length: 500 }, () => frame(4, 0, 0, rng.chance(0.9) ? Buffer.from([0, 3, 0, 0, 0, rng.int(200)]) : rng.bytes(rng.int(12))));
    case 2: // HEADERS with garbage HPACK, on odd and even streams
      return Array.from({ length: 20 }, (_, i) => frame(1, rng.pick([4, 5, 0, 0x25]), rng.chance(0.8) ? 2 * i + 1 : rng.int(2 ** 31), rng.bytes(rng.int(64))));
    case 3: // WINDOW_UPDATE of 0, RST_STREAM on idle streams, lying lengths
      return [frame(8, 0, 0, Buffer.from([0, 0, 0, 0])), frame(3, 0, 1, Buffer.from([0, 0, 0, 8])), frame(0, 1, 1, rng.bytes(4), 16_000_000)];
    case 4: // CONTINUATION without HEADERS, PRIORITY on itself, unknown types
      return [frame(9, 4, 1, rng.bytes(10)), frame(2, 0, 3, Buffer.from([0, 0, 0, 3, 16])), frame(0x42, 0xff, 5, rng.bytes(30))];
    default: // random frames
      return Array.from({ length: 1 + rng.int(10) }, () =>
        frame(rng.int(12), rng.int(256), rng.int(16), rng.bytes(rng.int(40)), rng.chance(0.2) ? rng.int(2 ** 24) : undefined),
      );
  }
}

async function stillServes(): Promise<void> {
  const c = new RawConnection({ port: ref.tlsPort, servername: 'lessons.test', ca: ref.rootPem });
  const outcome = await c.exchange(Buffer.from('GET / HTTP/1.1\r\nHost: lessons.test\r\n\r\n'), false, 5000);
  c.close();
  expect(outcome).toMatchObject({ kind: 'response', status: 301 });
  const session = await h2Connect('media.lessons.test');
  const status = await new Promise<number>((resolve, reject) => {
    const s = session.request({ ':path': '/-/media/Project/Lessons/icons/search.svg' });
    s.on('response', (h) => resolve(Number(h[':status'])));
    s.on('error', reject);
    s.resume();
  });
  session.destroy();
  expect(status).toBe(200);
}

beforeAll(async () => {
  ref = await spawnReference({ script: 'reference-server/src/testing/canary-reference.ts', args: [] });
  canaries = [String(ref.ready.canary), REPO_CANARY];
  const pki = await pkiOf(ref.rootPath);
  validOcsp = await requestFor(
    pki,
    pki.leaves.find((l) => l.role === 'site')!,
  );
  started = performance.now();
});

afterAll(async () => {
  await ref?.stop();
});

describe('fuzz', () => {
  test('the canaries are planted and the reference answers a valid OCSP request', async () => {
    expect((ref.ready.planted as string[]).length).toBeGreaterThan(50);
    const c = new RawConnection({ port: ref.httpPort });
    const outcome = await c.exchange(
      Buffer.concat([
        Buffer.from(`POST / HTTP/1.1\r\nHost: r10.o.pki.test\r\nContent-Type: application/ocsp-request\r\nContent-Length: ${validOcsp.length}\r\n\r\n`),
        validOcsp,
      ]),
      false,
      60_000,
    );
    c.close();
    expect(outcome).toMatchObject({ kind: 'response', status: 200, headers: { 'content-type': 'application/ocsp-response' } });
  });

  test('control: a canary in a br or gzip body is caught', () => {
    const r = newReport(canaries);
    checkAnswer(r, 'control br', 200, { 'content-encoding': 'br' }, zlib.brotliCompressSync(Buffer.from(`x ${canaries[0]} y`)));
    checkAnswer(r, 'control gzip', 200, { 'content-encoding': 'gzip' }, zlib.gzipSync(Buffer.from(`x ${canaries[1]} y`)));
    checkAnswer(r, 'control clean', 200, { 'content-encoding': 'gzip' }, zlib.gzipSync(Buffer.from('x y')));
    // (A short brotli stream may hold its input verbatim: then the raw body shows it too.)
    expect([...new Set(r.problems)]).toEqual([`control br: served canary content (${canaries[0]})`, `control gzip: served canary content (${canaries[1]})`]);
    expect(r.answered).toBe(3);
  });

  test('HTTP/1.1 over TLS: random and mutated requests for every role', async () => {
    const r = newReport(canaries);
    await runH1(r, COUNTS.h1Tls, SEED, h1Request, () => ref.tlsPort);
    await stillServes();
    settle(r);
    // Every request sent once and accounted for once: answered, or (broken framing only) left waiting or closed.
    expect(r.sent).toBe(COUNTS.h1Tls);
    expect(r.answered + r.waited + total(r.unanswered)).toBe(r.sent);
    expect(r.waited + total(r.unanswered)).toBeLessThanOrEqual(r.brokenFraming);
  });

  test('OCSP bodies: random, truncated, bit-flipped, lying DER lengths (plain port and TLS)', async () => {
    const r = newReport(canaries);
    await runH1(
      r,
      COUNTS.ocspPlain,
      SEED + 1,
      (rng) => ocspRequest(rng, validOcsp),
      () => ref.httpPort,
    );
    await runH1(
      r,
      COUNTS.ocspTls,
      SEED + 2,
      (rng) => ocspRequest(rng, validOcsp, rng.pick(['r10.o.pki.test', 'r11.o.pki.test'])),
      () => ref.tlsPort,
    );
    await stillServes();
    settle(r);
    // Their framing is never broken: every one is answered.
    expect(r.sent).toBe(COUNTS.ocspPlain + COUNTS.ocspTls);
    expect(r.brokenFraming).toBe(0);
    expect(r.answered).toBe(r.sent);
  });

  test('HTTP/2: random and mutated requests for every role', async () => {
    const r = newReport(canaries);
    await runH2(r, COUNTS.h2, SEED + 3);
    await stillServes();
    settle(r);
    // Every header list is one Node's client sends; each stream is answered, reset as malformed
    // (PROTOCOL_ERROR), or refused by a session going away and sent once more.
    expect(r.h2NotSendable).toBe(0);
    expect(r.sent).toBe(COUNTS.h2 + r.h2Retried);
    expect(r.answered + r.h2Reset + r.h2Retried).toBe(r.sent);
  });

  test('HTTP/2 abuse: rapid reset, more streams than allowed, junk frames', async () => {
    const r = newReport(canaries);
    // Rapid reset (CVE-2023-44487): open and cancel streams as fast as possible.
    const session = await h2Connect('www.lessons.test');
    let opened = 0;
    for (let i = 0; i < COUNTS.rapidReset && !session.closed && !session.destroyed; i++) {
      try {
        const s = session.request({ ':path': '/static/css/main.css', 'accept-encoding': 'gzip' });
        s.on('error', () => undefined);
        s.close(http2.constants.NGHTTP2_CANCEL);
        opened++;
      } catch (error) {
        problem(r, `rapid reset: stream ${i + 1} could not be opened: ${String(error)}`);
        break;
      }
    }
    r.sent += opened;
    await new Promise((resolve) => setTimeout(resolve, 200));
    session.destroy();
    // The loop runs without yielding: the session cannot close under it, every stream is opened and cancelled.
    expect(opened).toBe(COUNTS.rapidReset);

    // Many streams at once on one session, over the server's limit of concurrent streams (128):
    // the client is told not to hold them back (Node's default assumes 100 until the server's
    // SETTINGS come, then 128), so all go out at once. The server answers those within its limit,
    // refuses the excess (REFUSED_STREAM) and, past 100 refused streams, closes the session (the
    // rest cancelled). Each stream is answered or reset, never 5xx; every answer is the image.
    const many = await h2Connect('www.lessons.test', { peerMaxConcurrentStreams: 1000 });
    const resets: number[] = [];
    const statuses = await Promise.all(
      Array.from({ length: COUNTS.manyStreams }, (_, i) =>
        h2Exchange(r, many, `many streams #${i}`, { ':path': `/static/img/logo.png?${i}` }, undefined, { resets }),
      ),
    );
    many.destroy();
    manyStreams = { answered: statuses.filter((s) => s !== 0).length, reset: resets.length };
    expect(manyStreams.answered + manyStreams.reset).toBe(COUNTS.manyStreams);
    expect(statuses.filter((s) => s !== 0 && s !== 200)).toEqual([]);
    expect(manyStreams.answered).toBeGreaterThan(0);
    expect(resets.map(http2ErrorName)).toContain('NGHTTP2_REFUSED_STREAM');
    expect(resets.filter((c) => c !== http2.constants.NGHTTP2_REFUSED_STREAM && c !== http2.constants.NGHTTP2_CANCEL).map(http2ErrorName)).toEqual([]);
    r.h2Reset -= resets.length;

    // CONNECT over HTTP/2 (the fuzz's HTTP/1.1 requests send it too): 405, the session lives on.
    const connect = await h2Connect('www.lessons.test');
    expect(await h2Exchange(r, connect, 'h2 CONNECT', { ':method': 'CONNECT', ':authority': 'www.lessons.test:443' })).toBe(405);
    expect(await h2Exchange(r, connect, 'h2 after CONNECT', { ':path': '/static/css/main.css' })).toBe(200);
    connect.destroy();

    const rng = new Rng(SEED + 4);
    let batches = 0;
    for (let i = 0; i < COUNTS.rawFrameConnections && leftMs() > 0; i += RAW_BATCH) {
      await Promise.all(Array.from({ length: RAW_BATCH }, () => rawH2(r, randomFrames(rng), { port: ref.tlsPort, ca: ref.rootPem })));
      batches++;
    }
    r.sent += r.rawConnections;
    await stillServes();
    settle(r);
    // Every raw connection was opened, and on each the server spoke HTTP/2 first (its SETTINGS).
    expect(batches).toBe(Math.ceil(COUNTS.rawFrameConnections / RAW_BATCH));
    expect(r.rawConnections).toBe(batches * RAW_BATCH);
    expect(r.serverSettings).toBe(r.rawConnections);
  });

  test('the process stayed up; no malformed answer, no 5xx, no canary served', () => {
    const seconds = (performance.now() - started) / 1000;
    const statuses = [...report.statuses]
      .sort((a, b) => a[0] - b[0])
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ');
    console.log(
      [
        `fuzz (seed ${SEED}): ${report.sent} requests sent in ${seconds.toFixed(1)} s, ${report.answered} answered`,
        `  statuses: ${statuses}`,
        `  connection closed without an answer: ${[...report.unanswered].map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`,
        `  broken framing left waiting (client gave up): ${report.waited}; HTTP/2 streams reset: ${report.h2Reset}; not sendable by Node's client: ${report.h2NotSendable}`,
        ...report.h2ResetSamples.map((s) => `    reset: ${s}`),
        `  ${COUNTS.manyStreams} streams at once on one session: ${manyStreams.answered} answered, ${manyStreams.reset} reset; ${COUNTS.rapidReset} streams opened and cancelled at once`,
        `  canaries planted: ${(ref.ready.planted as string[]).length}; problems: ${report.problems.length}`,
        ...report.problems.map((p) => `    ${p}`),
      ].join('\n'),
    );
    expect(ref.exited()).toBeUndefined();
    expect(ref.stderr()).not.toMatch(/Uncaught|TypeError|RangeError|ReferenceError|FATAL/);
    expect(report.problems).toEqual([]);
  });
});
