/**
 * The compression matrix: one resource per role and type, asked with each Accept-Encoding of
 * OFFERS. Each answer: the coding the spec expects, `vary: Accept-Encoding` where the resource is
 * coded, Content-Length equal to the bytes received; across offers the decoded bodies identical.
 */
import type { ReplayFinding, ReplayRecord } from '../../record';
import { createHash } from 'node:crypto';
import { fieldValue } from '../../core';
import { fillPlaceholders, MissingValueError } from '../../spec-model/placeholders';
import type { ObservedExchange } from '../../spec-model/observed';
import { ROLE_PLACEHOLDERS } from '../../target-map';
import { missFinding, replayPlaceholders, resolveDiscover, type ReplayClients } from '../../replay';
import { FlowContext, show } from './context';
import { expectedCoding, OFFERS, type ResourceRow } from './resources';

const CLAUSE = 'Static files and Resources of the service description; RFC 9110 §8.4, §12.5.3, §12.5.5';
const VARY_SHOULD =
  'RFC 9110 §12.5.5: "An origin server SHOULD send a Vary header field when its algorithm for selecting a representation varies based on aspects of the request message other than the method and target URI"';

/**
 * The row's request: the exchange's own address, or the one discovered for it (the same the
 * replay uses), without its content-negotiation and conditional headers.
 */
export async function requestOf(
  row: ResourceRow,
  clients: ReplayClients,
): Promise<{ url: string; headers: Record<string, string> } | { skip: string } | { miss: ReplayFinding }> {
  let values: Record<string, string> = replayPlaceholders(clients.map);
  const origin = values[ROLE_PLACEHOLDERS[row.role]];
  if (!origin) return { skip: `role not mapped (${row.role})` };
  if (row.exchange.discover) {
    const r = await resolveDiscover(row.exchange, clients, row.role, values);
    if (r.kind === 'skip') return { skip: r.reason };
    if (r.kind === 'miss') return { miss: missFinding(row.exchange, r.miss, clients.map.origin, clients.map.origin) };
    values = { ...values, ...Object.fromEntries(Object.entries(r.vars).map(([k, v]) => [`{{${k}}}`, v])) };
  }
  const headers: Record<string, string> = {};
  for (const [n, v] of Object.entries(row.exchange.request.headers ?? {})) {
    const name = n.toLowerCase();
    if (name === 'accept-encoding' || name === 'range' || name.startsWith('if-')) continue;
    headers[name] = fillPlaceholders(v, values);
  }
  let path: string;
  try {
    path = fillPlaceholders(row.exchange.request.path, values);
  } catch (e) {
    if (e instanceof MissingValueError) return { skip: e.message };
    throw e;
  }
  return { url: /^https?:\/\//i.test(path) ? path : origin + path, headers };
}

/** The row's request for a flow, or the flow's record ends with why there is none. */
export async function flowRequestOf(row: ResourceRow, ctx: FlowContext): Promise<{ url: string; headers: Record<string, string> } | undefined> {
  const req = await requestOf(row, ctx.clients);
  if ('skip' in req) ctx.skip(ctx.id, req.skip);
  else if ('miss' in req) ctx.add([req.miss]);
  else return req;
  return undefined;
}

/** Content-Length, when sent, equals the bytes of the body (RFC 9110 §8.6). */
export function contentLengthAgrees(ctx: FlowContext, sid: string, ex: ObservedExchange): void {
  const cl = fieldValue(ex.lines, 'content-length');
  if (cl === undefined || ex.request.method === 'HEAD' || ex.status === 304) return;
  ctx.expect(`${sid} content-length`, cl.trim() === String(ex.body.length), `${ex.body.length} (the bytes received)`, cl, 'rfc', { clause: 'RFC 9110 §8.6' });
}

export async function runCompressionFlow(row: ResourceRow, clients: ReplayClients, options: { targetName?: string } = {}): Promise<ReplayRecord> {
  const id = `${row.namespace ? `${row.namespace}:` : ''}compression/${row.key}`;
  const ctx = new FlowContext(id, clients, { role: row.role, ...options });
  const req = await flowRequestOf(row, ctx);
  if (!req) return ctx.record;
  const digests: Array<[string, string]> = [];
  const answers: Array<{ sid: string; ex: ObservedExchange; coding: string }> = [];
  for (const offer of OFFERS) {
    const sid = `${id}/${offer.label}`;
    const headers = { ...req.headers, ...(offer.value === undefined ? {} : { 'accept-encoding': offer.value }) };
    const ex = await ctx.fetch(sid, { url: req.url, headers });
    if (!ex) continue;
    if (
      !ctx.expect(`${sid} status`, ex.status === 200, '200', String(ex.status), row.exchange.source, {
        aspect: { kind: 'status' },
        clause: row.exchange.clause,
      })
    )
      continue;
    const want = expectedCoding(row, offer.value);
    const got = (fieldValue(ex.lines, 'content-encoding') ?? 'identity').toLowerCase();
    ctx.expect(
      `${sid} content-encoding`,
      want.allowed.includes(got),
      `${want.allowed.join(' or ')} (${want.why})`,
      got === 'identity' ? '(absent)' : got,
      want.source,
      { clause: row.exchange.clause },
    );
    answers.push({ sid, ex, coding: got });
    contentLengthAgrees(ctx, sid, ex);
    if (ex.decoded) digests.push([offer.label, createHash('sha256').update(ex.decoded).digest('hex')]);
  }
  // Where the description states Vary it holds on every answer; otherwise RFC 9110's SHOULD holds only where the answer did vary by Accept-Encoding.
  const codings = [...new Set(answers.map((a) => a.coding))];
  for (const { sid, ex } of answers) {
    const vary = (fieldValue(ex.lines, 'vary') ?? '')
      .toLowerCase()
      .split(',')
      .map((s) => s.trim());
    const named = vary.includes('accept-encoding') || vary.includes('*');
    if (row.vary)
      ctx.expect(`${sid} vary`, named, 'Vary naming Accept-Encoding', show(fieldValue(ex.lines, 'vary')), row.varySource, { clause: row.exchange.clause });
    else if (codings.length > 1)
      ctx.expect(`${sid} vary`, named, 'Vary naming Accept-Encoding', show(fieldValue(ex.lines, 'vary')), 'rfc', { clause: VARY_SHOULD, level: 'should' });
    else
      ctx.notApplicable(
        `${sid} vary`,
        'Vary naming Accept-Encoding',
        `premise not met: every offer got the same coding (${codings.join(', ') || 'none'}), so the answer does not vary by Accept-Encoding`,
        'rfc',
        { clause: VARY_SHOULD, level: 'should' },
      );
  }
  if (digests.length > 1) {
    ctx.begin(`${id}/same-content`);
    const [first, ...rest] = digests;
    const differ = rest.filter(([, d]) => d !== first[1]).map(([l]) => l);
    ctx.expect(
      `${id} decoded body identical across encodings`,
      differ.length === 0,
      `the same decoded bytes for ${digests.map(([l]) => l).join(', ')}`,
      differ.length ? `differs from ${first[0]} for ${differ.join(', ')}` : 'identical',
      'rfc',
      { clause: CLAUSE },
    );
  }
  return ctx.record;
}
