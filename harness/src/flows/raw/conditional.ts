/**
 * Conditional and range requests on a resource with validators: If-None-Match -> 304 with the
 * same ETag (only when an ETag was sent), If-Modified-Since -> 304 (only when a Last-Modified was
 * sent), Range -> 206 with the right bytes (against the identity body), HEAD -> the header fields
 * of GET, no body. What differs between two identical GETs is learned as noise and excused in the
 * HEAD comparison; no header name is excused by name.
 */
import type { ReplayRecord } from '../../record';
import { fieldValue } from '../../core';
import { compareAnswers, learnNoise, recordedNoise } from '../../noise';
import type { ReplayClients } from '../../replay';
import { FlowContext, show } from './context';
import { contentLengthAgrees, flowRequestOf } from './compression';
import type { ResourceRow } from './resources';

/** A HEAD answer may leave Content-Length out (RFC 9110 §8.6), never state another one. */
const HEAD_MAY_OMIT: ReadonlySet<string> = new Set(['content-length']);
const HEAD_CLAUSE =
  'RFC 9110 §9.3.2: "The server SHOULD send the same header fields in response to a HEAD request as it would have sent if the request method had been GET"';

/** A Range request for bytes of the middle of `full` (the identity body): a 206 with the right Content-Range and bytes. */
async function checkRange(ctx: FlowContext, id: string, req: { url: string; headers: Record<string, string> }, full: Buffer): Promise<void> {
  const end = Math.min(full.length - 1, Math.max(1, Math.floor(full.length / 3)));
  const start = Math.min(1, end);
  const ex = await ctx.fetch(`${id}/range`, { url: req.url, headers: { ...req.headers, range: `bytes=${start}-${end}` } });
  if (!ex) return;
  // A server MAY ignore Range (RFC 9110 §14.2): one that advertises bytes is expected to honour it; what a 206 says is a must.
  const ranged = ctx.expect(`${id}/range status`, ex.status === 206, '206', String(ex.status), 'rfc', {
    aspect: { kind: 'status' },
    clause: 'RFC 9110 §14.2 ("A server MAY ignore the Range header field"), §14.3 (accept-ranges: bytes)',
    level: 'should',
  });
  const premise = `premise not met: the answer is ${ex.status}, not 206`;
  const range = `bytes ${start}-${end}/${full.length}`;
  const want = full.subarray(start, end + 1);
  if (ranged) {
    ctx.expect(`${id}/range content-range`, fieldValue(ex.lines, 'content-range') === range, range, show(fieldValue(ex.lines, 'content-range')), 'rfc', {
      clause: 'RFC 9110 §14.4, §15.3.7',
    });
    ctx.expect(
      `${id}/range body`,
      ex.body.equals(want),
      `bytes ${start}-${end} of the full body (${want.length} bytes)`,
      ex.body.equals(want) ? 'the same bytes' : `${ex.body.length} other bytes`,
      'rfc',
      { clause: 'RFC 9110 §15.3.7' },
    );
  } else {
    ctx.notApplicable(`${id}/range content-range`, range, premise, 'rfc', { clause: 'RFC 9110 §14.4, §15.3.7' });
    ctx.notApplicable(`${id}/range body`, `bytes ${start}-${end} of the full body`, premise, 'rfc', { clause: 'RFC 9110 §15.3.7' });
  }
  contentLengthAgrees(ctx, `${id}/range`, ex);
}

export async function runConditionalFlow(row: ResourceRow, clients: ReplayClients, options: { targetName?: string } = {}): Promise<ReplayRecord> {
  const id = `${row.namespace ? `${row.namespace}:` : ''}conditional/${row.key}`;
  const ctx = new FlowContext(id, clients, { role: row.role, ...options });
  const req = await flowRequestOf(row, ctx);
  if (!req) return ctx.record;
  const identity = { ...req.headers, 'accept-encoding': 'identity' };
  const base = await ctx.fetch(`${id}/get`, { url: req.url, headers: identity });
  if (!base) return ctx.record;
  if (!ctx.expect(`${id}/get status`, base.status === 200, '200', String(base.status), row.exchange.source, { aspect: { kind: 'status' } })) return ctx.record;
  contentLengthAgrees(ctx, `${id}/get`, base);
  const etag = fieldValue(base.lines, 'etag');
  const lastModified = fieldValue(base.lines, 'last-modified');
  if (row.etag) ctx.expect(`${id}/get etag`, etag !== undefined, 'an ETag (the spec names one)', show(etag), row.exchange.source);
  if (row.lastModified)
    ctx.expect(`${id}/get last-modified`, lastModified !== undefined, 'a Last-Modified (the spec names one)', show(lastModified), row.exchange.source);

  if (etag) {
    const ex = await ctx.fetch(`${id}/if-none-match`, { url: req.url, headers: { ...identity, 'if-none-match': etag } });
    if (ex) {
      ctx.expect(`${id}/if-none-match status`, ex.status === 304, '304', String(ex.status), 'rfc', { aspect: { kind: 'status' }, clause: 'RFC 9110 §13.1.2' });
      ctx.expect(`${id}/if-none-match etag`, fieldValue(ex.lines, 'etag') === etag, etag, show(fieldValue(ex.lines, 'etag')), 'rfc', {
        clause: 'RFC 9110 §15.4.5',
      });
      ctx.expect(`${id}/if-none-match body`, ex.body.length === 0, 'no body', `${ex.body.length} bytes`, 'rfc', { clause: 'RFC 9110 §15.4.5' });
    }
  }
  if (lastModified) {
    const ex = await ctx.fetch(`${id}/if-modified-since`, { url: req.url, headers: { ...identity, 'if-modified-since': lastModified } });
    if (ex)
      ctx.expect(`${id}/if-modified-since status`, ex.status === 304, '304', String(ex.status), 'rfc', {
        aspect: { kind: 'status' },
        clause: 'RFC 9110 §13.1.3',
      });
  }
  const full = base.decoded ?? base.body;
  if ((row.acceptRanges || /bytes/i.test(fieldValue(base.lines, 'accept-ranges') ?? '')) && full.length > 1 && !fieldValue(base.lines, 'content-encoding'))
    await checkRange(ctx, id, { url: req.url, headers: identity }, full);
  const head = await ctx.fetch(`${id}/head`, { method: 'HEAD', url: req.url, headers: identity });
  // The same GET once more: what differs between the two GETs is this resource's noise.
  const again = head ? await ctx.fetch(`${id}/get-again`, { url: req.url, headers: identity }) : undefined;
  if (head) {
    // Recorded under the step sent last (the second GET): the HEAD's status beside the GET's, not that step's own status.
    ctx.expect(`${id}/head status`, head.status === base.status, String(base.status), String(head.status), 'rfc', { clause: 'RFC 9110 §9.3.2' });
    ctx.expect(`${id}/head body`, head.body.length === 0, 'no body', `${head.body.length} bytes`, 'rfc', { clause: 'RFC 9110 §9.3.2' });
    const noise = again ? learnNoise(base, again) : undefined;
    const step = ctx.begin(`${id}/head fields`);
    if (noise) step.noise = recordedNoise(noise);
    const findings = compareAnswers(`${id}/head`, base, head, noise ?? learnNoise(base, base), {
      aspect: 'fields',
      first: 'GET',
      second: 'HEAD',
      clause: HEAD_CLAUSE,
      level: 'should',
      targetOrigin: ctx.clients.map.origin,
      mayOmit: HEAD_MAY_OMIT,
      body: false,
    });
    ctx.add(findings);
  }
  return ctx.record;
}
