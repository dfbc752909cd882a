/**
 * The reference with a leak planted, for the leak check's own test: every request's body is kept
 * for the life of the process (as a request log that is never trimmed would keep it), so memory
 * held after full collections grows with the number of requests served.
 * Prints the reference's JSON ready line. Run: node --import tsx reference-server/src/testing/leaky-reference.ts
 */
import type { Handler } from '../http/vhost';
import { startReference } from '../server';

const retained: Array<{ method: string; url: string; body: Buffer }> = [];

/** Reads what the request's stream emits, without taking the body from the handler that reads it. */
const retainBodies =
  (handler: Handler): Handler =>
  (req, res) => {
    const chunks: Buffer[] = [];
    const emit = req.emit.bind(req) as (event: string | symbol, ...args: unknown[]) => boolean;
    req.emit = ((event: string | symbol, ...args: unknown[]) => {
      if (event === 'data') chunks.push(Buffer.from(args[0] as Buffer));
      return emit(event, ...args);
    }) as typeof req.emit;
    res.on('finish', () => retained.push({ method: req.method ?? '', url: req.url ?? '', body: Buffer.concat(chunks) }));
    handler(req, res);
  };

async function main(): Promise<void> {
  const ref = await startReference({ port: 0, httpPort: 0, drainMs: 1000, wrap: retainBodies });
  const { tlsPort, httpPort, rootPath } = ref;
  console.log(JSON.stringify({ event: 'ready', tlsPort, httpPort, rootPath, leaking: 'every request body' }));
  const stop = () => void ref.stop().finally(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
