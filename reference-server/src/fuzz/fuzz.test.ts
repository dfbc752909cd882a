/**
 * Fuzz: generated requests across every role against the reference in a process of its own, on
 * a copy of its content with canaries planted beside every served folder. Asserts that the
 * process stays up, every answer is a well-formed HTTP response, nothing answers 5xx (the only
 * 5xx a spec allows, OCSP `internalError`, is never caused by input), and no canary byte is ever
 * served (bodies decoded from gzip/br first). Loopback only; bounded in count and time.
 * FUZZ_SEED=<n> replays a run; FUZZ_SCALE=<x> multiplies the counts (default 1: about 12,000).
 */
import * as http2 from 'node:http2';
import { performance } from 'node:perf_hooks';
import * as tls from 'node:tls';
import * as zlib from 'node:zlib';
import { requestFor } from '../hosts/ocsp/test-fixtures';
import { pkiOf, spawnReference, type ReferenceProcess } from '../testing/reference-process';
import { h1Request, h2Request, ocspRequest, Rng, type H1Request } from './generate';
import { RawConnection, type Outcome } from './raw-http';

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
/** A client gives up on one answer after this long (the server's own timeouts are far longer). */
const ANSWER_TIMEOUT_MS = 2000;
/** The whole fuzz run must end within this, whatever happens. */
const DEADLINE_MS = 100_000;

const REPO_CANARY = 'CANARY-5d0c1e9a';

let ref: ReferenceProcess;
let canaries: string[];
let validOcsp: Buffer;
let started = 0;
let manyStreams = { answered: 0, reset: 0 };

interface Report {
  sent: number;
  answered: number;
  statuses: Map<number, number>;
  problems: string[];
  /** Requests the server closed the connection on without an answer, by request kind. */
  unanswered: Map<string, number>;
  waited: number;
  h2NotSendable: number;
  h2Reset: number;
  h2ResetSamples: string[];
}
const report: Report = { sent: 0, answered: 0, statuses: new Map(), problems: [], unanswered: new Map(), waited: 0, h2NotSendable: 0, h2Reset: 0, h2ResetSamples: [] };

function http2ErrorName(code: number | undefined): string {
  const entry = Object.entries(http2.constants).find(([name, value]) => name.startsWith('NGHTTP2_') && !name.startsWith('NGHTTP2_ERR') && value === code && /NO_ERROR|PROTOCOL|INTERNAL|FLOW|STREAM_CLOSED|FRAME_SIZE|REFUSED|CANCEL|COMPRESSION|CONNECT_ERROR|ENHANCE|INADEQUATE|HTTP_1_1/.test(name));
  return entry ? entry[0] : `code ${code}`;
}

function problem(text: string): void {
  if (report.problems.length < 50) report.problems.push(text);
}

function leftMs(): number {
  return DEADLINE_MS - (performance.now() - started);
}

function decoded(status: number, headers: Record<string, string | string[] | undefined>, body: Buffer, label: string): Buffer[] {
  const coding = String(headers['content-encoding'] ?? '').toLowerCase();
  if (!body.length || status === 206 || !coding || coding === 'identity') return [body];
  try {
    if (coding === 'gzip') return [body, zlib.gunzipSync(body)];
    if (coding === 'br') return [body, zlib.brotliDecompressSync(body)];
  } catch (error) {
    problem(`${label}: ${status} body does not decode as ${coding}: ${String(error)}`);
    return [body];
  }
  problem(`${label}: unknown content-encoding ${coding}`);
  return [body];
}

/** The checks every answer gets, whatever the protocol. */
function checkAnswer(label: string, status: number, headers: Record<string, string | string[] | undefined>, body: Buffer): void {
  report.answered++;
  report.statuses.set(status, (report.statuses.get(status) ?? 0) + 1);
  if (!(status >= 100 && status <= 599)) problem(`${label}: status ${status}`);
  if (status >= 500) problem(`${label}: ${status}`);
  for (const bytes of decoded(status, headers, body, label)) {
    const text = bytes.toString('latin1');
    for (const marker of canaries) if (text.includes(marker)) problem(`${label}: served canary content (${marker})`);
  }
  for (const value of Object.values(headers)) {
    for (const marker of canaries) if (String(value).includes(marker)) problem(`${label}: canary content in a header`);
  }
}

function kindOf(req: H1Request): string {
  return req.label.split(' ')[0].slice(0, 20);
}

function recordH1(req: H1Request, outcome: Outcome): void {
  if (outcome.kind === 'response') checkAnswer(req.label, outcome.status, outcome.headers, outcome.body);
  else if (outcome.kind === 'malformed') problem(`${req.label}: malformed answer (${outcome.reason}): ${JSON.stringify(outcome.bytes.slice(0, 200))}`);
  else if (outcome.kind === 'timeout') {
    if (req.mayWait) report.waited++;
    else problem(`${req.label}: no answer within ${ANSWER_TIMEOUT_MS} ms (received ${JSON.stringify(outcome.bytes)}); request ${JSON.stringify(req.bytes.subarray(0, 400).toString('latin1'))}; after ${JSON.stringify(outcome.previous ?? 'nothing: new connection')}`);
  } else report.unanswered.set(kindOf(req), (report.unanswered.get(kindOf(req)) ?? 0) + 1);
}

/** Runs `count` generated HTTP/1.1 requests from WORKERS loops, one connection per name per loop. */
async function runH1(count: number, seed: number, make: (rng: Rng) => H1Request, port: () => number): Promise<void> {
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
          report.sent++;
          recordH1(req, await connection.exchange(req.bytes, req.head, ANSWER_TIMEOUT_MS));
        }
      } finally {
        for (const c of connections.values()) c.close();
      }
    }),
  );
}

function h2Connect(servername: string): Promise<http2.ClientHttp2Session> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(`https://${servername}:${ref.tlsPort}`, { host: '127.0.0.1', servername, ca: ref.rootPem, maxHeaderListPairs: 4096 });
    session.once('connect', () => resolve(session));
    session.once('error', reject);
    session.on('error', () => undefined);
  });
}

/** One HTTP/2 stream: its answer checked, or a reset counted. */
function h2Exchange(session: http2.ClientHttp2Session, label: string, headers: http2.OutgoingHttpHeaders, body?: Buffer, anyReset = false): Promise<void> {
  return new Promise((resolve) => {
    let stream: http2.ClientHttp2Stream;
    try {
      stream = session.request(headers, { endStream: !body });
    } catch {
      report.h2NotSendable++;
      resolve();
      return;
    }
    report.sent++;
    let status = 0;
    let responseHeaders: http2.IncomingHttpHeaders = {};
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      problem(`${label}: no HTTP/2 answer within ${ANSWER_TIMEOUT_MS} ms`);
      stream.close(http2.constants.NGHTTP2_CANCEL);
    }, ANSWER_TIMEOUT_MS);
    stream.on('response', (h) => {
      status = Number(h[':status']);
      responseHeaders = h;
    });
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('error', () => undefined);
    stream.on('close', () => {
      clearTimeout(timer);
      if (status) checkAnswer(label, status, responseHeaders as Record<string, string>, Buffer.concat(chunks));
      else {
        report.h2Reset++;
        // A malformed request (a :path nghttp2 refuses) is a stream error, RFC 9113 8.1.1; a
        // reset for any other reason is a problem, except where a test provokes it.
        if (!anyReset && stream.rstCode !== http2.constants.NGHTTP2_PROTOCOL_ERROR) problem(`${label}: stream reset (${http2ErrorName(stream.rstCode)})`);
        if (report.h2ResetSamples.length < 6) report.h2ResetSamples.push(`${label} (${http2ErrorName(stream.rstCode)})`);
      }
      resolve();
    });
    if (body) stream.end(body);
  });
}

async function runH2(count: number, seed: number): Promise<void> {
  const sessions = new Map<string, http2.ClientHttp2Session>();
  const sessionFor = async (name: string) => {
    let s = sessions.get(name);
    if (!s || s.closed || s.destroyed) sessions.set(name, (s = await h2Connect(name)));
    return s;
  };
  let next = 0;
  try {
    await Promise.all(
      Array.from({ length: WORKERS * 2 }, async (_, w) => {
        const rng = new Rng(seed * 17 + w);
        while (next < count && leftMs() > 0) {
          next++;
          const req = h2Request(rng);
          await h2Exchange(await sessionFor(req.servername), req.label, req.headers, req.body);
        }
      }),
    );
  } finally {
    for (const s of sessions.values()) s.destroy();
  }
}

/** A TLS connection speaking raw HTTP/2 frames: the preface, then what `frames` returns. */
function rawH2(frames: Buffer[]): Promise<void> {
  return new Promise((resolve) => {
    const socket = tls.connect({ host: '127.0.0.1', port: ref.tlsPort, servername: 'www.lessons.test', ca: ref.rootPem, ALPNProtocols: ['h2'] }, () => {
      socket.write(Buffer.concat([Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'), frame(4, 0, 0, Buffer.alloc(0)), ...frames]));
    });
    const timer = setTimeout(() => socket.destroy(), 300);
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function frame(type: number, flags: number, stream: number, payload: Buffer, declaredLength = payload.length): Buffer {
  const head = Buffer.alloc(9);
  head.writeUIntBE(declaredLength & 0xffffff, 0, 3);
  head[3] = type;
  head[4] = flags;
  head.writeUInt32BE(stream >>> 0, 5);
  return Buffer.concat([head, payload]);
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
      return Array.from({ length: 1 + rng.int(10) }, () => frame(rng.int(12), rng.int(256), rng.int(16), rng.bytes(rng.int(40)), rng.chance(0.2) ? rng.int(2 ** 24) : undefined));
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
  validOcsp = await requestFor(pki, pki.leaves.find((l) => l.role === 'site')!);
  started = performance.now();
}, 60_000);

afterAll(async () => {
  await ref?.stop();
});

describe('fuzz', () => {
  test('the canaries are planted and the reference answers a valid OCSP request', async () => {
    expect((ref.ready.planted as string[]).length).toBeGreaterThan(50);
    const c = new RawConnection({ port: ref.httpPort });
    const outcome = await c.exchange(
      Buffer.concat([Buffer.from(`POST / HTTP/1.1\r\nHost: r10.o.pki.test\r\nContent-Type: application/ocsp-request\r\nContent-Length: ${validOcsp.length}\r\n\r\n`), validOcsp]),
      false,
      10_000,
    );
    c.close();
    expect(outcome).toMatchObject({ kind: 'response', status: 200 });
  });

  test('control: a canary in a br or gzip body is caught', () => {
    const [problems, answered, statuses] = [report.problems.length, report.answered, new Map(report.statuses)];
    checkAnswer('control br', 200, { 'content-encoding': 'br' }, zlib.brotliCompressSync(Buffer.from(`x ${canaries[0]} y`)));
    checkAnswer('control gzip', 200, { 'content-encoding': 'gzip' }, zlib.gzipSync(Buffer.from(`x ${canaries[1]} y`)));
    const caught = report.problems.slice(problems);
    report.problems.length = problems;
    report.answered = answered;
    report.statuses = statuses;
    expect(caught.some((p) => p.startsWith('control br: served canary'))).toBe(true);
    expect(caught.some((p) => p.startsWith('control gzip: served canary'))).toBe(true);
  });

  test('HTTP/1.1 over TLS: random and mutated requests for every role', async () => {
    await runH1(COUNTS.h1Tls, SEED, h1Request, () => ref.tlsPort);
    await stillServes();
  }, 120_000);

  test('OCSP bodies: random, truncated, bit-flipped, lying DER lengths (plain port and TLS)', async () => {
    await runH1(COUNTS.ocspPlain, SEED + 1, (rng) => ocspRequest(rng, validOcsp), () => ref.httpPort);
    await runH1(COUNTS.ocspTls, SEED + 2, (rng) => ocspRequest(rng, validOcsp, rng.pick(['r10.o.pki.test', 'r11.o.pki.test'])), () => ref.tlsPort);
    await stillServes();
  }, 120_000);

  test('HTTP/2: random and mutated requests for every role', async () => {
    await runH2(COUNTS.h2, SEED + 3);
    await stillServes();
  }, 120_000);

  test('HTTP/2 abuse: rapid reset, more streams than allowed, junk frames', async () => {
    // Rapid reset (CVE-2023-44487): open and cancel streams as fast as possible.
    const session = await h2Connect('www.lessons.test');
    let opened = 0;
    for (let i = 0; i < COUNTS.rapidReset && !session.closed && !session.destroyed; i++) {
      try {
        const s = session.request({ ':path': '/static/css/main.css', 'accept-encoding': 'gzip' });
        s.on('error', () => undefined);
        s.close(http2.constants.NGHTTP2_CANCEL);
        opened++;
      } catch {
        break;
      }
    }
    report.sent += opened;
    await new Promise((r) => setTimeout(r, 200));
    session.destroy();

    // Many streams at once on one session, over the server's limit of concurrent streams (128):
    // Node's client does not hold them back, the server refuses the excess and, past 100 refused
    // streams, closes the session. Either way each stream is answered or reset, never 5xx.
    const many = await h2Connect('www.lessons.test');
    const [answeredBefore, resetBefore] = [report.answered, report.h2Reset];
    await Promise.all(Array.from({ length: COUNTS.manyStreams }, (_, i) => h2Exchange(many, `many streams #${i}`, { ':path': `/static/img/logo.png?${i}` }, undefined, true)));
    many.destroy();
    manyStreams = { answered: report.answered - answeredBefore, reset: report.h2Reset - resetBefore };
    report.h2Reset = resetBefore;

    // CONNECT over HTTP/2 (the fuzz's HTTP/1.1 requests send it too): 405, the session lives on.
    const connect = await h2Connect('www.lessons.test');
    await h2Exchange(connect, 'h2 CONNECT', { ':method': 'CONNECT', ':authority': 'www.lessons.test:443' });
    expect(report.statuses.get(405)).toBeGreaterThan(0);
    connect.destroy();

    const rng = new Rng(SEED + 4);
    for (let i = 0; i < COUNTS.rawFrameConnections && leftMs() > 0; i += 25) {
      await Promise.all(Array.from({ length: 25 }, () => rawH2(randomFrames(rng))));
      report.sent += 25;
    }
    await stillServes();
  }, 120_000);

  test('the process stayed up; no malformed answer, no 5xx, no canary served', () => {
    const seconds = (performance.now() - started) / 1000;
    const statuses = [...report.statuses].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}: ${n}`).join(', ');
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
    expect(report.sent).toBeGreaterThanOrEqual(10_000 * Math.min(1, SCALE));
  });
});
