/**
 * The leak check: mixed traffic over every role against a reference in a process of its own, in
 * rounds of a fixed number of requests, with the memory the reference still holds after full
 * collections read between rounds through its inspector. A leak is growth with the number of
 * requests served (the slope across rounds), so neither the machine's load nor when the collector
 * happens to run can move the verdict; what must return to its start value once the clients have
 * gone (handles, sockets, file descriptors) is compared with the start. Resident memory and
 * throughput are the soak's (`npm run soak`), not this check's.
 */
import { openFds, spawnReference, type ReferenceProcess } from './own-process';
import { InspectorClient } from './inspector';
import { agents, emptyTally, exchange, plan, probe, tallyAnswer, type Agents, type Planned, type Tally } from './traffic';

export interface LeakCheckOptions {
  /** The reference's entry point (default its `main.ts`); the leak check's own test passes a leaking one. */
  script?: string;
  args?: string[];
  /** Rounds sent before the first reading: caches fill and code is compiled. Default 2. */
  warmupRounds?: number;
  /** Rounds read after the warm-up. Default 6. */
  rounds?: number;
  /** Requests per round. Default 2,400. */
  perRound?: number;
  /** Requests in flight, half over HTTP/1.1 and half over HTTP/2. Default 16. */
  concurrency?: number;
  /** The most held memory may grow per request served before it is a leak. Default 64 bytes. */
  maxBytesPerRequest?: number;
  /** How long handles and sockets may take to close once the clients have gone. Default 30,000 ms. */
  settleMs?: number;
}

export interface Reading {
  /** Requests answered so far, warm-up included. */
  requests: number;
  /** `heapUsed + external` after full collections, in bytes. */
  held: number;
}

export interface LeakCheckResult {
  planned: number;
  requests: number;
  errors: number;
  serverErrors: number;
  wrongStatus: number;
  firstProblems: string[];
  readings: Reading[];
  /** Growth of held memory per request served (the median of the slopes between every two readings). */
  bytesPerRequest: number;
  maxBytesPerRequest: number;
  resourcesBefore: Record<string, number>;
  resourcesAfter: Record<string, number>;
  fdsBefore: number;
  fdsAfter: number;
  problems: string[];
}

/** Theil-Sen: the median of the pairwise slopes, which one odd reading cannot pull. */
export function medianSlope(points: ReadonlyArray<{ x: number; y: number }>): number {
  const slopes: number[] = [];
  for (let i = 0; i < points.length; i++)
    for (let j = i + 1; j < points.length; j++) if (points[j].x !== points[i].x) slopes.push((points[j].y - points[i].y) / (points[j].x - points[i].x));
  if (!slopes.length) throw new Error('a slope needs two readings at different request counts');
  slopes.sort((a, b) => a - b);
  const mid = slopes.length >> 1;
  return slopes.length % 2 ? slopes[mid] : (slopes[mid - 1] + slopes[mid]) / 2;
}

/** Types whose count is higher than at the start, as `Type before -> after`. */
export function resourcesLeft(before: Record<string, number>, after: Record<string, number>): string[] {
  return Object.keys(after)
    .filter((type) => after[type] > (before[type] ?? 0))
    .map((type) => `${type} ${before[type] ?? 0} -> ${after[type]}`);
}

/** Sends exactly `count` requests, `concurrency` in flight, alternating protocols by worker. */
async function round(
  planned: readonly Planned[],
  expected: Map<Planned, number>,
  clients: Agents,
  count: number,
  concurrency: number,
  tally: Tally,
): Promise<void> {
  let next = 0;
  const worker = async (protocol: 'h1' | 'h2') => {
    while (next < count) {
      const p = planned[(tally.requests + next++) % planned.length];
      tallyAnswer(tally, protocol, p, await exchange(p.plain || protocol === 'h1' ? clients.h1 : clients.h2, p), expected);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, i) => worker(i % 2 ? 'h2' : 'h1')));
  tally.requests += count;
}

async function settled(ref: ReferenceProcess, inspector: InspectorClient, before: { resources: Record<string, number>; fds: number }, settleMs: number) {
  const deadline = Date.now() + settleMs;
  for (;;) {
    const resources = await inspector.activeResources();
    const fds = openFds(ref.pid);
    if ((fds <= before.fds && !resourcesLeft(before.resources, resources).length) || Date.now() >= deadline) return { resources, fds };
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function runLeakCheck(options: LeakCheckOptions = {}): Promise<LeakCheckResult> {
  const warmupRounds = options.warmupRounds ?? 2;
  const rounds = options.rounds ?? 6;
  const perRound = options.perRound ?? 2400;
  const concurrency = options.concurrency ?? 16;
  const maxBytesPerRequest = options.maxBytesPerRequest ?? 64;
  const settleMs = options.settleMs ?? 30_000;
  if (!(rounds >= 3 && perRound >= 100 && concurrency >= 2 && warmupRounds >= 1))
    throw new Error('the leak check needs at least 3 rounds of 100 requests, 1 warm-up round and 2 in flight');

  const ref = await spawnReference({ inspect: true, ...(options.script ? { script: options.script } : {}), ...(options.args ? { args: options.args } : {}) });
  let inspector: InspectorClient | undefined;
  let clients: Agents | undefined;
  try {
    if (!ref.inspectorUrl) throw new Error(`the reference (pid ${ref.pid}) printed no inspector address\n${ref.stderr()}`);
    inspector = await InspectorClient.connect(ref.inspectorUrl);
    const before = { resources: await inspector.activeResources(), fds: openFds(ref.pid) };
    clients = agents(ref, Math.ceil(concurrency / 2));
    const planned = await plan(ref, clients.h1);
    const expected = await probe(planned, clients);
    const tally = emptyTally();
    for (let i = 0; i < warmupRounds; i++) await round(planned, expected, clients, perRound, concurrency, tally);
    const readings: Reading[] = [];
    const read = async () => {
      const m = await inspector!.heldMemory();
      readings.push({ requests: tally.requests, held: m.heapUsed + m.external });
    };
    await read();
    for (let i = 0; i < rounds; i++) {
      await round(planned, expected, clients, perRound, concurrency, tally);
      await read();
    }
    await Promise.all([clients.h1.close(), clients.h2.close()]);
    clients = undefined;
    const after = await settled(ref, inspector, before, settleMs);
    if (ref.exited() !== undefined) throw new Error(`the reference exited (${ref.exited()})\n${ref.stderr()}`);

    const bytesPerRequest = medianSlope(readings.map((r) => ({ x: r.requests, y: r.held })));
    const problems: string[] = [];
    if (tally.errors) problems.push(`${tally.errors} transport errors`);
    if (tally.serverErrors) problems.push(`${tally.serverErrors} 5xx`);
    if (tally.wrongStatus) problems.push(`${tally.wrongStatus} answers with another status than probed`);
    if (bytesPerRequest > maxBytesPerRequest)
      problems.push(`held memory grew ${bytesPerRequest.toFixed(0)} bytes per request served (limit ${maxBytesPerRequest}) after full collections`);
    const left = resourcesLeft(before.resources, after.resources);
    if (left.length) problems.push(`handles still open ${settleMs} ms after the clients closed: ${left.join(', ')}`);
    if (after.fds > before.fds) problems.push(`${after.fds - before.fds} file descriptors more than before the run, ${settleMs} ms after the clients closed`);
    return {
      planned: planned.length,
      ...tally,
      readings,
      bytesPerRequest,
      maxBytesPerRequest,
      resourcesBefore: before.resources,
      resourcesAfter: after.resources,
      fdsBefore: before.fds,
      fdsAfter: after.fds,
      problems,
    };
  } finally {
    inspector?.close();
    if (clients) await Promise.allSettled([clients.h1.destroy(), clients.h2.destroy()]);
    await ref.stop();
  }
}

/** The check's result as lines for a terminal. */
export function describeLeakCheck(r: LeakCheckResult): string {
  const mib = (b: number) => (b / 1024 / 1024).toFixed(2);
  const counts = (c: Record<string, number>) =>
    Object.entries(c)
      .sort()
      .map(([t, n]) => `${t} ${n}`)
      .join(', ');
  return [
    `leak check: ${r.requests} requests (${r.planned} distinct, every role, HTTP/1.1 and HTTP/2); errors ${r.errors}, 5xx ${r.serverErrors}, other status ${r.wrongStatus}`,
    ...r.firstProblems.map((p) => `  ${p}`),
    `  held after full collections (MiB, by requests served): ${r.readings.map((x) => `${x.requests}: ${mib(x.held)}`).join(', ')}`,
    `  growth: ${r.bytesPerRequest.toFixed(1)} bytes per request (limit ${r.maxBytesPerRequest})`,
    `  handles before: ${counts(r.resourcesBefore)}; after the clients closed: ${counts(r.resourcesAfter)}`,
    `  fds: ${r.fdsBefore} before, ${r.fdsAfter} after the clients closed`,
    r.problems.length ? `leak check FAILED: ${r.problems.join('; ')}` : 'leak check passed',
  ].join('\n');
}
