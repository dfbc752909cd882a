/*
 * Start-up of the reference with a cached PKI, against the floor of the same stack: a bare
 * node:https server with one certificate. Both are measured side by side in this run, several
 * times, and compared by median (the machine is shared: read the ratio, not the milliseconds).
 * Run: npm run bench:startup
 */
import * as https from 'node:https';
import { performance } from 'node:perf_hooks';
import { startReference } from '../reference-server/src/server';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function main(): Promise<void> {
  const warm = await startReference({ port: 0, httpPort: 0 }); // makes sure the PKI cache exists
  const leaf = warm.pki.leaves.find((l) => l.role === 'site')!;
  await warm.stop();

  const reference: number[] = [];
  const floor: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    let t = performance.now();
    const ref = await startReference({ port: 0, httpPort: 0, drainMs: 100 });
    reference.push(performance.now() - t);
    await ref.stop();

    t = performance.now();
    const server = https.createServer({ key: leaf.keyPem, cert: leaf.chainPem });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    floor.push(performance.now() - t);
    await new Promise((r) => server.close(r));
  }
  const ref = median(reference);
  const base = median(floor);
  console.log(`reference start-up, cached PKI (median of ${RUNS}): ${ref.toFixed(1)} ms (max ${Math.max(...reference).toFixed(1)} ms)`);
  console.log(`bare node:https listen (median of ${RUNS}):        ${base.toFixed(2)} ms`);
  console.log(`ratio reference / bare: ${(ref / base).toFixed(1)}x; budget 1000 ms: ${ref < 1000 ? 'met' : 'NOT met'}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
