/**
 * Certificate flow (`certs/<role>`): for the first URL of an https role, handshakes for inspection
 * only (no HTTP request), connected as every client of the map connects (TARGET_RESOLVE, TARGET_CA,
 * a proxy tunnel), and judges what the server presents: the chain it sends verifies to a trusted
 * root with nothing fetched, in order; the name; validity and days left; TLS 1.2 and 1.3 and ALPN h2;
 * key sizes and signature hashes. The inspection connects with `rejectUnauthorized: false` so a bad
 * certificate is reported rather than refused. The OCSP status is `ocsp/live/<role>`'s. Where the
 * name has several nodes, each is judged on its own (its findings name it) and their leaves compared.
 */
import { X509Certificate } from 'node:crypto';
import type { DetailedPeerCertificate, TLSSocket } from 'node:tls';
import type { Level } from '../../core';
import type { CertificateFacts, ReplayRecord } from '../../record';
import { harnessSettings } from '../../settings/harness';
import { openTls, roleUrls, trustedRoots, type Role, type TargetMap } from '../../target-map';
import { transportAspect, type ReplayClients } from '../../replay';
import { nodesFor, pinnedTo } from '../../target-map/nodes';
import { certificateFacts } from './cert-facts';
import { judgeStapled } from './cert-staple';
import { FlowContext } from './context';
import {
  certificatesInTls12,
  judgeChain,
  judgeDaysLeft,
  judgeKeys,
  judgeName,
  judgeOrder,
  judgeSignatures,
  judgeValidity,
  type CertJudgement,
} from './cert-judge';

export interface CertsOptions {
  /** Fewer days left than this warns (HARNESS_CERT_MIN_DAYS). */
  minDays?: number;
  now?: Date;
  targetName?: string;
}

/** What one inspection handshake saw. */
interface Handshake {
  chain: Buffer[];
  authorized: boolean;
  authorizationError?: string;
  alpn: string | false | null;
  protocol: string | null;
  stapled: boolean;
  /** The stapled OCSP response, when one came. */
  staple?: Buffer;
}

/** Inspection only: the chain is judged here, never refused; the name is judged by judgeName. */
const INSPECT = { rejectUnauthorized: false, checkServerIdentity: () => undefined } as const;

/** The peer's chain as Node assembled it from what the server sent (issuer by issuer, then a trusted root), leaf first. */
function nodeChain(socket: TLSSocket): Buffer[] {
  const out: Buffer[] = [];
  const seen = new Set<string>();
  for (let c: DetailedPeerCertificate | undefined = socket.getPeerCertificate(true); c?.raw && !seen.has(c.fingerprint256); c = c.issuerCertificate) {
    seen.add(c.fingerprint256);
    out.push(c.raw);
  }
  return out;
}

/**
 * Node's chain without the trusted root it appends from its own store (it cannot say whether the
 * server sent it): without TLS 1.2's clear Certificate message, what the server sent is the rest.
 */
function withoutTrustedTail(chain: readonly Buffer[], roots: readonly X509Certificate[]): X509Certificate[] {
  const certs = chain.map((raw) => new X509Certificate(raw));
  const last = certs.at(-1);
  return certs.length > 1 && last && roots.some((r) => r.fingerprint256 === last.fingerprint256) ? certs.slice(0, -1) : certs;
}

async function inspect(map: TargetMap, url: URL): Promise<Handshake> {
  let staple: Buffer | undefined;
  const socket = await openTls(map, url, ['h2', 'http/1.1'], {
    options: { ...INSPECT, requestOCSP: true },
    onSocket: (s) => s.once('OCSPResponse', (r: Buffer | undefined) => (staple = r && r.length > 0 ? r : undefined)),
  });
  const out: Handshake = {
    chain: nodeChain(socket),
    authorized: socket.authorized,
    ...(socket.authorizationError ? { authorizationError: String(socket.authorizationError) } : {}),
    alpn: socket.alpnProtocol,
    protocol: socket.getProtocol(),
    stapled: staple !== undefined,
    ...(staple ? { staple } : {}),
  };
  socket.destroy();
  return out;
}

/** One handshake at exactly `version`: whether it completed (else the error), and for TLS 1.2 the certificates as sent on the wire. */
async function probe(map: TargetMap, url: URL, version: 'TLSv1.2' | 'TLSv1.3'): Promise<{ ok: true; sent?: Buffer[] } | { ok: false; error: string }> {
  const chunks: Buffer[] = [];
  try {
    const socket = await openTls(map, url, ['http/1.1'], {
      // No shared context: versions are options of a context, and the map's is made without them.
      options: { ...INSPECT, secureContext: undefined, minVersion: version, maxVersion: version },
      ...(version === 'TLSv1.2' ? { tap: (c: Buffer) => chunks.push(c) } : {}),
    });
    socket.destroy();
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
  const sent = version === 'TLSv1.2' ? certificatesInTls12(Buffer.concat(chunks)) : undefined;
  return { ok: true, ...(sent?.length ? { sent } : {}) };
}

/** The certificate flow for one role: every node of its name (HARNESS_NODES) judged on its own, and the leaves they serve compared. */
export async function runCertsFlow(role: Role, clients: ReplayClients, options: CertsOptions = {}): Promise<ReplayRecord> {
  const id = `certs/${role}`;
  const ctx = new FlowContext(id, clients, { role, ...(options.targetName ? { targetName: options.targetName } : {}) });
  const map = clients.map;
  const url = roleUrls(map, role)[0];
  ctx.begin(`${id}/handshake`);
  if (!url) {
    ctx.skip(`${id} handshake`, `role not mapped (${role})`);
    return ctx.record;
  }
  if (url.protocol !== 'https:') {
    ctx.skip(`${id} handshake`, `${role} is not served over TLS (${url.origin})`);
    return ctx.record;
  }
  const nodes = nodesFor(map, url);
  const certificates: CertificateFacts[] = [];
  for (const node of nodes.length ? nodes : [undefined]) {
    const facts = await judgeNode(ctx, node ? pinnedTo(map, url, node) : map, url, { id, role, options, ...(node ? { node } : {}) });
    if (facts) certificates.push(node ? { ...facts, node } : facts);
  }
  if (certificates.length) ctx.record.certificates = certificates;
  if (nodes.length > 1) {
    ctx.record.nodes = nodes;
    judgeSameLeaf(ctx, id, url, certificates);
  }
  return ctx.record;
}

/**
 * Nodes of one name serve one leaf: a node with another (an old certificate left behind in a
 * cut-over) warns, naming it; each leaf's own flaws are its node's findings above.
 */
function judgeSameLeaf(ctx: FlowContext, id: string, url: URL, certificates: readonly CertificateFacts[]): void {
  const [first, ...others] = certificates;
  if (!first) return;
  const leaf = (c: CertificateFacts) => `${c.subject}, serial ${c.serial}, until ${c.notAfter.slice(0, 10)}`;
  for (const c of others)
    ctx.expect(`${id} same-leaf`, c.fingerprint256 === first.fingerprint256, `the leaf ${first.node} serves: ${leaf(first)}`, leaf(c), 'rfc', {
      level: 'should',
      clause: 'One name, one origin (RFC 9110 §4.3.1): every node behind a name presents the same certificate, so no client sees another one by chance',
      aspect: { kind: 'check', check: 'cert/same-leaf' },
      ...(c.node ? { node: c.node } : {}),
      message: `${url.host} at ${c.node}: ${c.fingerprint256 === first.fingerprint256 ? 'the same leaf' : `another leaf than ${first.node}'s`}`,
    });
}

interface NodeOptions {
  id: string;
  role: Role;
  options: CertsOptions;
  /** The node's address, where the name has several: every finding names it. */
  node?: string;
}

/** Handshakes with one node (the map pinned to it) and judges what it presents; its certificate's facts, or undefined when none was presented. */
async function judgeNode(ctx: FlowContext, map: TargetMap, url: URL, on: NodeOptions): Promise<CertificateFacts | undefined> {
  const { id, role, options, node } = on;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const where = `${role} (${url.host}${node ? ` at ${node}` : ''})`;
  const tag = node ? { node } : {};
  let seen: Handshake;
  try {
    seen = await inspect(map, url);
  } catch (e) {
    ctx.error(`${id} handshake`, 'a TLS handshake presenting a certificate chain', `${where}: ${(e as Error).message}`, transportAspect(e), tag);
    return undefined;
  }
  const [tls12, tls13] = [await probe(map, url, 'TLSv1.2'), await probe(map, url, 'TLSv1.3')];
  const sentOnWire = tls12.ok ? tls12.sent : undefined;
  const roots = trustedRoots(map.ca).map((pem) => new X509Certificate(pem));
  const served = sentOnWire ? sentOnWire.map((raw) => new X509Certificate(raw)) : withoutTrustedTail(seen.chain, roots);
  if (served.length === 0) {
    ctx.error(`${id} handshake`, 'a certificate', `${where}: the server presented no certificate`, { kind: 'transport' }, tag);
    return undefined;
  }
  judgeServed(ctx, { id, host, where, tag, options }, { seen, served, roots, sentOnWire, tls12, tls13 });
  const now = options.now ?? new Date();
  return certificateFacts(host, served, now, { tls12: tls12.ok, tls13: tls13.ok, alpn: seen.alpn, stapled: seen.stapled });
}

interface Inspected {
  seen: Handshake;
  served: X509Certificate[];
  roots: X509Certificate[];
  sentOnWire: Buffer[] | undefined;
  tls12: Awaited<ReturnType<typeof probe>>;
  tls13: Awaited<ReturnType<typeof probe>>;
}

/** Every check of one node's handshake, each a finding of its level with its clause (a list of checks: long, not branching). */
function judgeServed(ctx: FlowContext, on: { id: string; host: string; where: string; tag: { node?: string }; options: CertsOptions }, got: Inspected): void {
  const { id, host, where, tag, options } = on;
  const { seen, served, roots, sentOnWire, tls12, tls13 } = got;
  const say = (check: string, j: CertJudgement, level: Level, clause: string): boolean =>
    ctx.expect(`${id} ${check}`, j.ok, j.expected, j.actual, 'rfc', {
      level,
      clause,
      aspect: { kind: 'check', check: `cert/${check}` },
      ...tag,
      message: `${where}: ${j.message ?? (j.ok ? 'as expected' : 'not as expected')}`,
    });
  const now = options.now ?? new Date();
  say(
    'chain',
    judgeChain(served, roots, seen.authorizationError),
    'must',
    'RFC 8446 §4.4.2, RFC 5246 §7.4.2: the server sends its chain (clients do not fetch a missing issuer)',
  );
  if (sentOnWire)
    say(
      'order',
      judgeOrder(served),
      'should',
      'RFC 8446 §4.4.2: each following certificate SHOULD directly certify the one preceding it (RFC 5246 §7.4.2 said MUST; TLS 1.3 relaxed it)',
    );
  else
    ctx.notApplicable(
      `${id} order`,
      'each certificate issued by the one after it, the leaf first',
      `${where}: the order is read from a TLS 1.2 handshake, whose Certificate message is in the clear; ${tls12.ok ? 'it held none' : 'TLS 1.2 is not offered'}`,
      'rfc',
      { level: 'should', aspect: { kind: 'check', check: 'cert/order' }, ...tag },
    );
  say('san', judgeName(served[0], host), 'must', 'RFC 9110 §4.3.4; RFC 6125 §6 (now RFC 9525 §6): the certificate identifies the origin');
  say('validity', judgeValidity(served, now), 'must', 'RFC 5280 §4.1.2.5, §6.1.3 (a)(2)');
  say(
    'days-left',
    judgeDaysLeft(served, now, options.minDays ?? harnessSettings().certMinDays),
    'should',
    'RFC 5280 §4.1.2.5 (notAfter); the margin before it is HARNESS_CERT_MIN_DAYS (default 14 days)',
  );
  const version = (ok: boolean, v: string, error?: string): CertJudgement => ({
    ok,
    expected: `a handshake at ${v}`,
    actual: ok ? `${v} negotiated` : `refused: ${error ?? ''}`,
    ...(ok ? {} : { message: `${v} is not offered` }),
  });
  say(
    'tls1.2',
    version(tls12.ok, 'TLS 1.2', tls12.ok ? undefined : tls12.error),
    'should',
    'RFC 9325 §3.1.1: implementations MUST support TLS 1.2 (a deployment on TLS 1.3 alone is a warning); RFC 8996: nothing older',
  );
  say('tls1.3', version(tls13.ok, 'TLS 1.3', tls13.ok ? undefined : tls13.error), 'should', 'RFC 9325 §3.1.1: implementations SHOULD support TLS 1.3');
  say(
    'alpn-h2',
    { ok: seen.alpn === 'h2', expected: 'h2 chosen when offered h2 and http/1.1', actual: seen.alpn || '(no ALPN protocol chosen)' },
    'should',
    'RFC 9113 §3.2: HTTP/2 over TLS is negotiated with ALPN "h2"',
  );
  say(
    'key',
    judgeKeys(served),
    'must',
    'RFC 9325 §4.5: RSA certificates of at least 2048 bits; CA/Browser Forum Baseline Requirements §6.1.5: ECDSA P-256 or larger',
  );
  say(
    'signature',
    judgeSignatures(served),
    'must',
    'RFC 9325 §4.5: SHA-1 or MD5 MUST NOT be used; RFC 8446 §4.4.2.2 (a trust anchor may be signed with any algorithm); CA/Browser Forum Baseline Requirements §7.1.3.2',
  );
  if (seen.staple)
    say(
      'ocsp-stapled',
      judgeStapled(seen.staple, served[0], served[1], now),
      'must',
      'RFC 6066 §8 and RFC 6960 §4.2.2.1-2: a stapled response is about this certificate, current, and signed by its issuer or a delegate',
    );
  else
    ctx.note(`${id} ocsp-stapled`, 'whether the handshake stapled an OCSP response (the description does not ask for one)', 'not stapled', {
      aspect: { kind: 'check', check: 'cert/ocsp-stapled' },
      ...tag,
      message: `${where}: no OCSP response was stapled (${seen.protocol ?? 'TLS'}); the status is ocsp/live's`,
    });
}
