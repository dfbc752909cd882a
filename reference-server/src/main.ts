import * as fs from 'node:fs';
import * as path from 'node:path';
import { CliError, parseCli, USAGE } from './cli-options';
import { altSvcValue } from './h3/edge-config';
import { loopbackFor } from './h3/edge';
import { deviationText } from './nodes';
import { ROLES } from './roles';
import { ReferenceOptionsError, startReference, type ReferenceOptions, type RunningReference } from './server';

/**
 * Every name's `host:port:addresses` entry (curl's --resolve form): all nodes' addresses,
 * comma-separated, node 1 first; an address that listens everywhere is reached at loopback.
 */
function resolveEntries(ref: RunningReference): string[] {
  const addresses = ref.nodes.map(loopbackFor).join(',');
  return ROLES.flatMap((r) => ref.urls[r].map((u) => new URL(u))).map((u) => `${u.hostname}:${u.port}:${addresses}`);
}

function describeNodes(ref: RunningReference, deviations: ReferenceOptions['nodeDeviations'] = []): string[] {
  if (ref.nodes.length === 1) return [];
  return [
    `Nodes: ${ref.nodes.join(', ')} (the same ports on each; HTTP/3 in front of node 1 only)`,
    ...(deviations.length > 0 ? [`Node deviations: ${deviations.map(deviationText).join(' ')}`] : []),
  ];
}

function describe(ref: RunningReference, deviations?: ReferenceOptions['nodeDeviations']): string {
  const lines = [
    `Reference server (deployment ${ref.context.deployment.name}) listening: TLS port ${ref.tlsPort} (h2, http/1.1), plain HTTP port ${ref.httpPort}`,
    'port' in ref.http3
      ? `HTTP/3 on UDP port ${ref.http3.port} (its edge, Caddy, bound like the reference; every h1/h2 answer says Alt-Svc: ${altSvcValue(ref.http3.port, ref.context.deployment.h3.maxAgeSeconds)})`
      : `HTTP/3 off: ${ref.http3.off}`,
    ...describeNodes(ref, deviations),
    `Root certificate: ${ref.rootPath}`,
    '',
    'Role         URL',
  ];
  for (const role of ROLES) {
    const note = ref.implemented.includes(role) ? '' : '   (not implemented yet: 421)';
    lines.push(`${role.padEnd(12)} ${ref.urls[role].join(', ')}${note}`);
  }
  const resolve = resolveEntries(ref).join(',');
  lines.push('', 'The names are not in DNS: map them, e.g.', `  TARGET_RESOLVE=${resolve}`, `  TARGET_CA=${ref.rootPath}`);
  lines.push('Its target values:', ...Object.entries(ref.context.deployment.targetValues).map(([n, v]) => `  TARGET_VALUE_${n}=${v}`));
  return lines.join('\n');
}

/**
 * The TARGETS_FILE of the map it serves: each role's URLs, every name resolved to the addresses it
 * listens on (each node's), its root certificate and its target values (the harness's documented format).
 */
export function targetsFileOf(ref: RunningReference): object {
  const roles = Object.fromEntries(ROLES.map((r) => [r, ref.urls[r].length === 1 ? ref.urls[r][0] : ref.urls[r]]));
  const resolve = resolveEntries(ref);
  return { roles, resolve, ca: ref.rootPath, values: ref.context.deployment.targetValues };
}

async function main(): Promise<void> {
  const options = parseCli(process.argv.slice(2));
  if (options.help) {
    console.log(USAGE);
    return;
  }
  // Handlers first: a signal during start-up must not kill the process with a half-written cache.
  let ref: RunningReference | undefined;
  let signals = 0;
  const stop = (signal: string) => {
    if (++signals > 1) process.exit(130);
    if (!ref) return; // start-up finishes, then sees the signal below
    if (!options.json) console.log(`\n${signal}: finishing in-flight requests...`);
    ref.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  if (options.exitWithStdin) {
    // The other end closes when the program that started us exits, SIGKILL included.
    process.stdin.on('end', () => stop('standard input closed'));
    process.stdin.on('error', () => stop('standard input closed'));
    process.stdin.resume();
  }

  ref = await startReference(options);
  if (options.targetsFile) {
    const file = path.resolve(options.targetsFile);
    fs.writeFileSync(file, `${JSON.stringify(targetsFileOf(ref), null, 2)}\n`);
    if (!options.json) console.log(`Wrote ${file}: TARGETS_FILE=${file} npx playwright test`);
  }
  if (options.json) {
    const { tlsPort, httpPort, rootPath, urls, implemented, context, http3, nodes } = ref;
    console.log(
      JSON.stringify({
        event: 'ready',
        tlsPort,
        httpPort,
        rootPath,
        urls,
        implemented,
        section: context.section,
        deployment: context.deployment.name,
        values: context.deployment.targetValues,
        http3,
        nodes,
      }),
    );
  } else {
    console.log(describe(ref, options.nodeDeviations));
  }
  if (signals > 0) {
    signals = 0;
    stop('signal during start-up');
  }
}

main().catch((err: unknown) => {
  if (err instanceof CliError) {
    console.error(`${err.message}\n\n${USAGE}`);
    process.exit(2);
  }
  const e = err as NodeJS.ErrnoException;
  if (e.code === 'EADDRINUSE') console.error(`Cannot listen: ${e.message}. Choose another --port/--http-port (0 = any free port).`);
  else if (err instanceof ReferenceOptionsError) console.error(`reference: ${err.message}`);
  else console.error(e.stack ?? String(e));
  process.exit(1);
});
