/**
 * Where one replayed exchange's time goes: every item of specs/ replayed as the suite replays it
 * (`replayItem`: HTTP/1.1 and HTTP/2 legs, each asked twice, every expectation and check, noise,
 * the protocol comparison, the record), then its record checked, learned and redacted as the
 * Playwright glue attaches it (tests/support/attach.ts), against a reference process, one item at
 * a time, under the V8 profiler of this process. Each sample is counted to the stage of the
 * innermost harness frame on its stack (templating, sending, observation, evaluation, noise,
 * comparison, record and redaction; a library's frames count to the harness code that called
 * them); samples with no harness frame (socket reads and TLS in the event loop, the garbage
 * collector) are counted apart. Prints CPU microseconds per item by stage, and the wall time.
 *
 *   npm run bench:stages        (BENCH_STAGE_ROUNDS: rounds measured after one warm-up, default 5;
 *                                BENCH_STAGE_DETAIL=1: the innermost harness functions too)
 */
import { Session } from 'node:inspector/promises';
import * as path from 'node:path';
import { CHECKS } from '../harness/src/checks';
import { startEmbeddedReference } from '../harness/src/embedded/start-reference';
import { runRedactor } from '../harness/src/har/redact';
import { checkedRecord } from '../harness/src/record/check';
import { ReplayClients, replayItem } from '../harness/src/replay';
import { loadSpecs } from '../harness/src/spec-model/load';
import { referenceMap } from './map';

const ROUNDS = Number(process.env.BENCH_STAGE_ROUNDS ?? 5);
const root = path.resolve(__dirname, '..');

/** The stage of a harness file, by the folder or file that does it; first match wins. */
const STAGES: Array<[string, RegExp]> = [
  ['templating (request, placeholders, discovery)', /\/harness\/src\/(replay\/(request|discovered)|discover\/|spec-model\/placeholders)/],
  ['sending (dispatcher, HTTP/2 client, transport)', /\/harness\/src\/(transport\/|target-map\/|replay\/(clients|exchange))/],
  ['observation (headers, cookies, body decoding)', /\/harness\/src\/(spec-model\/observe|replay\/(response-record|answer-facts))/],
  ['evaluation (expectations, matchers, named checks)', /\/harness\/src\/(spec-model\/|checks\/|shapes\/|replay\/evaluate-leg)/],
  ['noise learning', /\/harness\/src\/noise\//],
  ['protocol comparison', /\/harness\/src\/(replay\/parity|diff\/)/],
  ['record, schema check and redaction', /\/harness\/src\/(record\/|har\/redact|report\/|core\/redactor)/],
  ['the replay step and item around them', /\/harness\/src\/(replay\/|core\/|known\/)/],
];

interface ProfileNode {
  id: number;
  callFrame: { url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** CPU microseconds by stage: each sample counted to the innermost harness frame on its stack. */
function byStage(profile: Profile, detail?: Map<string, number>): Map<string, number> {
  const parent = new Map<number, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stageOf = new Map<number, string>();
  const resolve = (id: number): string => {
    const known = stageOf.get(id);
    if (known) return known;
    const url = byId.get(id)?.callFrame.url ?? '';
    const own = url.includes('/harness/src/') ? (STAGES.find(([, re]) => re.test(url))?.[0] ?? 'other harness code') : undefined;
    const up = parent.get(id);
    const stage = own ?? (up === undefined ? 'outside the harness (event loop, TLS, garbage collector)' : resolve(up));
    stageOf.set(id, stage);
    return stage;
  };
  const out = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    // The profiler's idle and program ticks are not work of this process.
    if (!node || /^\((idle|program)\)$/.test((node as unknown as { callFrame: { functionName: string } }).callFrame.functionName)) return;
    const stage = resolve(id);
    out.set(stage, (out.get(stage) ?? 0) + (profile.timeDeltas[i] ?? 0));
    if (detail) {
      // The innermost harness frame, by file and function.
      let at: number | undefined = id;
      while (at !== undefined && !(byId.get(at)?.callFrame.url ?? '').includes('/harness/src/')) at = parent.get(at);
      const frame = at === undefined ? undefined : (byId.get(at)?.callFrame as { url: string; functionName?: string } | undefined);
      const key = frame ? `${frame.url.split('/harness/src/')[1]} ${frame.functionName || '(anonymous)'}` : '(no harness frame)';
      detail.set(key, (detail.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
    }
  });
  return out;
}

async function main(): Promise<void> {
  const ref = await startEmbeddedReference({ args: ['--no-http3'] });
  const clients = new ReplayClients(referenceMap(ref.ready), { h3: false });
  const redactor = runRedactor({});
  const items = loadSpecs(path.join(root, 'specs'), CHECKS).flatMap((spec) => [...spec.exchanges, ...(spec.flows ?? [])].map((item) => ({ spec, item })));
  const round = async () => {
    for (const { spec, item } of items) {
      const record = await replayItem(item, clients, { role: spec.role });
      redactor.learn(checkedRecord(record)).scrub(JSON.stringify(record, null, 2));
    }
  };
  const session = new Session();
  try {
    await round(); // warm-up: connections, JIT, the reference's caches
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    for (let r = 0; r < ROUNDS; r++) await round();
    const wallMs = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
    const n = items.length * ROUNDS;
    const detail = process.env.BENCH_STAGE_DETAIL ? new Map<string, number>() : undefined;
    const stages = [...byStage(profile, detail)].sort((a, b) => b[1] - a[1]);
    const sampled = stages.reduce((s, [, us]) => s + us, 0);
    console.log(`${items.length} items of specs/ (HTTP/1.1 and HTTP/2, each asked twice), ${ROUNDS} rounds after a warm-up, one item at a time`);
    console.log(`per item: ${(wallMs / n).toFixed(2)} ms wall, ${((cpu.user + cpu.system) / n / 1000).toFixed(2)} ms CPU of this process`);
    for (const [stage, us] of stages) console.log(`  ${(us / n).toFixed(0).padStart(6)} µs  ${((100 * us) / sampled).toFixed(1).padStart(5)}%  ${stage}`);
    if (detail) {
      console.log('the innermost harness frames (BENCH_STAGE_DETAIL):');
      for (const [key, us] of [...detail].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${(us / n).toFixed(0).padStart(6)} µs  ${key}`);
    }
  } finally {
    session.disconnect();
    await clients.close();
    await ref.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
