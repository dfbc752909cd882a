/**
 * Protocol parity: the same request over HTTP/1.1 and HTTP/2 must mean the same (RFC 9113 §8.3 maps
 * the request and response onto the same HTTP semantics, RFC 9110 §6). Compares two observed
 * exchanges of one request and reports each difference as a finding of its own. Values that differ
 * between any two requests (dates, request ids, cookie values, bodies without a validator) are not
 * compared, or the finding would be noise.
 */
import type { Finding } from '../checks/types';
import type { ObservedCookie, ObservedExchange } from '../spec/observed';

export const PARITY_CLAUSE =
  'RFC 9113 §8.3 and RFC 9110 §6: a message has the same semantics over HTTP/1.1 and HTTP/2 (status, header fields with their repeats, cookies, content).';

/** Never compared: hop-by-hop fields (not allowed in h2) and fields that change from one request to the next. */
export const PARITY_IGNORED_HEADERS: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'date',
  'expires',
  'age',
  'set-cookie', // compared cookie by cookie below
  'x-ms-request-id',
  'cf-ray',
  'x-azure-ref',
  'x-cache', // a cache's hit or miss depends on what came before, not on the protocol
  'cf-cache-status',
  'x-request-id',
  'request-id',
  'traceparent',
]);

/** Compared as values only when the representation is the same (equal validators): they follow the body. */
const BODY_BOUND = new Set(['content-length', 'etag', 'content-range']);

const count = (lines: Array<[string, string]>) => {
  const m = new Map<string, string[]>();
  for (const [n, v] of lines) m.set(n, [...(m.get(n) ?? []), v]);
  return m;
};

const show = (values: string[] | undefined) => (values === undefined || values.length === 0 ? '(absent)' : values.length === 1 ? values[0] : `${values.length} lines: ${values.join(' | ')}`);

/** The attributes that make a cookie what it is, without its value and expiry (which vary per response). */
function cookieShape(c: ObservedCookie): string {
  const parts = [`path=${c.path ?? '(none)'}`, `domain=${c.domain ?? '(none)'}`, c.httpOnly ? 'HttpOnly' : 'no HttpOnly', c.secure ? 'Secure' : 'no Secure', `SameSite=${c.sameSite ?? '(none)'}`];
  parts.push(c.expires !== undefined || c.maxAge !== undefined ? 'persistent' : 'session');
  if (c.maxAge !== undefined) parts.push(`Max-Age=${c.maxAge}`);
  if (c.value === '') parts.push('empty value');
  return parts.join('; ');
}

export function compareProtocols(id: string, h1: ObservedExchange, h2: ObservedExchange): Finding[] {
  const out: Finding[] = [];
  const base = { source: 'rfc' as const, clause: PARITY_CLAUSE, target: h1.target };
  const diff = (aspect: string, a: string, b: string) => out.push({ ...base, id: `${id} parity ${aspect}`, verdict: 'fail', expected: `over h2 as over h1: ${a}`, actual: `over h2: ${b}` });

  if (h1.status !== h2.status) diff('status', String(h1.status), String(h2.status));

  const e1 = h1.lines.find(([n]) => n === 'etag')?.[1];
  const e2 = h2.lines.find(([n]) => n === 'etag')?.[1];
  const sameRepresentation = e1 !== undefined && e1 === e2;
  const a = count(h1.lines);
  const b = count(h2.lines);
  for (const name of [...new Set([...a.keys(), ...b.keys()])].sort()) {
    if (PARITY_IGNORED_HEADERS.has(name)) continue;
    const va = a.get(name) ?? [];
    const vb = b.get(name) ?? [];
    // HTTP/2 frames its messages: Content-Length is optional there (RFC 9113 §8.1.1), so only two values compare.
    if (name === 'content-length' && (va.length === 0 || vb.length === 0)) continue;
    if (va.length !== vb.length) {
      diff(`header ${name}`, show(va), show(vb));
      continue;
    }
    if (BODY_BOUND.has(name) && !sameRepresentation) continue;
    if (va.some((v, i) => v !== vb[i])) diff(`header ${name}`, show(va), show(vb));
  }

  const names = [...new Set([...h1.cookies, ...h2.cookies].map((c) => c.name))].sort();
  for (const name of names) {
    const ca = h1.cookies.filter((c) => c.name === name).map(cookieShape);
    const cb = h2.cookies.filter((c) => c.name === name).map(cookieShape);
    if (ca.length !== cb.length || ca.some((s, i) => s !== cb[i])) diff(`cookie ${name}`, show(ca), show(cb));
  }

  if ((h1.body.length === 0) !== (h2.body.length === 0)) {
    diff('body', h1.body.length ? `${h1.body.length} bytes` : 'empty body', h2.body.length ? `${h2.body.length} bytes` : 'empty body');
  } else if (sameRepresentation && h1.decoded && h2.decoded && !h1.decoded.equals(h2.decoded)) {
    diff('body', `${h1.decoded.length} decoded bytes (ETag ${e1})`, `${h2.decoded.length} different decoded bytes under the same ETag`);
  }

  if (out.length === 0) out.push({ ...base, id: `${id} parity`, verdict: 'pass', expected: 'the same response over h1 and h2', actual: 'the same response over h1 and h2' });
  return out;
}
