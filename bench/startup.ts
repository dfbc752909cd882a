/*
 * Start-up of the reference with a cached PKI, against the floor of the same stack: a bare
 * node:https server with one certificate. Both are measured side by side in this run, several
 * times, and compared by median (the machine is shared: read the ratio, not the milliseconds).
 * Run: npm run bench:startup
 */
import { spawn } from 'node:child_process';
import * as https from 'node:https';
import * as path from 'node:path';
import * as readline from 'node:readline';
import { performance } from 'node:perf_hooks';
import { startReference } from '../reference-server/src/server';
import { REFERENCE_NODE_ARGS } from '../harness/src/embedded/start-reference';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** Milliseconds from spawning a process to the first stdout line that contains `marker`. */
function timeToLine(args: string[], marker: string): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: path.resolve(__dirname, '..'), stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`exited with ${code} before ready`)));
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.includes(marker)) return;
      const ms = performance.now() - started;
      child.removeAllListeners('exit');
      child.once('exit', () => resolve(ms));
      child.kill('SIGTERM');
    });
  });
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
  const processRef: number[] = [];
  const processFloor: number[] = [];
  const floorScript = `const h=require('node:https');const fs=require('node:fs');const s=h.createServer({key:${JSON.stringify(leaf.keyPem)},cert:${JSON.stringify(leaf.chainPem)}});s.listen(0,'127.0.0.1',()=>console.log('ready'));process.on('SIGTERM',()=>process.exit(0));`;
  for (let i = 0; i < Math.min(RUNS, 7); i++) {
    processRef.push(await timeToLine([...REFERENCE_NODE_ARGS], '"ready"'));
    processFloor.push(await timeToLine(['--import', 'tsx', '-e', floorScript], 'ready'));
  }
  const ref = median(reference);
  const base = median(floor);
  console.log(`reference start-up, cached PKI (median of ${RUNS}): ${ref.toFixed(1)} ms (max ${Math.max(...reference).toFixed(1)} ms)`);
  console.log(`bare node:https listen (median of ${RUNS}):        ${base.toFixed(2)} ms`);
  console.log(`ratio reference / bare: ${(ref / base).toFixed(1)}x`);
  const pRef = median(processRef);
  const pBase = median(processFloor);
  console.log(`npm run reference process, spawn to ready (median of ${processRef.length}): ${pRef.toFixed(0)} ms`);
  console.log(`bare node:https process under the same loader (median):       ${pBase.toFixed(0)} ms`);
  console.log(`ratio ${(pRef / pBase).toFixed(2)}x; budget 1000 ms: ${pRef < 1000 ? 'met' : 'NOT met'}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
