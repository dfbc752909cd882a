/**
 * Throughput of the replay: 5,000 exchanges of specs/ against a reference process, sent by the
 * replay engine (request built from the template, raw-line transport with the body cap, observed,
 * asked twice for noise learning, every expectation and named check evaluated with the repeat at
 * hand, the noise learned) vs a bare undici `request()` loop sending the same requests (both of
 * each pair) to the same server with the same dispatcher setup and concurrency, interleaved rounds.
 * Exchanges whose address is discovered are resolved by the engine in every round from a fresh
 * discovery cache (the source pages' requests count against it); the bare loop is given the
 * addresses. Prints both rates in requests per second and the ratio against the 0.7x target.
 */
import * as path from 'node:path';
import { request } from 'undici';
import { launchReference, targetEnvOf } from '../harness/src/embedded/reference-process';
import { discoveryOver, resolveDiscover } from '../harness/src/replay/discovered';
import { buildRequest, replayPlaceholders } from '../harness/src/replay/run';
import { learnNoise } from '../harness/src/noise';
import { evaluateExchange } from '../harness/src/spec/evaluate';
import { loadSpecs } from '../harness/src/spec/load';
import { toObservedExchange } from '../harness/src/spec/observe';
import type { ExchangeSpec } from '../harness/src/spec/types';
import { createDispatcher, loadTargetMap, type Role } from '../harness/src/target';
import { send } from '../harness/src/transport/send';

const TOTAL = Number(process.env.BENCH_EXCHANGES ?? 5000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const root = path.resolve(__dirname, '..');

/** Requests per second of `n` units of work, each sending `requestsPerUnit` requests. */
async function pool(n: number, work: (i: number) => Promise<void>, requestsPerUnit = 1): Promise<number> {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < n) await work(next++);
  }));
  return (n * requestsPerUnit) / ((performance.now() - t0) / 1000);
}

async function main(): Promise<void> {
  const ref = await launchReference({ command: process.execPath, args: ['--import', 'tsx', path.join('reference-server', 'src', 'main.ts'), '--port', '0', '--http-port', '0', '--json'], cwd: root });
  try {
    const map = loadTargetMap(targetEnvOf(ref.ready) as NodeJS.ProcessEnv);
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
    const setup = discoveryOver(engine);
    for (const spec of loadSpecs(path.join(root, 'specs'))) {
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
      const discovery = discoveryOver(engine);
      return pool(TOTAL, async (i) => {
        const { role, ex } = items[i % items.length];
        const req = ex.discover ? await requestOf(ex, role, discovery) : items[i % items.length].req;
        const ask = async () => {
          const startedAt = new Date();
          const t0 = performance.now();
          const response = await send(engine, { url: req.url, method: req.method, headers: req.headers, ...(req.body ? { body: req.body } : {}) });
          return toObservedExchange({ target: map.origin, request: { method: req.method, url: req.url, headers: Object.entries(req.headers) }, response, protocol: 'h1', startedAt, totalMs: performance.now() - t0 });
        };
        const observed = await ask();
        const repeat = await ask();
        const findings = evaluateExchange(ex, observed, { role, placeholders: req.vars, targetOrigin: map.origin, previous: [], repeat });
        learnNoise(observed, repeat);
        failures += findings.filter((f) => f.verdict === 'fail' || f.verdict === 'error').length;
      }, 2).finally(() => (discoveryRequests += discovery.requests));
    };
    const runBare = () =>
      pool(TOTAL, async (i) => {
        const { req } = items[i % items.length];
        for (let k = 0; k < 2; k++) {
          const res = await request(req.url, { dispatcher: bare, method: req.method as 'GET', headers: req.headers, ...(req.body ? { body: req.body } : {}) });
          await res.body.arrayBuffer();
        }
      }, 2);
    await runBare(); // warm-up of both paths (connections, JIT, the reference's caches)
    await runEngine();
    const rounds: Array<[number, number]> = [];
    for (let r = 0; r < 2; r++) rounds.push([await runBare(), await runEngine()]);
    const bareRate = Math.max(...rounds.map(([b]) => b));
    const engineRate = Math.max(...rounds.map(([, e]) => e));
    const ratio = engineRate / bareRate;
    console.log(`${TOTAL} exchanges (${items.length} distinct from specs/, ${items.filter((x) => x.ex.discover).length} on discovered addresses), each asked twice (noise learning), concurrency ${CONCURRENCY}, best of ${rounds.length} interleaved rounds`);
    console.log(`discovery: ${discoveryRequests / (rounds.length + 1)} source-page requests per round, made by the engine and counted in its time`);
    console.log(`bare undici loop (same requests):          ${bareRate.toFixed(0)} req/s`);
    console.log(`replay with all checks and noise learning: ${engineRate.toFixed(0)} req/s`);
    console.log(`ratio ${ratio.toFixed(2)}x (target 0.7x): ${ratio >= 0.7 ? 'met' : 'MISSED'}; failing findings against the reference: ${failures}`);
    await engine.close();
    await bare.close();
  } finally {
    await ref.stop();
  }
}

void main();
