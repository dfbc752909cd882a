/**
 * Several nodes behind one name, as a re-platformed property has: the reference listens on
 * consecutive IPv4 loopback addresses (127.0.0.1, 127.0.0.2, ...) with the same port numbers, each
 * node a server of its own. A node other than the first may deviate (drop or change a header field,
 * serve its leaves without their intermediate, serve revoked or soon-expiring leaves of its own) so
 * that the harness's tests can show it catches one node answering otherwise, and names which.
 */
import type * as http from 'node:http';
import type * as http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import type { AnyResponse } from './http/guards';
import type { Handler } from './http/vhost';
import { ReferenceOptionsError } from './options-error';
import type { IssuedLeaf, ReferencePki } from './pki';
import { DAY_MS, RENEW_BEFORE_MS } from './pki/policy';

export const MAX_NODES = 8;

export type NodeDeviation =
  | { node: number; kind: 'drop-header'; name: string }
  | { node: number; kind: 'header'; name: string; value: string }
  | { node: number; kind: 'no-intermediate' }
  | { node: number; kind: 'revoked-leaf' }
  | { node: number; kind: 'expiring-leaf'; days: number };

/** A deviation that replaces the node's leaves: one per node at most, a name having one leaf. */
export type LeafDeviation = Extract<NodeDeviation, { kind: 'revoked-leaf' | 'expiring-leaf' }>;

/** The kinds as written on the command line, for messages and the usage text. */
export const NODE_DEVIATION_KINDS = ['drop-header=NAME', 'header=NAME:VALUE', 'no-intermediate', 'revoked-leaf', 'expiring-leaf=DAYS'] as const;

/**
 * The most days an expiring leaf may have: the cache renews every leaf with fewer left than this,
 * so the PKI's own leaves always have more and the expiring one is always the shorter-lived.
 */
export const MAX_EXPIRING_LEAF_DAYS = RENEW_BEFORE_MS / DAY_MS;

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// A field value as Node accepts it: no CR, LF or other control character but tab.
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/**
 * `K:KIND` (`2:drop-header=x-frame-options`, `3:header=Server:IIS`, `2:no-intermediate`,
 * `2:revoked-leaf`, `2:expiring-leaf=5`), or why it is not one.
 */
export function parseNodeDeviation(item: string): NodeDeviation | { problem: string } {
  const kinds = `KIND one of ${NODE_DEVIATION_KINDS.join(', ')}`;
  const match = /^(\d+):([a-z-]+)(?:=(.*))?$/s.exec(item.trim());
  if (!match) return { problem: `is not K:KIND (${kinds})` };
  const [, k, kind, argument] = match;
  const node = Number(k);
  if ((kind === 'no-intermediate' || kind === 'revoked-leaf') && argument === undefined) return { node, kind };
  if (kind === 'drop-header' && argument !== undefined) return { node, kind, name: argument };
  if (kind === 'expiring-leaf' && argument !== undefined) {
    if (!/^\d+$/.test(argument)) return { problem: `has no DAYS: expiring-leaf=DAYS, DAYS a whole number (${kinds})` };
    return { node, kind, days: Number(argument) };
  }
  if (kind === 'header' && argument !== undefined) {
    const colon = argument.indexOf(':');
    if (colon === -1) return { problem: `has no VALUE: header=NAME:VALUE (${kinds})` };
    return { node, kind, name: argument.slice(0, colon), value: argument.slice(colon + 1).trim() };
  }
  return { problem: `is not K:KIND (${kinds})` };
}

/** What makes a deviation unusable with `count` nodes, if anything. */
export function deviationProblem(deviation: NodeDeviation, count: number): string | undefined {
  const { node, kind } = deviation;
  if (!Number.isInteger(node) || node < 1) return `node ${node} is not a node number`;
  if (node === 1) return 'node 1 is the reference itself: only nodes 2 and up deviate';
  if (node > count) return `node ${node} is beyond the ${count} node${count === 1 ? '' : 's'} served`;
  if (kind === 'no-intermediate' || kind === 'revoked-leaf') return undefined;
  if (kind === 'expiring-leaf') {
    const { days } = deviation;
    const ok = Number.isInteger(days) && days >= 1 && days <= MAX_EXPIRING_LEAF_DAYS;
    return ok ? undefined : `${JSON.stringify(days)} is not a number of days from 1 to ${MAX_EXPIRING_LEAF_DAYS}`;
  }
  if (kind !== 'drop-header' && kind !== 'header') return `${JSON.stringify(kind)} is not one of ${NODE_DEVIATION_KINDS.join(', ')}`;
  if (typeof deviation.name !== 'string' || !TOKEN.test(deviation.name)) return `${JSON.stringify(deviation.name)} is not a header field name`;
  if (kind === 'header' && (typeof deviation.value !== 'string' || !FIELD_VALUE.test(deviation.value))) {
    return `${JSON.stringify(deviation.value)} is not a header field value`;
  }
  return undefined;
}

/** A deviation as the command line writes it: `2:drop-header=x-frame-options`. */
export function deviationText(deviation: NodeDeviation): string {
  if (deviation.kind === 'drop-header') return `${deviation.node}:drop-header=${deviation.name}`;
  if (deviation.kind === 'header') return `${deviation.node}:header=${deviation.name}:${deviation.value}`;
  if (deviation.kind === 'expiring-leaf') return `${deviation.node}:expiring-leaf=${deviation.days}`;
  return `${deviation.node}:${deviation.kind}`;
}

const isLeafDeviation = (d: NodeDeviation): d is LeafDeviation => d.kind === 'revoked-leaf' || d.kind === 'expiring-leaf';

/**
 * Why these deviations (each usable alone) cannot be served together, if they cannot: two that
 * replace one node's leaves, a name having one leaf per node. no-intermediate combines with either.
 */
export function combinationProblem(deviations: readonly NodeDeviation[]): string | undefined {
  const leafDeviations = deviations.filter(isLeafDeviation);
  for (const [i, first] of leafDeviations.entries()) {
    const second = leafDeviations.slice(i + 1).find((d) => d.node === first.node);
    if (second) {
      return `node ${first.node} has two leaf deviations, ${deviationText(first)} and ${deviationText(second)}: a node serves one leaf per name`;
    }
  }
  return undefined;
}

/** A node's leaf deviation, if it has one (combinationProblem has refused two). */
export function leafDeviationOf(deviations: readonly NodeDeviation[]): LeafDeviation | undefined {
  return deviations.find(isLeafDeviation);
}

/**
 * The leaves each node serves (index 0: node 1): the PKI's, or, for a node with a leaf deviation,
 * leaves of its own for the same names that are revoked or expire within its days.
 */
export async function nodeLeaves(pki: ReferencePki, byNode: readonly NodeDeviation[][], now = new Date()): Promise<IssuedLeaf[][]> {
  if (!byNode.some((d) => leafDeviationOf(d))) return byNode.map(() => pki.leaves);
  // pkijs loads only here: a start without a leaf deviation stays on the cache's fast path.
  const { issueNodeLeaves } = await import('./pki/node-leaves');
  return Promise.all(
    byNode.map((deviations) => {
      const deviation = leafDeviationOf(deviations);
      if (!deviation) return pki.leaves;
      const change = deviation.kind === 'revoked-leaf' ? { revoked: 'keyCompromise' as const } : { expiresInDays: deviation.days };
      return issueNodeLeaves(pki, change, now);
    }),
  );
}

function ipv4(address: string): number | undefined {
  const parts = address.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return undefined;
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

/** The addresses of `count` nodes: the bind address, then the next IPv4 addresses, all within 127/8. */
export function nodeAddresses(bind: string, count: number): string[] {
  if (!Number.isInteger(count) || count < 1 || count > MAX_NODES) throw new ReferenceOptionsError(`nodes ${count} is not an integer from 1 to ${MAX_NODES}`);
  if (count === 1) return [bind];
  const first = ipv4(bind);
  // Linux answers on all of 127/8 without configuration; elsewhere there is no address to add.
  if (first === undefined || first >>> 24 !== 127 || (first + count - 1) >>> 24 !== 127) {
    throw new ReferenceOptionsError(
      `nodes ${count} need an IPv4 loopback bind address (127.x.y.z with room for ${count - 1} after it), not ${JSON.stringify(bind)}`,
    );
  }
  return Array.from({ length: count }, (_, i) => {
    const n = first + i;
    return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
  });
}

/** Each node's deviations (index 0: node 1, which has none), checked against the count. */
export function deviationsByNode(deviations: readonly NodeDeviation[], count: number): NodeDeviation[][] {
  const byNode: NodeDeviation[][] = Array.from({ length: count }, () => []);
  for (const deviation of deviations) {
    const problem = deviationProblem(deviation, count);
    if (problem) throw new ReferenceOptionsError(`node deviation ${JSON.stringify(deviation)}: ${problem}`);
    byNode[deviation.node - 1].push(deviation);
  }
  const problem = combinationProblem(deviations);
  if (problem) throw new ReferenceOptionsError(`node deviations: ${problem}`);
  return byNode;
}

export function servesLeafOnly(deviations: readonly NodeDeviation[]): boolean {
  return deviations.some((d) => d.kind === 'no-intermediate');
}

type Headers = http.OutgoingHttpHeaders | ReadonlyArray<string | string[]> | undefined;
interface EditableResponse {
  headersSent: boolean;
  sendDate: boolean;
  setHeader(name: string, value: unknown): unknown;
  appendHeader?(name: string, value: unknown): unknown;
  removeHeader(name: string): void;
  writeHead(statusCode: number, ...rest: unknown[]): unknown;
}

/** Lowercase name -> the field as this node sends it: its name as given and its value, or undefined (dropped). */
type Edits = ReadonlyMap<string, { name: string; value: string } | undefined>;

/**
 * A header object or array without the edited names. Pairs (`[[k, v]]`) come back flat (`[k, v]`):
 * HTTP/1.1's writeHead refuses pairs once a field is set, as a replaced one is, and takes flat
 * arrays either way, as HTTP/2's does.
 */
function withoutEdited(headers: Headers, edits: Edits): Headers {
  if (!headers || typeof headers !== 'object') return headers;
  if (!Array.isArray(headers)) return Object.fromEntries(Object.entries(headers).filter(([name]) => !edits.has(name.toLowerCase())));
  const flat = headers.length > 0 && Array.isArray(headers[0]) ? (headers as string[][]).flat() : (headers as Array<string | string[]>);
  const kept: Array<string | string[]> = [];
  for (let i = 0; i < flat.length; i += 2) if (!edits.has(String(flat[i]).toLowerCase())) kept.push(flat[i], flat[i + 1]);
  return kept;
}

/**
 * Applies the edits to one response, on HTTP/1.1 and the HTTP/2 compatibility API alike: every path
 * to the wire (setHeader, appendHeader, writeHead's own headers, the implicit writeHead of
 * write/end) passes through setHeader or writeHead on the instance, so the edits hold whatever the
 * app called. The writeHead step is what guarantees it; the setHeader step keeps getHeader honest.
 */
function editResponse(res: AnyResponse, edits: Edits): void {
  const r = res as unknown as EditableResponse;
  const setHeader = r.setHeader;
  const edited = (name: unknown, value: unknown, apply: (name: string, value: unknown) => unknown) => {
    const key = typeof name === 'string' ? name.toLowerCase() : '';
    if (!edits.has(key)) return apply(name as string, value);
    const replacement = edits.get(key);
    return replacement === undefined ? r : setHeader.call(r, replacement.name, replacement.value);
  };
  r.setHeader = (name, value) => edited(name, value, (n, v) => setHeader.call(r, n, v));
  const appendHeader = r.appendHeader;
  if (appendHeader) r.appendHeader = (name, value) => edited(name, value, (n, v) => appendHeader.call(r, n, v));
  const writeHead = r.writeHead;
  r.writeHead = (statusCode, ...rest) => {
    if (!r.headersSent) {
      for (const [key, field] of edits) {
        r.removeHeader(key);
        if (field !== undefined) setHeader.call(r, field.name, field.value);
      }
      // Node adds Date itself unless told not to: an edited Date is the edit alone.
      if (edits.has('date')) r.sendDate = false;
    }
    return writeHead.call(r, statusCode, ...rest.map((arg) => (typeof arg === 'object' ? withoutEdited(arg as Headers, edits) : arg)));
  };
}

/**
 * A node's handler: its header deviations applied to every answer, before anything else sets a
 * header. Framing fields Node writes itself on HTTP/1.1 (Content-Length, Transfer-Encoding,
 * Connection) are beyond its reach.
 */
export function deviating(handler: Handler, deviations: readonly NodeDeviation[]): Handler {
  // The last deviation of a name wins.
  const edits = new Map<string, { name: string; value: string } | undefined>();
  for (const d of deviations) {
    if (d.kind === 'drop-header') edits.set(d.name.toLowerCase(), undefined);
    else if (d.kind === 'header') edits.set(d.name.toLowerCase(), { name: d.name, value: d.value });
  }
  if (edits.size === 0) return handler;
  return (req, res) => {
    editResponse(res, edits);
    handler(req, res);
  };
}

type Server = http.Server | http2.Http2SecureServer;

export function listen(server: Server, port: number, address: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, address, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
}

/** The first node that could not listen on the port number node 1 got, and why. */
async function listenOthers(
  servers: readonly Server[],
  addresses: readonly string[],
  port: number,
): Promise<{ node: number; error: NodeJS.ErrnoException } | undefined> {
  for (let i = 1; i < servers.length; i++) {
    try {
      await listen(servers[i], port, addresses[i]);
    } catch (error) {
      return { node: i + 1, error: error as NodeJS.ErrnoException };
    }
  }
  return undefined;
}

/**
 * One server per node, node i on addresses[i], all on one port: the first node's listen picks it
 * (0: a free one), the others take the same number at their address. A free port chosen at the
 * first address may be taken at another: then, the port being anyone's, the set tries another.
 */
export async function listenNodes(servers: readonly Server[], addresses: readonly string[], port: number): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const chosen = await listen(servers[0], port, addresses[0]);
    const failed = await listenOthers(servers, addresses, chosen);
    if (!failed) return chosen;
    await Promise.all(servers.map(close));
    const { node, error } = failed;
    if (port === 0 && error.code === 'EADDRINUSE' && attempt < 5) continue;
    throw new ReferenceOptionsError(
      `node ${node} cannot listen on ${addresses[node - 1]}:${chosen} (${error.code ?? error.message}): ` +
        `every node listens on the port number node 1 has at ${addresses[0]}; choose another port`,
    );
  }
}
