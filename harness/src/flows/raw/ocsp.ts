/**
 * OCSP flow: for the certificate a role presents in its TLS handshake, build a real request
 * (SHA-1 CertID), send it by POST and by GET to the OCSP URL of the certificate's AIA (mapped
 * through the target map) and to every configured OCSP name, and check the answer: status,
 * signature against the issuer, CertID, `good`, validity window, sizes, cache headers agreeing
 * with the response's own times, ETag = SHA-256 of the body, and a 304 for that ETag. Then the
 * error answers: a malformed request and an unknown issuer.
 */
import { nodesFor, pinnedTo } from '../../target-map/nodes';
import type { ReplayRecord } from '../../record';
import { fieldLines, fieldValue } from '../../core';
import { meetsStated } from '../../spec-model/field-forms';
import { selectChecks } from '../../checks';
import { parseHttpDate } from '../../shapes';
import { runChecks } from '../../spec-model/evaluate';
import { compileMatcher } from '../../spec-model/matchers';
import type { ObservedExchange } from '../../spec-model/observed';
import { forbiddenHost, roleUrls, type Role, type TargetMap } from '../../target-map';
import type { ReplayClients } from '../../replay';
import { FlowContext, show } from './context';
import {
  buildOcspRequest,
  errorResponse,
  getPath,
  ocspUrlsOf,
  OcspParseError,
  parseOcspResponse,
  RESPONSE_STATUS,
  signatureVerdict,
  unknownIssuerRequest,
  type BuiltOcspRequest,
} from './ocsp-der';
import { peerChain } from './tls-chain';

const CLAUSE = 'Service description, Endpoints: certificate-status responder; RFC 6960, RFC 5019';
/** Clock skew allowed between the target and the harness for thisUpdate. */
const SKEW_MS = 5 * 60_000;

/**
 * Where to send an AIA URL: the configured OCSP URL of the same name (its port and scheme). A
 * certificate is the target's to write, so its AIA passes the one gate: a host that is not a mapped
 * OCSP name (an internal address, a cloud metadata service) is never asked. The reason, or the URL.
 */
export function mapOcspUrl(aia: string, configured: URL[]): { url: string } | { refused: string } {
  let u: URL;
  try {
    u = new URL(aia);
  } catch {
    return { refused: 'is not a URL' };
  }
  const forbidden = forbiddenHost(u.hostname);
  if (forbidden) return { refused: forbidden };
  const same = configured.find((c) => c.hostname.toLowerCase() === u.hostname.toLowerCase());
  if (!same) return { refused: `is not a mapped OCSP name (${u.hostname}): only the target map's origins are asked` };
  if (forbiddenHost(same.hostname)) return { refused: forbiddenHost(same.hostname)! };
  return { url: same.origin + (u.pathname === '' ? '/' : u.pathname) };
}

/** The endpoints to ask (the AIA's mapped to a configured name, then each configured name; each once), and the AIA URLs not asked with why. */
export function ocspEndpoints(aia: string[], configured: URL[]): { endpoints: string[]; refused: Array<{ url: string; reason: string }> } {
  const out: string[] = [];
  const refused: Array<{ url: string; reason: string }> = [];
  for (const a of aia) {
    const mapped = mapOcspUrl(a, configured);
    if ('url' in mapped) out.push(mapped.url);
    else refused.push({ url: a, reason: mapped.refused });
  }
  for (const c of configured) if (!forbiddenHost(c.hostname)) out.push(c.origin + (c.pathname === '' ? '/' : c.pathname));
  return { endpoints: [...new Set(out)], refused };
}

/** Content-Type is `type` as RFC 9110 §8.3.1 compares it, on its one line. */
function isMediaType(ex: ObservedExchange, type: string): boolean {
  const lines = fieldLines(ex.lines, 'content-type');
  return meetsStated('content-type', type, lines.join(', '), { lines: lines.length });
}

function joinPath(endpoint: string, segment: string): string {
  return endpoint.endsWith('/') ? endpoint + segment : `${endpoint}/${segment}`;
}

function checkSuccess(ctx: FlowContext, sid: string, ex: ObservedExchange, req: BuiltOcspRequest, issuer: Buffer, now: Date): void {
  ctx.expect(`${sid} status`, ex.status === 200, '200', String(ex.status), 'capture', { aspect: { kind: 'status' }, clause: CLAUSE });
  ctx.expect(
    `${sid} header content-type`,
    isMediaType(ex, 'application/ocsp-response'),
    'application/ocsp-response',
    show(fieldValue(ex.lines, 'content-type')),
    'capture',
    { aspect: { kind: 'header', name: 'content-type' }, clause: CLAUSE },
  );
  const body = ex.decoded ?? ex.body;
  let parsed;
  try {
    parsed = parseOcspResponse(body);
  } catch (e) {
    ctx.expect(`${sid} response`, false, 'a DER OCSPResponse', (e as OcspParseError).message, 'rfc', { clause: 'RFC 6960 §4.2.1' });
    return;
  }
  const status = RESPONSE_STATUS[parsed.responseStatus] ?? String(parsed.responseStatus);
  if (
    !ctx.expect(`${sid} response status`, parsed.responseStatus === 0 && !!parsed.basic, 'successful with a BasicOCSPResponse', status, 'rfc', {
      clause: 'RFC 6960 §4.2.1',
    })
  )
    return;
  const basic = parsed.basic!;
  const sig = signatureVerdict(basic, issuer);
  ctx.expect(`${sid} signature`, sig.ok, "a signature that verifies with the issuer's key (or an authorized delegate's)", sig.how, 'rfc', {
    clause: 'RFC 6960 §3.2, §4.2.2.2',
  });
  const same = JSON.stringify(basic.certId) === JSON.stringify(req.certId);
  ctx.expect(`${sid} certid`, same, JSON.stringify(req.certId), JSON.stringify(basic.certId), 'rfc', { clause: 'RFC 6960 §3.2 (1)' });
  ctx.expect(`${sid} cert status`, basic.certStatus === 'good', 'good', basic.certStatus, 'capture', { clause: CLAUSE });
  const windowOk = basic.thisUpdate.getTime() <= now.getTime() + SKEW_MS && !!basic.nextUpdate && now.getTime() < basic.nextUpdate.getTime();
  ctx.expect(
    `${sid} validity`,
    windowOk,
    `thisUpdate <= now (${now.toISOString()}) < nextUpdate`,
    `thisUpdate ${basic.thisUpdate.toISOString()}, nextUpdate ${basic.nextUpdate?.toISOString() ?? '(absent)'}`,
    'rfc',
    { clause: 'RFC 6960 §3.2 (4), (5)' },
  );
  // The description's size is of the answer its leaves get, `good`: a `revoked` one carries its revocation time and reason too.
  if (req.serialBytes === 18 && basic.certStatus === 'good') {
    ctx.expect(`${sid} body size`, body.length === 504, '504 bytes (18-byte serial)', `${body.length} bytes`, 'capture', {
      clause: 'Service description, Limits: "OCSP response body 504 bytes"',
    });
  }
  checkCacheHeaders(ctx, sid, ex, basic);
  const etag = compileMatcher({ shape: 'quoted-HEX64' })(fieldValue(ex.lines, 'etag'), { placeholders: {} });
  ctx.expect(`${sid} header etag`, etag.ok, etag.expected, etag.actual, 'capture', {
    aspect: { kind: 'header', name: 'etag' },
    clause: 'Service description, certificate-status responder: "ETag is a quoted uppercase 64-hex string"',
    shape: 'quoted-HEX64',
  });
  ctx.add(runChecks(sid, selectChecks(OCSP_CHECKS), ex, { role: 'ocsp', previous: [] }, ctx.clients.map.origin));
}

/** Cache headers agree with the response's own times (RFC 5019 §6.2, the description's row). */
function checkCacheHeaders(ctx: FlowContext, sid: string, ex: ObservedExchange, basic: { thisUpdate: Date; nextUpdate?: Date }): void {
  const cc = (fieldValue(ex.lines, 'cache-control') ?? '').split(',').map((s) => s.trim().toLowerCase());
  const ccOk = ['public', 'no-transform', 'must-revalidate'].every((d) => cc.includes(d)) && cc.some((d) => /^max-age=\d+$/.test(d));
  ctx.expect(
    `${sid} header cache-control`,
    ccOk,
    'public, no-transform, must-revalidate and max-age=N',
    show(fieldValue(ex.lines, 'cache-control')),
    'capture',
    { aspect: { kind: 'header', name: 'cache-control' }, clause: CLAUSE },
  );
  const httpSecond = (d: Date) => Math.floor(d.getTime() / 1000);
  const expires = parseHttpDate((fieldValue(ex.lines, 'expires') ?? '').trim());
  const SHOULD = { level: 'should' as const };
  ctx.expect(
    `${sid} header expires`,
    !!expires && !!basic.nextUpdate && httpSecond(expires) === httpSecond(basic.nextUpdate),
    `nextUpdate ${basic.nextUpdate?.toUTCString() ?? '(absent)'}`,
    show(fieldValue(ex.lines, 'expires')),
    'rfc',
    {
      aspect: { kind: 'header', name: 'expires' },
      clause: 'RFC 5019 §6.2: Expires is the nextUpdate of the response (the description says only that Expires is sent)',
      ...SHOULD,
    },
  );
  const lastModified = parseHttpDate((fieldValue(ex.lines, 'last-modified') ?? '').trim());
  ctx.expect(
    `${sid} header last-modified`,
    !!lastModified && httpSecond(lastModified) === httpSecond(basic.thisUpdate),
    `thisUpdate ${basic.thisUpdate.toUTCString()}`,
    show(fieldValue(ex.lines, 'last-modified')),
    'rfc',
    {
      aspect: { kind: 'header', name: 'last-modified' },
      clause: 'RFC 5019 §6.2: Last-Modified is the thisUpdate of the response (the description says only that Last-Modified is sent)',
      ...SHOULD,
    },
  );
  const maxAge = cc.find((d) => d.startsWith('max-age='));
  const date = parseHttpDate((fieldValue(ex.lines, 'date') ?? '').trim());
  if (maxAge && date && basic.nextUpdate) {
    const want = Math.max(0, Math.floor((basic.nextUpdate.getTime() - date.getTime()) / 1000));
    const got = Number(maxAge.slice(8));
    ctx.expect(`${sid} max-age`, Math.abs(got - want) <= 2, `max-age=${want} (± 2 s): nextUpdate - Date`, `max-age=${got}`, 'rfc', {
      clause: 'RFC 5019 §6.2: max-age runs to the nextUpdate of the response',
      ...SHOULD,
    });
  }
}

/** The named checks of a successful answer: max-age = Expires - Date (stated), the ETag's digest (the reference's reading), Content-Length. */
const OCSP_CHECKS = ['cache/max-age-matches-expires', 'ocsp/etag-is-sha256-of-body', 'body/content-length-matches'];

function checkError(ctx: FlowContext, sid: string, ex: ObservedExchange, status: number, name: string): void {
  const body = ex.decoded ?? ex.body;
  const want = errorResponse(status);
  ctx.expect(
    `${sid} body`,
    body.equals(want),
    `OCSPResponse ${name} (${want.toString('hex')})`,
    body.length > 64 ? `${body.length} bytes` : body.toString('hex') || '(empty)',
    'rfc',
    { clause: 'RFC 6960 §2.3, RFC 5019 §2.2.3' },
  );
  ctx.expect(
    `${sid} header content-type`,
    isMediaType(ex, 'application/ocsp-response'),
    'application/ocsp-response',
    show(fieldValue(ex.lines, 'content-type')),
    'rfc',
    { aspect: { kind: 'header', name: 'content-type' }, clause: 'RFC 6960 Appendix C.2' },
  );
  const cc = (fieldValue(ex.lines, 'cache-control') ?? '').toLowerCase();
  ctx.expect(
    `${sid} not publicly cacheable`,
    !/\bpublic\b/.test(cc) && !/max-age=[1-9]/.test(cc),
    'no public caching headers on a non-authoritative answer',
    show(fieldValue(ex.lines, 'cache-control')),
    'reference',
    { clause: "the reference's choice, as Let's Encrypt's Boulder answers errors: no-cache" },
  );
}

/** The handshake step: the certificate `certRole` presents and its issuer, or undefined once the step says why there are none. */
async function handshakeChain(ctx: FlowContext, id: string, certRole: Role, map: TargetMap): Promise<{ leaf: Buffer; issuer: Buffer } | undefined> {
  const url = roleUrls(map, certRole)[0];
  ctx.begin(`${id}/handshake`);
  if (!url) {
    ctx.skip(`${id} handshake`, `role not mapped (${certRole})`);
    return undefined;
  }
  if (url.protocol !== 'https:') {
    ctx.skip(`${id} handshake`, `${certRole} is not served over TLS`);
    return undefined;
  }
  let chain;
  try {
    chain = await peerChain(map, url);
  } catch (e) {
    ctx.error(`${id} handshake`, 'a TLS handshake presenting a certificate chain', `${certRole}: ${url.origin}: ${(e as Error).message}`);
    return undefined;
  }
  if (!chain.issuer) {
    ctx.error(
      `${id} handshake`,
      'a certificate with its issuer in the verified chain',
      `${certRole}: ${url.origin}: the certificate is self-signed or its issuer is unknown`,
    );
    return undefined;
  }
  return { leaf: chain.leaf, issuer: chain.issuer };
}

/** The OCSP flow for one role's certificate. The record's role is `ocsp`. */
export async function runOcspFlow(certRole: Role, clients: ReplayClients, options: { targetName?: string } = {}): Promise<ReplayRecord> {
  const id = `ocsp/live/${certRole}`;
  const ctx = new FlowContext(id, clients, { role: 'ocsp', ...options });
  const chain = await handshakeChain(ctx, id, certRole, clients.map);
  if (!chain) return ctx.record;
  const aia = ocspUrlsOf(chain.leaf);
  ctx.expect(`${id} aia`, aia.length > 0, 'an OCSP URL in the Authority Information Access extension', aia.join(', ') || '(none)', 'rfc', {
    clause: 'RFC 5280 §4.2.2.1',
  });
  const configured = roleUrls(clients.map, 'ocsp');
  const { endpoints, refused } = ocspEndpoints(aia, configured);
  // The one gate of addresses a target steers: an OCSP URL of the certificate that is no mapped OCSP name is said, never asked.
  for (const [i, { url, reason }] of refused.entries())
    ctx.expect(`${id} aia ${i + 1} not asked`, false, 'an OCSP URL of a mapped OCSP name (TARGET_OCSP_URL)', url, 'rfc', {
      level: 'should',
      clause: 'RFC 5280 §4.2.2.1 (the certificate names the responder); the target map names the hosts the harness asks',
      message: `not asked: ${url} ${reason}. To have it checked, add its origin to TARGET_OCSP_URL (comma-separated)`,
    });
  if (endpoints.length === 0) return ctx.record;
  const req = await buildOcspRequest(chain.leaf, chain.issuer);
  if (req.serialBytes === 18)
    ctx.expect(`${id} request size`, req.der.length === 85, '85 bytes (18-byte serial, SHA-1 CertID)', `${req.der.length} bytes`, 'capture', {
      clause: 'Service description, Limits: "OCSP request body 85 bytes"',
    });
  const now = new Date();
  for (const [i, endpoint] of endpoints.entries()) {
    const tag = i === 0 && aia.length ? 'aia' : `name-${new URL(endpoint).hostname}`;
    const post = await ctx.fetch(`${id}/${tag}/post`, {
      method: 'POST',
      url: endpoint,
      headers: { 'content-type': 'application/ocsp-request', accept: 'application/ocsp-response' },
      body: req.der,
    });
    if (post) checkSuccess(ctx, `${id}/${tag}/post`, post, req, chain.issuer, now);
    const getUrl = joinPath(endpoint, getPath(req.der));
    const get = await ctx.fetch(`${id}/${tag}/get`, { url: getUrl, headers: { accept: 'application/ocsp-response' } });
    if (get) checkSuccess(ctx, `${id}/${tag}/get`, get, req, chain.issuer, now);
    const etag = get && fieldValue(get.lines, 'etag');
    if (etag) {
      const cond = await ctx.fetch(`${id}/${tag}/if-none-match`, { url: getUrl, headers: { 'if-none-match': etag } });
      if (cond) {
        ctx.expect(`${id}/${tag}/if-none-match status`, cond.status === 304, '304', String(cond.status), 'rfc', {
          aspect: { kind: 'status' },
          clause: 'RFC 9110 §13.1.2',
        });
        ctx.expect(`${id}/${tag}/if-none-match header etag`, fieldValue(cond.lines, 'etag') === etag, etag, show(fieldValue(cond.lines, 'etag')), 'rfc', {
          aspect: { kind: 'header', name: 'etag' },
          clause: 'RFC 9110 §15.4.5',
        });
      }
    }
  }
  const first = endpoints[0];
  const malformed = await ctx.fetch(`${id}/malformed`, {
    method: 'POST',
    url: first,
    headers: { 'content-type': 'application/ocsp-request' },
    body: Buffer.from('this is not DER'),
  });
  if (malformed) checkError(ctx, `${id}/malformed`, malformed, 1, 'malformedRequest');
  const unknown = await ctx.fetch(`${id}/unknown-issuer`, {
    method: 'POST',
    url: first,
    headers: { 'content-type': 'application/ocsp-request' },
    body: unknownIssuerRequest(req.certId.serial),
  });
  if (unknown) checkError(ctx, `${id}/unknown-issuer`, unknown, 6, 'unauthorized');
  await otherNodes(ctx, id, certRole, clients.map, { leaf: chain.leaf, endpoint: first, now });
  return ctx.record;
}

/**
 * The leaf every other node of the role's name presents, where it is another than the first
 * node's: its status asked of the same responder (POST), judged as the first's, every finding
 * naming the node. A node presenting the first node's leaf has its status.
 */
async function otherNodes(ctx: FlowContext, id: string, certRole: Role, map: TargetMap, first: { leaf: Buffer; endpoint: string; now: Date }): Promise<void> {
  const url = roleUrls(map, certRole)[0];
  const nodes = url ? nodesFor(map, url) : [];
  // The record names no nodes: its role is the responder's, whose own name has its own; only the other nodes' findings carry one.
  if (!url || nodes.length < 2) return;
  for (const node of nodes.slice(1)) {
    ctx.atNode(node);
    try {
      const sid = `${id}/node-${node}`;
      ctx.begin(`${sid}/handshake`);
      let chain;
      try {
        chain = await peerChain(pinnedTo(map, url, node), url);
      } catch (e) {
        // The node's handshake is certs/<role>'s to judge (a chain that does not verify, a refusal): here only why its leaf is not asked about.
        ctx.notApplicable(
          `${sid} handshake`,
          "the node's leaf, to ask its status",
          `${certRole}: ${url.origin} at ${node}: ${(e as Error).message} (certs/${certRole} judges it)`,
        );
        continue;
      }
      if (!chain.issuer || chain.leaf.equals(first.leaf)) continue;
      const req = await buildOcspRequest(chain.leaf, chain.issuer);
      const post = await ctx.fetch(`${sid}/post`, {
        method: 'POST',
        url: first.endpoint,
        headers: { 'content-type': 'application/ocsp-request', accept: 'application/ocsp-response' },
        body: req.der,
      });
      if (post) checkSuccess(ctx, `${sid}/post`, post, req, chain.issuer, first.now);
    } finally {
      ctx.atNode(undefined);
    }
  }
}
