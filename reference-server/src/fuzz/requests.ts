/**
 * Generated HTTP/1.1 and HTTP/2 requests: methods, header sections (encodings, cookies,
 * conditionals, oversized, control characters, duplicates, bad names), bodies and their framing
 * (chunked, contradictory lengths), upgrades. A file of its own: it builds whole requests from the
 * hosts and paths of hosts.ts and paths.ts.
 */
import { OTHER_HOSTS, TLS_NAMES } from './hosts';
import { fuzzPath } from './paths';
import type { Rng } from './rng';

export const METHODS = [
  'GET',
  'GET',
  'GET',
  'GET',
  'HEAD',
  'HEAD',
  'POST',
  'POST',
  'OPTIONS',
  'PUT',
  'DELETE',
  'PATCH',
  'TRACE',
  'CONNECT',
  'PROPFIND',
  'FROB',
  'get',
  'M-SEARCH',
  'SEARCH',
  'QUERY',
];
const ENCODINGS = [
  'gzip',
  'br',
  'identity',
  'gzip, deflate, br',
  '*',
  '*;q=0',
  'br;q=0, gzip;q=0',
  'gzip;q=abc',
  'br;q=1.5',
  ',,,',
  'x'.repeat(500),
  'gzip;q=0.5, br;q=0.5',
  'identity;q=0',
  '',
];
const COOKIES = [
  'ASP.NET_SessionId=abc',
  'ASP.NET_SessionId=%zz; sxa_site=Lessons',
  '_shopify_y=1; _shopify_s=2; localization=US',
  `a=${'b'.repeat(4000)}`,
  Array.from({ length: 200 }, (_, i) => `c${i}=${i}`).join('; '),
  '=; ; ;=;',
  '__proto__=1; constructor=2',
  'ASP.NET_SessionId="quoted"; ASP.NET_SessionId=dup',
];
const CONDITIONALS: Array<[string, string[]]> = [
  ['range', ['bytes=0-10', 'bytes=-5', 'bytes=5-1', 'bytes=0-0,2-3,5-', 'bytes=99999999-', 'bytes=abc', 'items=0-1', `bytes=${'0-1,'.repeat(500)}0-1`]],
  ['if-none-match', ['*', '"x"', 'W/"x", "y"', '"', 'x'.repeat(1000)]],
  ['if-modified-since', ['Thu, 01 Jan 1970 00:00:00 GMT', 'garbage', 'Mon, 31 Dec 9999 23:59:59 GMT', '-1']],
  ['if-range', ['"x"', 'Thu, 01 Jan 1970 00:00:00 GMT', '']],
  ['if-match', ['*', '"x"']],
  ['if-unmodified-since', ['Thu, 01 Jan 1970 00:00:00 GMT', 'x']],
];
/** Header values with bytes a parser must refuse or handle (raw, not encoded). */
const BAD_VALUES = ['\x01', '\x7f', '\x00', 'a\rb', 'a\nb', '\x1b[31m', '\xff\xfe', 'x\r\n y', '\t', ' lead', 'trail ', '\u00e9'];

export interface H1Request {
  label: string;
  bytes: Buffer;
  head: boolean;
  /** TLS name to connect with (SNI), or undefined for the plain-HTTP port. */
  servername?: string;
  /** The request's framing is deliberately broken: the server may wait for bytes that never come. */
  mayWait: boolean;
}

export interface H2Request {
  label: string;
  servername: string;
  headers: Record<string, string | string[]>;
  body?: Buffer;
}

/** An HTTP/1.1 request for the TLS port, built as raw bytes (anything goes). */
export function h1Request(rng: Rng): H1Request {
  const servername = rng.pick(TLS_NAMES);
  const host = rng.chance(0.9) ? servername : rng.pick([...TLS_NAMES, ...OTHER_HOSTS]);
  const method = rng.chance(0.05) ? rng.token(1, 20) : rng.pick(METHODS);
  const path = fuzzPath(rng, host);
  const version = rng.chance(0.97) ? 'HTTP/1.1' : rng.pick(['HTTP/1.0', 'HTTP/2.0', 'HTTP/1.2', 'HTTP/9.9', 'http/1.1', 'HTTP/1.1 extra', '']);
  const lines: string[] = [];
  if (rng.chance(0.97)) lines.push(`Host: ${host}`);
  if (rng.chance(0.03)) lines.push(`Host: ${rng.pick(OTHER_HOSTS)}`);
  lines.push(`User-Agent: fuzz/${rng.int(1000)}`);
  if (rng.chance(0.7)) lines.push(`Accept-Encoding: ${rng.pick(ENCODINGS)}`);
  if (rng.chance(0.3)) lines.push(`Accept: ${rng.pick(['*/*', 'image/avif,image/webp,*/*', 'text/html', 'image/*;q=0', ''])}`);
  if (rng.chance(0.2)) lines.push(`Cookie: ${rng.pick(COOKIES)}`);
  if (rng.chance(0.05)) lines.push(`Cookie: ${rng.pick(COOKIES)}`);
  if (rng.chance(0.2)) {
    const [name, values] = rng.pick(CONDITIONALS);
    lines.push(`${name}: ${rng.pick(values)}`);
  }
  if (rng.chance(0.1)) lines.push(`Origin: ${rng.pick(['https://www.lessons.test', 'null', 'http://x', '%', 'https://a.b:99999'])}`);
  for (let n = rng.chance(0.3) ? rng.int(6) : 0; n > 0; n--) lines.push(`${rng.token(1, 30)}: ${rng.token(0, 40)}`);
  let mayWait = false;
  if (rng.chance(0.03)) lines.push(`X-Big: ${'b'.repeat(rng.pick([8000, 16500, 70000]))}`);
  if (rng.chance(0.02)) for (let i = 0; i < 200; i++) lines.push(`X-Many-${i}: ${i}`);
  if (rng.chance(0.04)) lines.push(`X-Ctl: a${rng.pick(BAD_VALUES)}b`);
  if (rng.chance(0.02))
    lines.push(rng.pick(['X A: b', 'X\x01: b', ': empty', 'NoColon', ' Leading: space', 'X-Fold: a\r\n folded', '\x00: z', 'X-Ünicode: 1']));

  // A body: exact framing, unless a framing mutation below says otherwise.
  let body: Buffer = Buffer.alloc(0);
  if (method === 'POST' || method === 'PUT' || method === 'PATCH' || rng.chance(0.05)) {
    body = rng.chance(0.5) ? rng.bytes(rng.int(64)) : Buffer.from(rng.pick(['en=page_view', '{}', 'x'.repeat(17000), '']));
    if (rng.chance(0.2))
      lines.push(`Content-Type: ${rng.pick(['text/plain', 'application/ocsp-request', 'application/json', 'multipart/form-data; boundary=x', ''])}`);
  }
  const framing = rng.int(100);
  if (framing < 3) {
    // Chunked, well-formed or not.
    lines.push('Transfer-Encoding: chunked');
    const chunks = body.length ? `${body.length.toString(16)}\r\n${body.toString('latin1')}\r\n0\r\n\r\n` : '0\r\n\r\n';
    const broken = rng.chance(0.5);
    body = Buffer.from(broken ? rng.pick(['zz\r\n', '5\r\nab\r\n0\r\n\r\n', '0\r\n', chunks.slice(0, -2), `${'f'.repeat(20)}\r\n`]) : chunks, 'latin1');
    mayWait = broken;
  } else if (framing < 5) {
    // Contradictory or invalid lengths.
    lines.push(
      rng.pick([
        `Content-Length: ${body.length}\r\nContent-Length: ${body.length + 1}`,
        `Content-Length: ${body.length}\r\nTransfer-Encoding: chunked`,
        'Content-Length: -1',
        'Content-Length: abc',
        'Content-Length: 99999999999999999999',
        `Content-Length: +${body.length}`,
        'Transfer-Encoding: gzip, chunked',
        'Transfer-Encoding: xchunked',
      ]),
    );
    mayWait = true;
  } else if (body.length || rng.chance(0.5)) {
    lines.push(`Content-Length: ${body.length}`);
  }
  if (rng.chance(0.02)) {
    lines.push('Expect: 100-continue');
  }
  if (rng.chance(0.1) || mayWait) lines.push('Connection: close');
  if (rng.chance(0.03))
    lines.push(
      rng.pick([
        'Connection: keep-alive, Upgrade',
        'Upgrade: websocket\r\nConnection: Upgrade',
        'Upgrade: h2c\r\nHTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\nConnection: Upgrade, HTTP2-Settings',
      ]),
    );
  let requestLine = `${method} ${path} ${version}`;
  if (rng.chance(0.01))
    requestLine = rng.pick([`${method}  ${path} ${version}`, `${method} ${path}`, path, rng.bytes(20).toString('latin1'), `${method}\t${path}\t${version}`]);
  // A bare LF as line end now and then: tolerated by some parsers, refused by others.
  const eol = rng.chance(0.02) ? '\n' : '\r\n';
  const head = Buffer.from(`${requestLine}${eol}${lines.join(eol)}${eol}${eol}`, 'latin1');
  return {
    label: `${method} ${JSON.stringify(path.slice(0, 120))} Host=${JSON.stringify(host.slice(0, 40))}`,
    bytes: Buffer.concat([head, body]),
    head: method === 'HEAD',
    servername,
    mayWait,
  };
}

/** The same kinds of request as HTTP/2 header lists: what Node's client lets through. */
export function h2Request(rng: Rng): H2Request {
  const servername = rng.pick(TLS_NAMES);
  const host = rng.chance(0.9) ? servername : rng.pick([...TLS_NAMES, ...OTHER_HOSTS.filter((h) => !/[\0]/.test(h) && h !== '')]);
  const method = rng.chance(0.05) ? rng.token(1, 20) : rng.pick(METHODS.filter((m) => m !== 'CONNECT'));
  const path = fuzzPath(rng, host) || '/';
  const headers: Record<string, string | string[]> = { ':method': method, ':path': path, ':authority': host };
  if (rng.chance(0.7)) headers['accept-encoding'] = rng.pick(ENCODINGS);
  if (rng.chance(0.2)) headers.cookie = rng.chance(0.2) ? [rng.pick(COOKIES), rng.pick(COOKIES)] : rng.pick(COOKIES);
  if (rng.chance(0.2)) {
    const [name, values] = rng.pick(CONDITIONALS);
    headers[name] = rng.pick(values);
  }
  for (let n = rng.chance(0.3) ? rng.int(6) : 0; n > 0; n--) headers[rng.token(1, 30).toLowerCase()] = rng.token(0, 40);
  if (rng.chance(0.03)) headers['x-big'] = 'b'.repeat(rng.pick([8000, 16500, 60000]));
  if (rng.chance(0.03)) headers['x-dup'] = ['a', 'b', 'c'];
  if (rng.chance(0.02)) headers.host = rng.pick(OTHER_HOSTS.filter((h) => h && !/\0/.test(h)));
  let body: Buffer | undefined;
  if (method === 'POST' || rng.chance(0.03)) {
    body = rng.chance(0.5) ? rng.bytes(rng.int(64)) : Buffer.from(rng.pick(['en=page_view', 'x'.repeat(17000), '']));
    if (rng.chance(0.3)) headers['content-type'] = rng.pick(['text/plain', 'application/ocsp-request', '']);
  }
  return { label: `h2 ${method} ${JSON.stringify(path.slice(0, 120))} :authority=${JSON.stringify(host.slice(0, 40))}`, servername, headers, body };
}
