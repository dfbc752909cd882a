/*
 * New TLS connections to a target: `openTls` with the map's roots (Node's defaults plus TARGET_CA,
 * the way every client of the map connects: the undici dispatcher, the HTTP/2 leg, the OCSP and
 * certificate flows) vs the floor, a bare `tls.connect` with one context made once for the
 * reference's root alone, to the same reference process and address, one handshake at a time,
 * interleaved rounds. The replay opens a connection per exchange where a connection may not be
 * reused, so this is its cost per new connection. Read the ratio, not the rates (a shared machine).
 * Run: npm run bench:connect
 */
import * as fs from 'node:fs';
import { connect, createSecureContext, type TLSSocket } from 'node:tls';
import { performance } from 'node:perf_hooks';
import { startEmbeddedReference } from '../harness/src/embedded/start-reference';
import { connectTarget, openTls } from '../harness/src/target-map';
import { referenceMap } from './map';

const HANDSHAKES = Number(process.env.BENCH_HANDSHAKES ?? 300);
const ROUNDS = 3;

async function rate(open: () => Promise<TLSSocket>): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < HANDSHAKES; i++) (await open()).destroy();
  return HANDSHAKES / ((performance.now() - started) / 1000);
}

async function main(): Promise<void> {
  const reference = await startEmbeddedReference();
  try {
    const map = referenceMap(reference.ready);
    const url = map.roles.site![0];
    const target = connectTarget(map, url);
    const floorContext = createSecureContext({ ca: fs.readFileSync(reference.ready.rootPath, 'utf8') });
    const bare = () =>
      new Promise<TLSSocket>((resolve, reject) => {
        const socket = connect({
          host: target.host,
          port: target.port,
          servername: target.servername,
          secureContext: floorContext,
          ALPNProtocols: ['http/1.1'],
        });
        socket.once('secureConnect', () => resolve(socket));
        socket.once('error', reject);
      });
    const engine = () => openTls(map, url, ['http/1.1']);
    await rate(engine);
    await rate(bare);
    let best = { engine: 0, bare: 0 };
    for (let r = 0; r < ROUNDS; r++) best = { engine: Math.max(best.engine, await rate(engine)), bare: Math.max(best.bare, await rate(bare)) };
    console.log(`new TLS connections, ${HANDSHAKES} per round, best of ${ROUNDS} interleaved rounds:`);
    console.log(`  openTls with the map's roots:            ${best.engine.toFixed(0)} handshakes/s`);
    console.log(`  bare tls.connect, one context made once: ${best.bare.toFixed(0)} handshakes/s`);
    console.log(`  ratio ${(best.engine / best.bare).toFixed(2)}x (target 0.8x)`);
  } finally {
    await reference.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
