import { randomBytes } from 'node:crypto';
import * as http from 'node:http';
import * as http2 from 'node:http2';
import type { Socket } from 'node:net';
import * as path from 'node:path';
import * as tls from 'node:tls';
import { defaultHostContext, type HostContext } from './hosts/context';
import { deploymentByName, DEPLOYMENTS, pkiNames, roleNames, type Deployment } from './hosts/deployment';
import { HOST_FACTORIES, PLAIN_HTTP_ROLES } from './hosts/registry';
import { clientErrorResponse } from './http/guards';
import { vhost, type Handler } from './http/vhost';
import { ocspStoreFor, stopOcspStore } from './hosts/ocsp';
import { RESPONDER_ID_FORMS, type ResponderIdForm } from './hosts/ocsp/policy';
import { loadOrCreatePki, type HostSpec, type IssuedLeaf, type PkiOptions, type ReferencePki } from './pki';
import { ROLE_NAMES, ROLES, type Role } from './roles';
import { altSvcValue } from './h3/edge-config';
import { CADDY_MISSING, EdgeError, findCaddy, loopbackFor, startEdge, type EdgeSite, type RunningEdge } from './h3/edge';
import { ConnectionTracker } from './http/connection-tracker';
import { applyTimeouts, http2ServerOptions, resolveTimeouts, type ConnectionTimeouts } from './http/timeouts';
import { deviating, deviationsByNode, listenNodes, nodeAddresses, nodeLeaves, servesLeafOnly, type NodeDeviation } from './nodes';
import { ReferenceOptionsError } from './options-error';

export { ReferenceOptionsError } from './options-error';
export type { NodeDeviation } from './nodes';

export interface ReferenceOptions {
  /** TLS port for every role, ALPN h2 + http/1.1. Default 8443; 0 picks a free port. */
  port?: number;
  /** Plain-HTTP port (OCSP). Default 8080; 0 picks a free port. */
  httpPort?: number;
  /** Address to bind. Default 127.0.0.1. */
  bind?: string;
  /** Folder of the PKI cache. Default `.pki-cache` at the package root (the CLI: or REFERENCE_PKI_DIR). */
  pkiDir?: string;
  section?: string;
  contentRoot?: string;
  /** How long in-flight requests may take to finish on stop. Default 5000 ms. */
  drainMs?: number;
  /**
   * The choices where the description is silent: `reference` (default) or `alt`, a second
   * deployment that keeps every stated fact and chooses differently elsewhere (the CLI: or REFERENCE_DEPLOYMENT).
   */
  deployment?: Deployment['name'];
  /** ResponderID of OCSP responses: byName (default, 504-byte responses) or byKey (473) (the CLI: or REFERENCE_OCSP_RESPONDER_ID). */
  ocspResponderId?: ResponderIdForm;
  /**
   * Bounds on slow and idle connections (slowloris, idle sockets); defaults in `DEFAULT_TIMEOUTS`:
   * TLS handshake 10 s, HTTP/1.1 headers 10 s, request 30 s, keep-alive 5 s, idle connection or
   * HTTP/2 session 60 s. Checked once here: a bad value throws before anything listens.
   */
  timeouts?: Partial<ConnectionTimeouts>;
  /**
   * HTTP/3 through an edge of its own (Caddy, `h3/edge.ts`): `true` requires it, `'auto'` starts it
   * where Caddy is installed (the CLI's default), `false` (the default in process) does without.
   * The CLI reads REFERENCE_HTTP3 (1 or 0) where no flag says.
   */
  http3?: boolean | 'auto';
  /** The edge's port (TCP and UDP). Default: the TLS port + the deployment's offset (1; alt 2), or a free port when the TLS port is 0. */
  h3Port?: number;
  /** Wraps the handler every request of both ports passes through (a seam for tests: the leak check's leaking reference). */
  wrap?: (handler: Handler) => Handler;
  /**
   * Nodes behind the names, 1 (default) to 8: the bind address and the next IPv4 loopback addresses
   * (127.0.0.1, 127.0.0.2, ...), each a server of its own on the same TLS and plain-HTTP port numbers.
   * HTTP/3's edge stays in front of node 1 (the CLI: --nodes or REFERENCE_NODES).
   */
  nodes?: number;
  /** Nodes 2 and up answering otherwise than node 1, for a harness to show it catches and names one (the CLI: --node-deviation). */
  nodeDeviations?: NodeDeviation[];
}

export interface RunningReference {
  tlsPort: number;
  httpPort: number;
  rootPath: string;
  rootPem: string;
  pki: ReferencePki;
  context: HostContext;
  /** role -> base URLs as a client on this machine reaches them (names resolve via TARGET_RESOLVE). */
  urls: Record<Role, string[]>;
  /** Roles this build implements; the others answer 421. */
  implemented: Role[];
  /** HTTP/3: the edge's port (advertised in every h1/h2 answer's Alt-Svc), or why there is none. */
  http3: { port: number } | { off: string };
  /** The nodes' addresses, node 1 (the bind address) first: every name resolves to all of them. */
  nodes: string[];
  stop(): Promise<void>;
}

export const DEFAULT_PKI_DIR = path.resolve(__dirname, '../../.pki-cache');
const PARSER_HEADER_LIMIT = 64 * 1024;
const OCSP_NAMES = { R10: ROLE_NAMES.ocsp[0], R11: ROLE_NAMES.ocsp[1] };

/**
 * A leaf issued already revoked, for clients to test a revoked chain: its name has a certificate
 * on the TLS port (SNI) but no app (421), and the OCSP responder answers `revoked` for it.
 */
export const REVOKED_HOST: HostSpec = { role: 'revoked', names: ['revoked.lessons.test'], revoked: { reason: 'keyCompromise' } };

function responderIdOf(options: ReferenceOptions): ResponderIdForm {
  const value = options.ocspResponderId ?? 'byName';
  if (!RESPONDER_ID_FORMS.includes(value)) {
    throw new ReferenceOptionsError(`OCSP responder id ${JSON.stringify(value)} is not one of ${RESPONDER_ID_FORMS.join(', ')}`);
  }
  return value;
}

function deploymentOf(options: ReferenceOptions): Deployment {
  const name = options.deployment ?? 'reference';
  const deployment = deploymentByName(name);
  if (!deployment) throw new ReferenceOptionsError(`deployment ${JSON.stringify(name)} is not one of ${Object.keys(DEPLOYMENTS).join(', ')}`);
  return deployment;
}

/** While the HTTP/3 edge runs, every h1/h2 answer advertises it (RFC 7838), as a CDN in front of an origin does. */
function advertised(handler: Handler, altSvc: () => string | undefined): Handler {
  return (req, res) => {
    const value = altSvc();
    if (value) res.setHeader('Alt-Svc', value);
    handler(req, res);
  };
}

/** The edge's sites: every leaf of the PKI with the names of the given roles it holds (the deployment's names: the reference's by default). */
export function edgeSites(pki: ReferencePki, roles: readonly Role[], names: Readonly<Record<Role, readonly string[]>> = ROLE_NAMES): EdgeSite[] {
  const wanted = new Set<string>(roles.flatMap((r) => [...names[r]]));
  return pki.leaves
    .map((leaf) => ({ names: leaf.names.filter((n) => wanted.has(n)), certPem: leaf.chainPem, keyPem: leaf.keyPem }))
    .filter((site) => site.names.length > 0);
}

/**
 * The edge's port: the one asked for; else the TLS port plus the deployment's offset (the reference
 * + 1, the second deployment + 2: clients read it from Alt-Svc, never assume it); 0 (any free port)
 * when the TLS port itself was left to the system.
 */
export function edgePortFor(options: Pick<ReferenceOptions, 'h3Port' | 'port'>, tlsPort: number, deployment: Deployment): number {
  if (options.h3Port !== undefined) return options.h3Port;
  return tlsPort === 0 || options.port === 0 ? 0 : tlsPort + deployment.h3.portOffset;
}

/** A deployment's per-request trace header on every answer of every role, before any app runs. */
function traced(handler: Handler, deployment: Deployment): Handler {
  const name = deployment.traceHeader;
  if (!name) return handler;
  return (req, res) => {
    // W3C Trace Context's form (version, trace id, parent id, flags): the alt deployment's edge.
    res.setHeader(name, `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-01`);
    handler(req, res);
  };
}

/** Host name -> app for one port, composed from the registry, under the deployment's names. */
export function composeHosts(ctx: HostContext, roles: readonly Role[]): Map<string, Handler> {
  const apps = new Map<string, Handler>();
  const names = roleNames(ctx.deployment);
  for (const role of roles) {
    const factory = HOST_FACTORIES[role];
    if (!factory) continue;
    const app = factory(ctx) as unknown as Handler;
    for (const name of names[role]) apps.set(name, app);
  }
  return apps;
}

/** Each name's certificate: the leaf and its intermediate, or (a node that deviates so) the leaf alone. */
function secureContexts(leaves: readonly IssuedLeaf[], leafOnly: boolean): Map<string, tls.SecureContext> {
  const contexts = new Map<string, tls.SecureContext>();
  for (const leaf of leaves) {
    const context = tls.createSecureContext({ key: leaf.keyPem, cert: leafOnly ? leaf.certPem : leaf.chainPem });
    for (const name of leaf.names) contexts.set(name, context);
  }
  return contexts;
}

function answerParserErrors(server: http.Server | http2.Http2SecureServer): void {
  server.on('clientError', (err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket) => {
    // http2's server also reports TLS failures here (a handshake timeout, a bad ClientHello): no
    // HTTP can be spoken on such a socket, and ending it politely would keep it open.
    const httpError = /^(HPE_|ERR_HTTP_)/.test(err.code ?? '');
    if (httpError && socket.writable && !socket.destroyed) socket.end(clientErrorResponse(err.code, err.rawPacket));
    else socket.destroy();
  });
  // CONNECT (this is no proxy): without a listener Node drops an HTTP/1.1 connection unanswered.
  // HTTP/2 CONNECT streams come here too, with a response: they get what Node answers them, 405.
  server.on('connect', (_req: unknown, socket: Socket | http2.Http2ServerResponse) => {
    if (socket instanceof http2.Http2ServerResponse) {
      socket.statusCode = 405;
      socket.end();
    } else if (socket.writable && !socket.destroyed) socket.end(clientErrorResponse('HPE_INVALID_METHOD', Buffer.from('CONNECT ')));
    else socket.destroy();
  });
}

/** The TLS port's server: every role over h2 and HTTP/1.1, each leaf's certificate chosen by SNI. */
function tlsServerFor(
  leaves: readonly IssuedLeaf[],
  timeouts: ConnectionTimeouts,
  tracker: ConnectionTracker,
  handler: Handler,
  leafOnly = false,
): http2.Http2SecureServer {
  const contexts = secureContexts(leaves, leafOnly);
  const siteLeaf = leaves.find((l) => l.role === 'site') ?? leaves[0];
  const server = http2.createSecureServer(
    {
      ...http2ServerOptions(timeouts),
      allowHTTP1: true,
      key: siteLeaf.keyPem,
      cert: leafOnly ? siteLeaf.certPem : siteLeaf.chainPem,
      SNICallback: (servername, cb) => cb(null, contexts.get(servername.toLowerCase())),
    },
    tracker.wrap(handler) as unknown as (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => void,
  );
  // The HTTP/1.1 fallback reads this like http.Server does: the parser lets through enough that
  // the guards, not the parser, tell an overlong URL (414) from oversized headers (431).
  (server as unknown as { maxHeaderSize: number }).maxHeaderSize = PARSER_HEADER_LIMIT;
  // Without it one HTTP/1.1 client saw 42 req/s instead of about 580.
  server.on('connection', (socket: Socket) => socket.setNoDelay(true));
  server.on('sessionError', () => undefined);
  applyTimeouts(server, timeouts);
  answerParserErrors(server);
  tracker.track(server, true);
  return server;
}

/** The plain-HTTP port's server (the OCSP responder). */
function httpServerFor(timeouts: ConnectionTimeouts, tracker: ConnectionTracker, handler: Handler): http.Server {
  const server = http.createServer({ maxHeaderSize: PARSER_HEADER_LIMIT }, tracker.wrap(handler));
  server.on('connection', (socket: Socket) => socket.setNoDelay(true));
  applyTimeouts(server, timeouts);
  answerParserErrors(server);
  tracker.track(server, false);
  return server;
}

/** Every node's TLS and plain-HTTP server, each with its node's leaves and deviations; one tracker for all, so a stop closes every node. */
function nodeServers(
  leaves: readonly IssuedLeaf[][],
  timeouts: ConnectionTimeouts,
  tracker: ConnectionTracker,
  byNode: readonly NodeDeviation[][],
  handlers: { tls: Handler; http: Handler },
): { tls: http2.Http2SecureServer[]; http: http.Server[] } {
  return {
    tls: byNode.map((d, i) => tlsServerFor(leaves[i], timeouts, tracker, deviating(handlers.tls, d), servesLeafOnly(d))),
    http: byNode.map((d) => httpServerFor(timeouts, tracker, deviating(handlers.http, d))),
  };
}

/** role -> base URLs: the plain-HTTP roles on the plain port, the others on the TLS port. */
function urlsOf(names: Readonly<Record<Role, readonly string[]>>, tlsPort: number, httpPort: number): Record<Role, string[]> {
  const urls = {} as Record<Role, string[]>;
  for (const role of ROLES) {
    urls[role] = PLAIN_HTTP_ROLES.includes(role) ? names[role].map((n) => `http://${n}:${httpPort}`) : names[role].map((n) => `https://${n}:${tlsPort}`);
  }
  return urls;
}

/**
 * HTTP/3: the edge in front of the TLS port, where Caddy is installed (`'auto'`) or required
 * (`true`). Throws where it was required, or its port asked for, and cannot start; else a reference
 * without it says why.
 */
async function startHttp3(
  options: ReferenceOptions,
  edgeOf: { deployment: Deployment; sites: EdgeSite[]; bind: string; tlsPort: number; caPem: string },
): Promise<{ http3: RunningReference['http3']; edge?: RunningEdge }> {
  const wanted = options.http3 ?? false;
  if (wanted === false) return { http3: { off: options.http3 === false ? 'turned off (--no-http3 or REFERENCE_HTTP3=0)' : 'not asked for' } };
  const caddy = findCaddy();
  if (!caddy) {
    if (wanted === true) throw new EdgeError(`HTTP/3 was asked for, but ${CADDY_MISSING}`);
    return { http3: { off: CADDY_MISSING } };
  }
  const { deployment, bind } = edgeOf;
  try {
    const edge = await startEdge({
      caddy,
      sites: edgeOf.sites,
      upstream: { host: loopbackFor(bind), port: edgeOf.tlsPort, caPem: edgeOf.caPem },
      bind,
      advertise: { maxAgeSeconds: deployment.h3.maxAgeSeconds },
      port: edgePortFor(options, edgeOf.tlsPort, deployment),
    });
    return { http3: { port: edge.port }, edge };
  } catch (err) {
    // Where HTTP/3 was only offered (Caddy installed, no port asked for), a busy port or a Caddy
    // that will not start leaves the reference serving h1 and h2, saying why; asked for, it stops.
    if (wanted === true || options.h3Port !== undefined) throw err;
    const off = `its edge (Caddy) did not start: ${(err as Error).message.split('\n')[0]}`;
    console.error(`reference: HTTP/3 off, ${off}`);
    return { http3: { off } };
  }
}

/**
 * What the reference asks its cache for: every deployment's names whichever starts, whatever the
 * node deviations (their leaves are issued at start, `nodeLeaves`), since processes side by side
 * share one cache and would otherwise reissue it back and forth.
 */
export function referencePkiOptions(dir: string): PkiOptions {
  return { dir, hosts: [...ROLES.map((role) => ({ role, names: pkiNames()[role] })), REVOKED_HOST], ocspNames: OCSP_NAMES };
}

/**
 * Starts the reference: one TLS port for every role, one plain-HTTP port, on each node's address.
 * Only `main` and tests call it.
 */
export async function startReference(options: ReferenceOptions = {}): Promise<RunningReference> {
  const responderId = responderIdOf(options);
  const deployment = deploymentOf(options);
  const timeouts = resolveTimeouts(options.timeouts);
  const bind = options.bind ?? '127.0.0.1';
  const addresses = nodeAddresses(bind, options.nodes ?? 1);
  const byNode = deviationsByNode(options.nodeDeviations ?? [], addresses.length);
  const pki = await loadOrCreatePki(referencePkiOptions(options.pkiDir ?? DEFAULT_PKI_DIR));
  const leaves = await nodeLeaves(pki, byNode);
  const context = defaultHostContext({
    deployment,
    ...(options.section !== undefined ? { section: options.section } : {}),
    ...(options.contentRoot !== undefined ? { contentRoot: options.contentRoot } : {}),
    pki,
    // The deviating nodes' own leaves (the others' are the PKI's): the OCSP responder answers for them.
    nodeLeaves: leaves.filter((l) => l !== pki.leaves).flat(),
    ocsp: { responderId },
  });
  const implemented = ROLES.filter((r) => HOST_FACTORIES[r]);
  const names = roleNames(deployment);
  const tracker = new ConnectionTracker();
  let altSvc: string | undefined;
  const wrap = options.wrap ?? ((handler: Handler) => handler);
  const httpRoles = implemented.filter((r) => PLAIN_HTTP_ROLES.includes(r));
  const nodes = nodeServers(leaves, timeouts, tracker, byNode, {
    tls: wrap(advertised(traced(vhost(composeHosts(context, implemented)), deployment), () => altSvc)),
    http: wrap(traced(vhost(composeHosts(context, httpRoles)), deployment)),
  });
  const servers = [...nodes.tls, ...nodes.http];

  let tlsPort: number;
  let httpPort: number;
  let started: Awaited<ReturnType<typeof startHttp3>>;
  try {
    tlsPort = await listenNodes(nodes.tls, addresses, options.port ?? 8443);
    httpPort = await listenNodes(nodes.http, addresses, options.httpPort ?? 8080);
    started = await startHttp3(options, { deployment, sites: edgeSites(pki, implemented, names), bind, tlsPort, caPem: pki.rootPem });
  } catch (err) {
    stopOcspStore(context);
    // Its first signing round is under way: a caller that exits or tears down on the error would
    // have it finish into the void, so a failed start ends with nothing running.
    const signing = ocspStoreFor(context).refresh();
    await Promise.all([tracker.shutdown(servers, 0), signing.catch(() => undefined)]);
    throw err;
  }
  const { edge } = started;
  if (edge) altSvc = altSvcValue(edge.port, deployment.h3.maxAgeSeconds);

  let stopping: Promise<void> | undefined;
  const running: RunningReference = {
    tlsPort,
    httpPort,
    rootPath: pki.rootPath,
    rootPem: pki.rootPem,
    pki,
    context,
    urls: urlsOf(names, tlsPort, httpPort),
    implemented,
    http3: started.http3,
    nodes: addresses,
    stop: () => {
      stopOcspStore(context);
      return (stopping ??= Promise.all([edge?.stop(), tracker.shutdown(servers, options.drainMs ?? 5000)]).then(() => undefined));
    },
  };
  // An edge that dies on its own is advertised no more (clients would try QUIC on a dead port).
  void edge?.exited.then((how) => {
    if (stopping) return;
    altSvc = undefined;
    running.http3 = { off: `its edge (Caddy) exited: ${how}` };
    console.error(`reference: HTTP/3 off, its edge (Caddy) exited: ${how}`);
  });
  return running;
}
