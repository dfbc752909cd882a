/**
 * Conditional and range requests on a resource with validators: If-None-Match -> 304 with the
 * same ETag, If-Modified-Since -> 304, Range -> 206 with the right bytes (against the identity
 * body), HEAD -> the same headers, no body.
 */
import { hopByHop } from './hop-fields';
import type { ReplayClients, ReplayRecord } from '../../replay/run';
import { FlowContext, lines, one, show } from './context';
import { contentLengthAgrees, requestOf } from './compression';
import type { ResourceRow } from './resources';

/** Fields that legitimately differ between two answers of the same resource. */
const VOLATILE = new Set(['date', 'age', 'x-azure-ref', 'cf-ray', 'x-request-id', 'x-cache', 'server-timing', 'x-msedge-ref', 'request-context', 'set-cookie', 'x-served-by', 'x-timer', 'report-to', 'nel']);

export async function runConditionalFlow(row: ResourceRow, clients: ReplayClients, options: { strict: boolean; targetName?: string }): Promise<ReplayRecord> {
  const id = `conditional/${row.key}`;
  const ctx = new FlowContext(id, clients, { role: row.role, ...options });
  const req = requestOf(row, clients);
  if (!req) {
    ctx.skip(id, `role not mapped (${row.role})`);
    return ctx.record;
  }
  const identity = { ...req.headers, 'accept-encoding': 'identity' };
  const base = await ctx.fetch(`${id}/get`, { url: req.url, headers: identity });
  if (!base) return ctx.record;
  if (!ctx.expect(`${id}/get status`, base.status === 200, '200', String(base.status), row.exchange.source)) return ctx.record;
  contentLengthAgrees(ctx, `${id}/get`, base);
  const etag = one(base, 'etag');
  const lastModified = one(base, 'last-modified');
  if (row.etag) ctx.expect(`${id}/get etag`, etag !== undefined, 'an ETag (the spec names one)', show(etag), row.exchange.source);
  if (row.lastModified) ctx.expect(`${id}/get last-modified`, lastModified !== undefined, 'a Last-Modified (the spec names one)', show(lastModified), row.exchange.source);

  if (etag) {
    const ex = await ctx.fetch(`${id}/if-none-match`, { url: req.url, headers: { ...identity, 'if-none-match': etag } });
    if (ex) {
      ctx.expect(`${id}/if-none-match status`, ex.status === 304, '304', String(ex.status), 'rfc', { clause: 'RFC 9110 §13.1.2' });
      ctx.expect(`${id}/if-none-match etag`, one(ex, 'etag') === etag, etag, show(one(ex, 'etag')), 'rfc', { clause: 'RFC 9110 §15.4.5' });
      ctx.expect(`${id}/if-none-match body`, ex.body.length === 0, 'no body', `${ex.body.length} bytes`, 'rfc', { clause: 'RFC 9110 §15.4.5' });
    }
  }
  if (lastModified) {
    const ex = await ctx.fetch(`${id}/if-modified-since`, { url: req.url, headers: { ...identity, 'if-modified-since': lastModified } });
    if (ex) ctx.expect(`${id}/if-modified-since status`, ex.status === 304, '304', String(ex.status), 'rfc', { clause: 'RFC 9110 §13.1.3' });
  }
  const full = base.decoded ?? base.body;
  if ((row.acceptRanges || /bytes/i.test(one(base, 'accept-ranges') ?? '')) && full.length > 1 && !one(base, 'content-encoding')) {
    const end = Math.min(full.length - 1, Math.max(1, Math.floor(full.length / 3)));
    const start = Math.min(1, end);
    const ex = await ctx.fetch(`${id}/range`, { url: req.url, headers: { ...identity, range: `bytes=${start}-${end}` } });
    if (ex) {
      ctx.expect(`${id}/range status`, ex.status === 206, '206', String(ex.status), 'rfc', { clause: 'RFC 9110 §14.2, §15.3.7' });
      ctx.expect(`${id}/range content-range`, one(ex, 'content-range') === `bytes ${start}-${end}/${full.length}`, `bytes ${start}-${end}/${full.length}`, show(one(ex, 'content-range')), 'rfc', { clause: 'RFC 9110 §14.4' });
      const want = full.subarray(start, end + 1);
      ctx.expect(`${id}/range body`, ex.body.equals(want), `bytes ${start}-${end} of the full body (${want.length} bytes)`, ex.body.equals(want) ? 'the same bytes' : `${ex.body.length} other bytes`, 'rfc', { clause: 'RFC 9110 §15.3.7' });
      contentLengthAgrees(ctx, `${id}/range`, ex);
    }
  }
  const head = await ctx.fetch(`${id}/head`, { method: 'HEAD', url: req.url, headers: identity });
  if (head) {
    ctx.expect(`${id}/head status`, head.status === base.status, String(base.status), String(head.status), 'rfc', { clause: 'RFC 9110 §9.3.2' });
    ctx.expect(`${id}/head body`, head.body.length === 0, 'no body', `${head.body.length} bytes`, 'rfc', { clause: 'RFC 9110 §9.3.2' });
    const names = new Set([...base.lines, ...head.lines].map(([n]) => n).filter((n) => !VOLATILE.has(n) && !hopByHop(n)));
    const differ: string[] = [];
    for (const n of names) {
      const a = lines(base, n).join(' | ');
      const b = lines(head, n).join(' | ');
      // A HEAD answer may omit Content-Length (RFC 9110 §8.6), never state another one.
      if (n === 'content-length' && b === '') continue;
      if (a !== b) differ.push(`${n}: GET "${a}", HEAD "${b}"`);
    }
    ctx.expect(`${id}/head headers`, differ.length === 0, 'the header fields of GET', differ.length ? differ.join('; ') : 'the same', 'rfc', { clause: 'RFC 9110 §9.3.2' });
  }
  return ctx.record;
}
