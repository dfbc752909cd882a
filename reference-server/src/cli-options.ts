import { parseArgs } from 'node:util';
import { combinationProblem, deviationProblem, MAX_EXPIRING_LEAF_DAYS, MAX_NODES, parseNodeDeviation, type NodeDeviation } from './nodes';
import type { ReferenceOptions } from './server';

export class CliError extends Error {
  readonly code = 'REFERENCE_ERR_CLI';
}

export interface CliOptions extends ReferenceOptions {
  json: boolean;
  help: boolean;
  /** Stop when standard input ends: the process that started it holds the other end, whatever way it dies. */
  exitWithStdin: boolean;
  /** Where to write a TARGETS_FILE for the map it serves, once ready: the model of a user's own. */
  targetsFile?: string;
}

export const USAGE = `Usage: npm run reference -- [options]
  --port N        TLS port for every role (h2 and http/1.1). Default 8443; 0 = any free port
  --http-port N   plain-HTTP port (OCSP). Default 8080; 0 = any free port
  --bind ADDR     address to listen on. Default 127.0.0.1
  --section NAME  the {section} path segment of the site. Default static
  --pki-dir DIR   PKI cache folder. Default .pki-cache (or REFERENCE_PKI_DIR)
  --deployment reference|alt
                  the choices where the description is silent: the reference's (default), or a
                  second deployment that keeps every stated fact and chooses differently
                  (or REFERENCE_DEPLOYMENT)
  --ocsp-responder-id byName|byKey
                  ResponderID of OCSP responses. Default byName (or REFERENCE_OCSP_RESPONDER_ID)
  --http3         serve HTTP/3 through an edge of its own (Caddy, on its own TCP and UDP port);
                  the default where Caddy is installed (or REFERENCE_HTTP3=1)
  --no-http3      no HTTP/3 (or REFERENCE_HTTP3=0)
  --h3-port N     the edge's port. Default the TLS port + 1 (the alt deployment: + 2);
                  0 = any free port
  --nodes N       serve as N nodes (1-${MAX_NODES}): the bind address and the next IPv4 loopback addresses
                  (127.0.0.1, 127.0.0.2, ...), sharing the port numbers; every name resolves to all
                  of them; HTTP/3 stays in front of node 1. Default 1 (or REFERENCE_NODES)
  --node-deviation K:KIND
                  node K (2..N) answers otherwise than node 1, to show a harness catches one node
                  that does: KIND is drop-header=NAME (its answers lack that field), header=NAME:VALUE
                  (they carry NAME: VALUE instead of the app's), no-intermediate (its TLS serves each
                  leaf without its intermediate), revoked-leaf (it serves, for every name, a leaf of
                  its own that the OCSP responder answers revoked, keyCompromise) or
                  expiring-leaf=DAYS (a leaf of its own that expires DAYS days from start, 1-${MAX_EXPIRING_LEAF_DAYS}).
                  One leaf deviation per node; no-intermediate combines with it. Repeatable (or
                  REFERENCE_NODE_DEVIATIONS, the items comma-separated)
  --json          print one JSON line when ready (for programs)
  --targets-file FILE
                  once ready, write a TARGETS_FILE for the map it serves (roles, resolve, ca,
                  values): run the harness on it with TARGETS_FILE=FILE, and take it as the model
                  of your own staging's file
  --exit-with-stdin
                  stop (as on SIGTERM) when standard input ends: a program that starts the reference
                  keeps a pipe to it open, so the reference and its edge end with that program, even
                  one killed with SIGKILL
  --help          this text`;

/** A flag's value, else the variable's (an empty variable is unset), with where it came from for messages. */
function flagOrVariable(flag: string | undefined, flagName: string, env: NodeJS.ProcessEnv, variable: string): [string | undefined, string] {
  if (flag !== undefined) return [flag, flagName];
  const value = env[variable];
  return value === undefined || value === '' ? [undefined, flagName] : [value, variable];
}

/** REFERENCE_HTTP3: 1 requires HTTP/3, 0 turns it off; unset, it is offered where Caddy is installed. */
function http3FromEnv(value: string | undefined): boolean | 'auto' {
  if (value === undefined || value === '') return 'auto';
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  throw new CliError(`REFERENCE_HTTP3: "${value}" is not 1 or 0`);
}

/** --nodes or REFERENCE_NODES: an integer 1..MAX_NODES. */
function nodesOf(flag: string | undefined, env: NodeJS.ProcessEnv): [number | undefined, string] {
  const [value, from] = flagOrVariable(flag, '--nodes', env, 'REFERENCE_NODES');
  if (value === undefined) return [undefined, from];
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > MAX_NODES)
    throw new CliError(`${from}: "${value}" is not a number of nodes (1-${MAX_NODES})`);
  return [Number(value), from];
}

/**
 * --node-deviation (repeatable), else REFERENCE_NODE_DEVIATIONS: its items comma-separated, a comma
 * followed by `K:` starting the next item, so that a header value may hold commas.
 */
function nodeDeviationsOf(flags: string[] | undefined, env: NodeJS.ProcessEnv, nodes: [number | undefined, string]): NodeDeviation[] | undefined {
  const fromFlags = flags !== undefined && flags.length > 0;
  const variable = env.REFERENCE_NODE_DEVIATIONS;
  if (!fromFlags && (variable === undefined || variable.trim() === '')) return undefined;
  const from = fromFlags ? '--node-deviation' : 'REFERENCE_NODE_DEVIATIONS';
  const items = fromFlags ? flags : (variable as string).split(/,(?=\s*\d+:)/);
  const [given, countFrom] = nodes;
  const count = given ?? 1;
  const countSaid = given === undefined ? '--nodes not given' : countFrom === '--nodes' ? `--nodes ${count}` : `${countFrom}=${count}`;
  const deviations = items.map((item) => {
    const parsed = parseNodeDeviation(item);
    if ('problem' in parsed) throw new CliError(`${from}: "${item}" ${parsed.problem}`);
    const problem = deviationProblem(parsed, count);
    if (problem) throw new CliError(`${from}: "${item}": ${problem}${parsed.node > count ? ` (${countSaid})` : ''}`);
    return parsed;
  });
  const problem = combinationProblem(deviations);
  if (problem) throw new CliError(`${from}: ${problem}`);
  return deviations;
}

function port(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) throw new CliError(`--${name}: "${value}" is not a port (0-65535)`);
  return Number(value);
}

/**
 * The command line, then the REFERENCE_* variables where no flag says (a flag wins): the one place
 * the reference reads its options from the environment.
 */
export function parseCli(argv: string[], env: NodeJS.ProcessEnv = process.env): CliOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      options: {
        port: { type: 'string' },
        'http-port': { type: 'string' },
        bind: { type: 'string' },
        section: { type: 'string' },
        'pki-dir': { type: 'string' },
        'ocsp-responder-id': { type: 'string' },
        deployment: { type: 'string' },
        http3: { type: 'boolean' },
        'no-http3': { type: 'boolean' },
        'h3-port': { type: 'string' },
        nodes: { type: 'string' },
        'node-deviation': { type: 'string', multiple: true },
        json: { type: 'boolean', default: false },
        'targets-file': { type: 'string' },
        'exit-with-stdin': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (err) {
    throw new CliError((err as Error).message);
  }
  const section = parsed.section;
  if (section !== undefined && !/^[A-Za-z0-9._~-]+$/.test(section)) {
    throw new CliError(`--section: "${section}" is not a single path segment (letters, digits, . _ ~ -)`);
  }
  const options: CliOptions = { json: parsed.json ?? false, help: parsed.help ?? false, exitWithStdin: parsed['exit-with-stdin'] ?? false, http3: 'auto' };
  const targetsFile = parsed['targets-file'];
  if (targetsFile !== undefined) {
    if (targetsFile.trim() === '') throw new CliError('--targets-file: give a file to write');
    options.targetsFile = targetsFile;
  }
  const tlsPort = port('port', parsed.port);
  const httpPort = port('http-port', parsed['http-port']);
  if (tlsPort !== undefined) options.port = tlsPort;
  if (httpPort !== undefined) options.httpPort = httpPort;
  if (parsed.bind !== undefined) options.bind = parsed.bind;
  if (section !== undefined) options.section = section;
  const pkiDir = parsed['pki-dir'] ?? (env.REFERENCE_PKI_DIR || undefined);
  if (pkiDir !== undefined) options.pkiDir = pkiDir;
  const [deployment, deploymentFrom] = flagOrVariable(parsed.deployment, '--deployment', env, 'REFERENCE_DEPLOYMENT');
  if (deployment !== undefined) {
    if (deployment !== 'reference' && deployment !== 'alt') throw new CliError(`${deploymentFrom}: "${deployment}" is not reference or alt`);
    options.deployment = deployment;
  }
  if (parsed.http3 && parsed['no-http3']) throw new CliError('--http3 and --no-http3 contradict each other');
  if (parsed.http3) options.http3 = true;
  if (parsed['no-http3']) options.http3 = false;
  if (!parsed.http3 && !parsed['no-http3']) options.http3 = http3FromEnv(env.REFERENCE_HTTP3);
  const h3Port = port('h3-port', parsed['h3-port']);
  if (h3Port !== undefined) options.h3Port = h3Port;
  const [responderId, responderIdFrom] = flagOrVariable(parsed['ocsp-responder-id'], '--ocsp-responder-id', env, 'REFERENCE_OCSP_RESPONDER_ID');
  if (responderId !== undefined) {
    if (responderId !== 'byName' && responderId !== 'byKey') throw new CliError(`${responderIdFrom}: "${responderId}" is not byName or byKey`);
    options.ocspResponderId = responderId;
  }
  const nodes = nodesOf(parsed.nodes, env);
  if (nodes[0] !== undefined) options.nodes = nodes[0];
  const deviations = nodeDeviationsOf(parsed['node-deviation'], env, nodes);
  if (deviations !== undefined) options.nodeDeviations = deviations;
  return options;
}
