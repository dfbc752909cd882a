/**
 * A standalone HTTP/3 edge in front of any TLS server, as a process of its own:
 *   node --import tsx reference-server/src/h3/edge-main.ts --upstream-port N --upstream-ca FILE \
 *     --cert FILE --key FILE --names a,b,c [--upstream-host H] [--port N] [--bind ADDR]
 * (`--help`: every option, the ready line and the exit statuses).
 */
import { CliError } from '../cli-options';
import { CADDY_MISSING, EdgeError, findCaddy, startEdge, type RunningEdge } from './edge';
import { EDGE_USAGE, parseEdgeCli } from './edge-cli-options';

async function main(): Promise<void> {
  const options = parseEdgeCli(process.argv.slice(2));
  if (!('site' in options)) {
    console.log(EDGE_USAGE);
    return;
  }
  const caddy = findCaddy();
  if (!caddy) {
    console.error(CADDY_MISSING);
    process.exit(3);
  }
  // Handlers first: a signal during start-up stops the edge as soon as it is up.
  let edge: RunningEdge | undefined;
  let stopping = false;
  let signals = 0;
  const stop = () => {
    if (++signals > 1) process.exit(130);
    if (!edge) return; // start-up finishes, then sees the signal below
    stopping = true;
    edge.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  edge = await startEdge({ caddy, sites: [options.site], upstream: options.upstream, bind: options.bind, port: options.port });
  void edge.exited.then((how) => {
    if (stopping) return;
    console.error(`caddy exited (${how})`);
    process.exit(1);
  });
  console.log(JSON.stringify({ event: 'ready', port: edge.port }));
  if (signals > 0) {
    signals = 0;
    stop();
  }
}

main().catch((err: unknown) => {
  if (err instanceof CliError) {
    console.error(`${err.message}\n\n${EDGE_USAGE}`);
    process.exit(2);
  }
  const e = err as Error;
  console.error(err instanceof EdgeError ? `edge: ${e.message}` : (e.stack ?? String(e)));
  process.exit(1);
});
