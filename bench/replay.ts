/**
 * Throughput of the replay: 5,000 exchanges of specs/ against a reference process, sent by the
 * replay engine (request built from the template, raw-line transport with the body cap, observed,
 * asked twice for noise learning, every expectation and named check evaluated with the repeat at
 * hand, the noise learned) vs a bare undici `request()` loop sending the same requests (both of
 * each pair) to the same server with the same dispatcher setup and concurrency, interleaved rounds.
 * Exchanges whose address is discovered are resolved by the engine in every round from a fresh
 * discovery cache (the source pages' requests count against it); the bare loop is given the
 * addresses. Prints both rates in requests per second and the ratio against the 0.7x target.
 *
 * Then the protocol legs side by side, the h3 leg's rate beside h1's and h2's (legs.ts).
 *
 * Then a differential run: every spec item replayed by the differential engine (replayDifferential:
 * the candidate over h1 and h2, asked again only where its protocols disagree; the baseline, a
 * second reference process, asked twice on each protocol, its rate cap lifted; every expectation,
 * check, noise and comparison) vs three bare undici loops sending the same requests (the baseline's
 * first answers, its second answers, the candidate's), recorded from the engine's own first round,
 * the loops running side by side with the same total concurrency. Target 0.6x. No HTTP/3 legs
 * there: the loops have no h3 peer.
 *
 * Then the cost of an extra node (nodes.ts): the replay of every item against one node, and
 * against two, per node.
 */
import * as path from 'node:path';
import { request } from 'undici';
import { startEmbeddedReference } from '../harness/src/embedded/start-reference';
import { discoveryOver, resolveDiscover } from '../harness/src/replay/discovered';
import { buildRequest, replayPlaceholders } from '../harness/src/replay';
import { learnNoise } from '../harness/src/noise';
import { CHECKS } from '../harness/src/checks';
import { evaluateExchange } from '../harness/src/spec-model/evaluate';
import { loadSpecs } from '../harness/src/spec-model/load';
import { toObservedExchange } from '../harness/src/spec-model/observe';
import type { ExchangeSpec } from '../harness/src/spec-model/types';
import { type Role, type TargetMap } from '../harness/src/target-map';
import { createDispatcher } from '../harness/src/target-map/dispatcher';
import { send, TransportError } from '../harness/src/transport/send';
import { replayDifferential } from '../harness/src/diff/replay';
import { hostMapping } from '../harness/src/diff/hosts';
import { ReplayClients, type BeforeRequest } from '../harness/src/replay';
import { BASELINE_SIDE } from '../harness/src/target-map';
import type { EmbeddedReference } from '../harness/src/embedded/start-reference';
import { legRates } from './legs';
import { nodeRates } from './nodes';
import { referenceMap } from './map';
import { pool } from './pool';

/** Transport errors of the bare loops (a loaded machine resets a connection now and then): counted and printed, never a crash. */
let bareErrors = 0;
let engineErrors = 0;
async function bareRequest(url: string, options: Parameters<typeof request>[1]): Promise<void> {
  try {
    const res = await request(url, options);
    await res.body.arrayBuffer();
  } catch (e) {
    if (bareErrors++ === 0) console.error(`bare loop: ${(e as Error).message} (counted; later ones too)`);
  }
}

const TOTAL = Number(process.env.BENCH_EXCHANGES ?? 5000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const root = path.resolve(__dirname, '..');

// The replay bench whole: the engine loop and the bare loop are closures over the same items,
// dispatchers and counters, and the rounds and the printout read them all; apart, each piece
// would take most of them as parameters.
async function main(): Promise<void> {
  const ref = await startEmbeddedReference();
  try {
    const map = referenceMap(ref.ready);
    const values = replayPlaceholders(map);
    const engine = createDispatcher(map, { allowH2: false });
    const bare = createDispatcher(map, { allowH2: false });
    /** The request of an exchange, its discovered address resolved through `discovery`. */
    const requestOf = async (ex: ExchangeSpec, role: Role, discovery: ReturnType<typeof discoveryOver>) => {
      let vars: Record<string, string> = values;
      if (ex.discover) {
        const r = await resolveDiscover(ex, { map, discovery }, role, values);
        if (r.kind !== 'found') throw new Error(`${ex.id}: not discovered`);
        vars = { ...values, ...Object.fromEntries(Object.entries(r.vars).map(([k, v]) => [`{{${k}}}`, v])) };
      }
      return { ...buildRequest(ex, vars, map, role), vars };
    };
    const items: Array<{ role: Role; ex: ExchangeSpec; req: Awaited<ReturnType<typeof requestOf>> }> = [];
    const setup = discoveryOver(engine, map.limits);
    for (const spec of loadSpecs(path.join(root, 'specs'), CHECKS)) {
      for (const ex of spec.exchanges) {
        try {
          items.push({ role: spec.role, ex, req: await requestOf(ex, spec.role, setup) });
        } catch {
          /* needs a flow variable */
        }
      }
    }
    let failures = 0;
    let discoveryRequests = 0;
    const runEngine = () => {
      const discovery = discoveryOver(engine, map.limits);
      return pool(
        TOTAL,
        CONCURRENCY,
        async (i) => {
          const { role, ex } = items[i % items.length];
          const req = ex.discover ? await requestOf(ex, role, discovery) : items[i % items.length].req;
          const ask = async () => {
            const startedAt = new Date();
            const t0 = performance.now();
            const response = await send(
              engine,
              { url: req.url, method: req.method, headers: req.headers, ...(req.body ? { body: req.body } : {}) },
              map.limits,
            );
            return toObservedExchange({
              target: map.origin,
              request: { method: req.method, url: req.url, headers: Object.entries(req.headers) },
              response,
              protocol: 'h1',
              startedAt,
              totalMs: performance.now() - t0,
              bodyCapBytes: map.limits.bodyCapBytes,
            });
          };
          let observed, repeat;
          try {
            observed = await ask();
            repeat = await ask();
          } catch (e) {
            // The replay makes such an error a finding; here it is counted, like the bare loop's.
            if (!(e instanceof TransportError)) throw e;
            if (engineErrors++ === 0) console.error(`engine: ${e.message} (counted; later ones too)`);
            return;
          }
          const findings = evaluateExchange(ex, observed, { role, placeholders: req.vars, targetOrigin: map.origin, previous: [], repeat, checks: CHECKS });
          learnNoise(observed, repeat);
          failures += findings.filter((f) => f.verdict === 'fail' || f.verdict === 'error').length;
        },
        2,
      ).finally(() => (discoveryRequests += discovery.requests));
    };
    const runBare = () =>
      pool(
        TOTAL,
        CONCURRENCY,
        async (i) => {
          const { req } = items[i % items.length];
          for (let k = 0; k < 2; k++) {
            await bareRequest(req.url, {
              dispatcher: bare,
              method: req.method as 'GET',
              headers: req.headers,
              ...(req.body ? { body: req.body } : {}),
            });
          }
        },
        2,
      );
    await runBare(); // warm-up of both paths (connections, JIT, the reference's caches)
    await runEngine();
    const rounds: Array<[number, number]> = [];
    for (let r = 0; r < 2; r++) rounds.push([await runBare(), await runEngine()]);
    const bareRate = Math.max(...rounds.map(([b]) => b));
    const engineRate = Math.max(...rounds.map(([, e]) => e));
    const ratio = engineRate / bareRate;
    console.log(
      `${TOTAL} exchanges (${items.length} distinct from specs/, ${items.filter((x) => x.ex.discover).length} on discovered addresses), each asked twice (noise learning), concurrency ${CONCURRENCY}, best of ${rounds.length} interleaved rounds`,
    );
    console.log(`discovery: ${discoveryRequests / (rounds.length + 1)} source-page requests per round, made by the engine and counted in its time`);
    console.log(`bare undici loop (same requests):          ${bareRate.toFixed(0)} req/s`);
    console.log(`replay with all checks and noise learning: ${engineRate.toFixed(0)} req/s`);
    console.log(`ratio ${ratio.toFixed(2)}x (target 0.7x): ${ratio >= 0.7 ? 'met' : 'MISSED'}; failing findings against the reference: ${failures}`);
    await engine.close();
    await bare.close();
    if (process.env.BENCH_LEGS !== '0') await legRates(ref, CONCURRENCY);
    if (process.env.BENCH_DIFFERENTIAL !== '0') await differential(ref);
    if (process.env.BENCH_NODES !== '0') await nodeRates();
  } finally {
    await ref.stop();
  }
}

/** One request as the engine sent it, to be sent again by a bare loop. */
interface Sent {
  side: 'baseline-first' | 'baseline-again' | 'candidate';
  protocol: 'h1' | 'h2';
  request: Parameters<BeforeRequest>[0];
}

/**
 * The requests the engine sent, sent again by three bare undici loops at once (the baseline's first
 * and second askings, the candidate's), `rounds` times over: their rate in requests per second.
 */
async function bareLoopRate(list: Sent[], rounds: number, candidateMap: TargetMap, baselineMap: TargetMap): Promise<number> {
  const dispatchers = {
    candidate: { h1: createDispatcher(candidateMap, { allowH2: false }), h2: createDispatcher(candidateMap, { allowH2: true }) },
    baseline: { h1: createDispatcher(baselineMap, { allowH2: false }), h2: createDispatcher(baselineMap, { allowH2: true }) },
  };
  const loops = (['baseline-first', 'baseline-again', 'candidate'] as const).map((side) => list.filter((x) => x.side === side));
  const perLoop = Math.max(1, Math.round(CONCURRENCY / 3));
  const t0 = performance.now();
  let sent = 0;
  await Promise.all(
    loops.map(async (loop) => {
      let next = 0;
      const total = loop.length * rounds;
      await Promise.all(
        Array.from({ length: perLoop }, async () => {
          while (next < total) {
            const x = loop[next++ % loop.length];
            const d = dispatchers[x.side === 'candidate' ? 'candidate' : 'baseline'][x.protocol];
            await bareRequest(x.request.url, {
              dispatcher: d,
              method: x.request.method as 'GET',
              headers: x.request.headers,
              ...(x.request.body ? { body: x.request.body } : {}),
            });
            sent++;
          }
        }),
      );
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  await Promise.all(Object.values(dispatchers).flatMap((d) => [d.h1.close(), d.h2.close()]));
  return sent / seconds;
}

// The differential bench whole: its engine runs record what the loops then send, and the rounds,
// the counters (failing, diffs) and the printout all read the same recording, items and maps.
async function differential(candidateRef: EmbeddedReference): Promise<void> {
  const baselineRef = await startEmbeddedReference();
  try {
    const candidateMap = referenceMap(candidateRef.ready);
    const baselineMap = referenceMap(baselineRef.ready, BASELINE_SIDE);
    const specs = loadSpecs(path.join(root, 'specs'), CHECKS);
    const items = specs.flatMap((spec) => [...spec.exchanges, ...(spec.flows ?? [])].map((item) => ({ role: spec.role, item })));
    const hosts = hostMapping(baselineMap, candidateMap);
    const settings = { allowUnsafe: false, maxRps: undefined };
    const ROUNDS = Number(process.env.BENCH_DIFF_ROUNDS ?? 12);
    let recording: Sent[] | undefined;
    /** A baseline request is its item's first or second asking: the engine asks the baseline's legs in order h1, h2, h1, h2. */
    const seen = new Map<string, number>();
    const record =
      (side: 'baseline' | 'candidate'): BeforeRequest =>
      async (request, protocol) => {
        if (!recording || protocol === 'h3') return;
        if (side === 'candidate') return void recording.push({ side: 'candidate', protocol, request });
        const k = `${protocol} ${request.method} ${request.url}`;
        const n = (seen.get(k) ?? 0) + 1;
        seen.set(k, n);
        recording.push({ side: n % 2 === 1 ? 'baseline-first' : 'baseline-again', protocol, request });
      };
    let failing = 0;
    let diffs = 0;
    const runEngine = async (rounds: number) => {
      // No HTTP/3 legs here: the loops have no h3 peer; the h3 leg's rate is measured against its own (legs.ts).
      const c = new ReplayClients(candidateMap, { beforeRequest: record('candidate'), h3: false });
      const b = new ReplayClients(baselineMap, { beforeRequest: record('baseline'), h3: false });
      let sent = 0;
      const count = () => {
        sent++;
        return Promise.resolve();
      };
      const counted = (clients: ReplayClients, side: 'baseline' | 'candidate') =>
        Object.assign(clients, { beforeRequest: (r: Parameters<BeforeRequest>[0], p: Parameters<BeforeRequest>[1]) => (count(), record(side)(r, p)) });
      counted(c, 'candidate');
      counted(b, 'baseline');
      const t0 = performance.now();
      let next = 0;
      const total = items.length * rounds;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < total) {
            const { role, item } = items[next++ % items.length];
            const { record: rec } = await replayDifferential(item, c, b, { role, settings, hosts });
            failing += [...rec.legs.flatMap((l) => l.steps.flatMap((s) => s.findings)), ...(rec.diff ?? [])].filter(
              (f) => f.verdict === 'fail' || f.verdict === 'error',
            ).length;
            diffs += (rec.diff ?? []).filter((f) => f.verdict === 'diff').length;
          }
        }),
      );
      const seconds = (performance.now() - t0) / 1000;
      await Promise.all([c.close(), b.close()]);
      return { rate: sent / seconds, sent };
    };
    const runLoops = (list: Sent[], rounds: number) => bareLoopRate(list, rounds, candidateMap, baselineMap);
    recording = [];
    await runEngine(1); // warm-up, and the requests the loops will send
    const list = recording;
    recording = undefined;
    await runLoops(list, 1);
    const rounds: Array<[number, number]> = [];
    let perItem = 0;
    for (let r = 0; r < 2; r++) {
      const loops = await runLoops(list, ROUNDS);
      const engine = await runEngine(ROUNDS);
      perItem = engine.sent / (items.length * ROUNDS);
      rounds.push([loops, engine.rate]);
    }
    const loopRate = Math.max(...rounds.map(([l]) => l));
    const engineRate = Math.max(...rounds.map(([, e]) => e));
    const ratio = engineRate / loopRate;
    const bySide = (side: Sent['side']) => list.filter((x) => x.side === side).length;
    console.log('');
    console.log(
      `differential: ${items.length} spec items x ${ROUNDS} per round, concurrency ${CONCURRENCY}, baseline rate cap lifted, h3 legs off (measured above), best of ${rounds.length} interleaved rounds`,
    );
    console.log(
      `requests per item: ${perItem.toFixed(2)} (of one round: baseline first ${bySide('baseline-first')}, baseline again ${bySide('baseline-again')}, candidate ${bySide('candidate')}; h2 ${list.filter((x) => x.protocol === 'h2').length} of ${list.length}, sent by the loops through undici's own h2 client)`,
    );
    console.log(`three bare undici loops (same requests):   ${loopRate.toFixed(0)} req/s`);
    console.log(`differential replay (both sides, judged):  ${engineRate.toFixed(0)} req/s`);
    console.log(
      `ratio ${ratio.toFixed(2)}x (target 0.6x): ${ratio >= 0.6 ? 'met' : 'MISSED'}; failing findings ${failing}, diffs ${diffs} (the reference against itself: both 0)`,
    );
  } finally {
    await baselineRef.stop();
  }
}

main()
  .then(() => {
    if (bareErrors) console.log(`bare loops: ${bareErrors} transport errors (a loaded machine's resets), counted as requests sent`);
    if (engineErrors) console.log(`engine: ${engineErrors} exchanges ended by a transport error, counted as sent`);
  })
  .catch((e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  });
