/*
 * Soak: mixed traffic over every role against the reference in a process of its own, half the
 * in-flight requests over HTTP/1.1 and half over HTTP/2 (TLS port; OCSP also on the plain-HTTP
 * port), closed loop at a fixed concurrency for a fixed time. It reports throughput, latency and
 * the reference's resident memory and file descriptors. Every answer must have the status the same
 * request got when probed before the run (no errors, no 5xx); the highest resident memory after
 * warm-up should be within 10% of the highest during warm-up, and the open file descriptors once
 * the clients have gone no more than before the run. Resident memory moves with when V8 collects,
 * so this is a benchmark's reading: the deterministic leak check is
 * reference-server/src/testing/leak-check.test.ts, in `npm test`.
 * Run: npm run soak                (60 s, concurrency 64, warm-up 10 s)
 *      npm run soak -- --short     (10 s, concurrency 16, warm-up 5 s)
 *      options: --seconds N --concurrency N --warmup N; SOAK_LIST=1 prints each request and its status
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { openFds, residentKiB, spawnReference } from '../reference-server/src/testing/own-process';
import { agents, emptyTally, exchange, plan, probe, tallyAnswer, type Tally as BaseTally } from '../reference-server/src/testing/traffic';

type Tally = BaseTally & { latencies: number[] };

const percentile = (xs: number[], p: number) => {
  const sorted = Float64Array.from(xs).sort();
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] : 0;
};

// One soak run in order (probe, load with the memory sampler running, wait for the descriptors,
// print, judge) over the same reference, agents, tallies and before/after readings, which the
// printout and the verdict both read: it stays whole rather than pass them all around.
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { short: { type: 'boolean', default: false }, seconds: { type: 'string' }, concurrency: { type: 'string' }, warmup: { type: 'string' } },
  });
  const seconds = Number(values.seconds ?? (values.short ? 10 : 60));
  const concurrency = Number(values.concurrency ?? (values.short ? 16 : 64));
  const warmupSeconds = Number(values.warmup ?? (values.short ? 5 : 10));
  if (!(seconds > 0 && seconds <= 3600 && concurrency >= 2 && concurrency <= 1024 && warmupSeconds >= 0 && warmupSeconds < seconds)) {
    throw new Error('--seconds 1..3600, --concurrency 2..1024, --warmup below --seconds');
  }

  const ref = await spawnReference();
  const perProtocol = Math.ceil(concurrency / 2);
  const { h1, h2 } = agents(ref, perProtocol);
  try {
    const planned = await plan(ref, h1);
    // Probe each request on both protocols: the status it must keep answering.
    const expected = await probe(planned, { h1, h2 });
    if (process.env.SOAK_LIST) for (const [p, status] of expected) console.log(`  ${status} ${p.name}`);
    const fdsBefore = openFds(ref.pid);
    const rssBefore = residentKiB(ref.pid);
    const statusCounts = new Map<number, number>();
    for (const s of expected.values()) statusCounts.set(s, (statusCounts.get(s) ?? 0) + 1);
    console.log(
      `soak: ${planned.length} distinct requests over 8 roles (statuses ${[...statusCounts].map(([s, n]) => `${s} x${n}`).join(', ')}), ` +
        `concurrency ${concurrency} (${perProtocol} HTTP/1.1 + ${perProtocol} HTTP/2), ${seconds} s with ${warmupSeconds} s warm-up, reference pid ${ref.pid}`,
    );

    const tally: Record<'h1' | 'h2', Tally> = {
      h1: { ...emptyTally(), latencies: [] },
      h2: { ...emptyTally(), latencies: [] },
    };
    const started = performance.now();
    const until = started + seconds * 1000;
    let next = 0;
    const worker = async (protocol: 'h1' | 'h2') => {
      const t = tally[protocol];
      while (performance.now() < until) {
        const p = planned[next++ % planned.length];
        const agent = p.plain || protocol === 'h1' ? h1 : h2;
        const sent = performance.now();
        const r = await exchange(agent, p);
        t.requests++;
        if (t.latencies.length < 2_000_000) t.latencies.push(performance.now() - sent);
        tallyAnswer(t, protocol, p, r, expected);
      }
    };
    const samples: Array<{ at: number; rssKiB: number; fds: number }> = [];
    const sampler = setInterval(() => samples.push({ at: (performance.now() - started) / 1000, rssKiB: residentKiB(ref.pid), fds: openFds(ref.pid) }), 1000);
    let afterWarmup: { rssKiB: number; fds: number } | undefined;
    const warmupTimer = setTimeout(() => (afterWarmup = { rssKiB: residentKiB(ref.pid), fds: openFds(ref.pid) }), warmupSeconds * 1000);
    await Promise.all([...Array.from({ length: perProtocol }, () => worker('h1')), ...Array.from({ length: perProtocol }, () => worker('h2'))]);
    const elapsed = (performance.now() - started) / 1000;
    clearInterval(sampler);
    clearTimeout(warmupTimer);
    const atEnd = { rssKiB: residentKiB(ref.pid), fds: openFds(ref.pid) };
    await Promise.all([h1.close(), h2.close()]);
    // The server closes its side once the clients have: give it a moment, bounded.
    let fdsAfter = openFds(ref.pid);
    for (let i = 0; i < 50 && fdsAfter > fdsBefore; i++) {
      await new Promise((r) => setTimeout(r, 100));
      fdsAfter = openFds(ref.pid);
    }
    if (ref.exited() !== undefined) throw new Error(`the reference exited (${ref.exited()})\n${ref.stderr()}`);
    const warm = afterWarmup ?? atEnd;

    const total = tally.h1.requests + tally.h2.requests;
    const mib = (kib: number) => (kib / 1024).toFixed(1);
    for (const protocol of ['h1', 'h2'] as const) {
      const t = tally[protocol];
      console.log(
        `  ${protocol === 'h1' ? 'HTTP/1.1' : 'HTTP/2  '} ${t.requests} requests (${(t.requests / elapsed).toFixed(0)} req/s), p50 ${percentile(t.latencies, 50).toFixed(2)} ms, ` +
          `p99 ${percentile(t.latencies, 99).toFixed(2)} ms; errors ${t.errors}, 5xx ${t.serverErrors}, other status ${t.wrongStatus}`,
      );
      for (const problem of t.firstProblems) console.log(`    ${problem}`);
    }
    // V8's heap grows and is collected in a sawtooth: the highest reading of the warm-up against the
    // highest after it tells growth from where one reading happened to fall.
    const warmPeak = Math.max(warm.rssKiB, ...samples.filter((x) => x.at <= warmupSeconds).map((x) => x.rssKiB));
    const runPeak = Math.max(atEnd.rssKiB, ...samples.filter((x) => x.at > warmupSeconds).map((x) => x.rssKiB));
    const rssGrowth = runPeak / warmPeak - 1;
    console.log(`  total ${total} requests in ${elapsed.toFixed(1)} s (${(total / elapsed).toFixed(0)} req/s)`);
    console.log(
      `  reference RSS: ${mib(rssBefore)} MiB before, ${mib(warm.rssKiB)} MiB after warm-up (peak ${mib(warmPeak)}), ${mib(atEnd.rssKiB)} MiB at the end, ` +
        `peak after warm-up ${mib(runPeak)} MiB (${rssGrowth >= 0 ? '+' : ''}${(rssGrowth * 100).toFixed(1)}% on the warm-up peak, limit +10%)`,
    );
    console.log(
      `  reference fds: ${fdsBefore} before, ${warm.fds} after warm-up, ${atEnd.fds} at the end, ${fdsAfter} once the clients closed (peak ${Math.max(...samples.map((s) => s.fds))})`,
    );

    const problems: string[] = [];
    const sum = (k: 'errors' | 'serverErrors' | 'wrongStatus') => tally.h1[k] + tally.h2[k];
    if (sum('errors')) problems.push(`${sum('errors')} transport errors`);
    if (sum('serverErrors')) problems.push(`${sum('serverErrors')} 5xx`);
    if (sum('wrongStatus')) problems.push(`${sum('wrongStatus')} answers with another status than probed`);
    if (rssGrowth > 0.1) problems.push(`RSS grew ${(rssGrowth * 100).toFixed(1)}% after warm-up`);
    if (fdsAfter > fdsBefore) problems.push(`${fdsAfter - fdsBefore} file descriptors more than before the run`);
    if (!tally.h1.requests || !tally.h2.requests) problems.push('a protocol carried no requests');
    console.log(problems.length ? `soak FAILED: ${problems.join('; ')}` : 'soak passed: no errors, no 5xx, RSS within 10% of warm-up, no fd growth');
    if (problems.length) process.exitCode = 1;
  } finally {
    await Promise.allSettled([h1.destroy(), h2.destroy()]);
    await ref.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
