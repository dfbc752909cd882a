/**
 * Generated abuse for the fuzz test: request targets (traversal in every encoding, mutations),
 * methods, header sections (oversized, control characters, duplicates, bad names), queries,
 * cookies and OCSP bodies. Deterministic for a seed (FUZZ_SEED), so a failure can be replayed.
 */

export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0 || 1;
  }
  /** mulberry32 */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)];
  }
  bytes(n: number): Buffer {
    const b = Buffer.alloc(n);
    for (let i = 0; i < n; i++) b[i] = this.int(256);
    return b;
  }
  token(min: number, max: number): string {
    const chars = "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let s = '';
    for (let i = min + this.int(max - min + 1); i > 0; i--) s += chars[this.int(chars.length)];
    return s;
  }
}

export const HOSTS: Record<string, string[]> = {
  'www.lessons.test': [
    '/',
    '/static/css/main.css',
    '/static/css/main.css?lw=260408T1654',
    '/static/fonts/lessons-icons.woff2',
    '/static/img/logo.png',
    '/favicon.ico',
    '/layouts/system/VisitorIdentification.js',
    '/layouts/system/VisitorIdentificationCSS.aspx',
    '/api/LessonPlan/GetPlanJson?guids=3f2504e0-4f89-11d3-9a0c-0305e82c3301',
    '/%7Bhttps://media.lessons.test/x.svg',
  ],
  'lessons.test': ['/', '/a/b?c=d'],
  'media.lessons.test': ['/-/media/Project/Lessons/icons/search.svg', '/-/media/Project/Lessons/subjects/math.svg?rev=1'],
  'maintenance.lessons.test': ['/', '/$web/site-maintenance.html?aspxerrorpath=/x'],
  'shop.store.test': [
    '/products/linen-apron',
    '/products/ceramic-pour-over-set',
    '/cdn/shop/files/linen-apron.png?width=10',
    '/cdn/shop/files/walnut-serving-board.png',
    '/cdn/fonts/lessons_sans/lessons_sans_n4.woff2?h1=a&h2=b&hmac=00',
    '/cdn/shop/t/137296035934/assets/base.css',
  ],
  'go.redirect.test': ['/', '/docs/', '/cdn-cgi/styles/cf.errors.css', '/cdn-cgi/images/icon-exclamation.png?1'],
  'hop2.redirect.test': ['/'],
  'hop3.redirect.test': ['/'],
  'analytics.beacon.test': ['/ccm/collect?v=2&tid=G-X&en=page_view', '/t.gif?a=1&b=2&c=%2F&d=t&e=&f=1x1&g=en&h=3'],
  'r10.o.pki.test': ['/'],
  'r11.o.pki.test': ['/'],
};
export const TLS_NAMES = Object.keys(HOSTS);
const OTHER_HOSTS = [
  'unknown.test',
  '127.0.0.1',
  '[::1]',
  'www.lessons.test.',
  'WWW.LESSONS.TEST',
  'www.lessons.test:1',
  'revoked.lessons.test',
  '',
  'a'.repeat(300),
  'www.lessons.test\x00.evil',
];

/** Folders a traversal starts from: every prefix a host serves files under. */
const SERVED_PREFIXES = [
  '/',
  '/static/',
  '/static/css/',
  '/static/fonts/',
  '/layouts/system/',
  '/-/media/',
  '/-/media/Project/Lessons/icons/',
  '/cdn/shop/files/',
  '/cdn/fonts/lessons_sans/',
  '/cdn/shop/t/137296035934/assets/',
  '/cdn/shop/t/137296035934/compiled_assets/',
  '/cdn/shopifycloud/storefront/assets/storefront/',
  '/cdn-cgi/styles/',
  '/cdn-cgi/images/',
];
/** `../` in every spelling a decoder might turn into a parent step. */
export const PARENT_STEPS = [
  '../',
  '..%2f',
  '..%2F',
  '%2e%2e/',
  '%2e%2e%2f',
  '%2E%2E%2F',
  '.%2e/',
  '%2e./',
  '..%5c',
  '..\\',
  '%2e%2e%5c',
  '%252e%252e%252f',
  '..%252f',
  '%25%32%65%25%32%65%25%32%66',
  '%c0%ae%c0%ae/',
  '..%c0%af',
  '..%c1%9c',
  '%e0%80%ae%e0%80%ae/',
  '%ef%bc%8e%ef%bc%8e/',
  '..%ef%bc%8f',
  '%uff0e%uff0e/',
  '..%u2215',
  '..;/',
  '....//',
  '..././',
  '..%00/',
  '..%2f%2f',
  './../',
  '..//',
  '%2e%2e%2f%2e%2e%2f',
];
/** What a traversal aims at: the planted canaries (any extension an index serves), the repository's own. */
const CANARY_TARGETS = [
  'CANARY-outside-root.txt',
  'canary.txt',
  'canary.css',
  'canary.js',
  'canary.svg',
  'canary.png',
  'canary.woff2',
  'canary.html',
  'canary.ico',
  'canary.gif',
  'canary.json',
  'content/canary.css',
  'site/canary.css',
  'shop/canary.png',
  'assets/canary.svg',
  'redirector/canary.css',
  'site/pages/canary.html',
  'content/CANARY-outside-root.txt',
];
/** Symbolic links planted inside served folders, each pointing at a canary. */
const LINKED = [
  '/static/css/linked.css',
  '/linked.js',
  '/-/media/linked.svg',
  '/cdn/shop/files/linked.png',
  '/cdn/shop/t/137296035934/assets/linked.css',
  '/cdn/fonts/linked.woff2',
];
const ABSOLUTE = [
  '/etc/passwd',
  '//etc/passwd',
  '/proc/self/environ',
  '/C:/Windows/win.ini',
  '/static/..',
  '/static/.',
  '/static/./css/main.css',
  '/static//css//main.css',
  '/STATIC/CSS/MAIN.CSS',
  '/static/css/main.css.',
  '/static/css/main.css%20',
  '/static/css/main.css::$DATA',
  '/static/css/main.css%00.png',
  '/%2fetc%2fpasswd',
  '/..',
  '/.',
  '/%2e',
  '/%2e%2e',
];
const INSERTS = [
  '%',
  '%%',
  '%zz',
  '%0',
  '%00',
  '%0a',
  '%0d%0a',
  '%ff',
  '%c0%80',
  '\u00e9',
  '\u2028',
  '\ud83d\ude00',
  ';',
  '#',
  '?',
  '//',
  '/./',
  '\\',
  '*',
  '~',
  '%2f',
  '%5c',
  ' ',
  '\t',
  '"',
  '<script>',
  "'",
  '`',
  '{',
  '}',
  '|',
  '^',
  '[',
  ']',
];

export function traversalPath(rng: Rng): string {
  const r = rng.int(10);
  if (r === 0) return rng.pick(LINKED);
  if (r === 1) return rng.pick(ABSOLUTE);
  const steps = 1 + rng.int(7);
  let path = rng.pick(SERVED_PREFIXES);
  const mixed = rng.chance(0.3);
  const step = rng.pick(PARENT_STEPS);
  for (let i = 0; i < steps; i++) path += mixed ? rng.pick(PARENT_STEPS) : step;
  path += rng.pick(CANARY_TARGETS);
  if (rng.chance(0.1)) path += rng.pick(['%00', '%00.css', '?', '#x', ';.css', '/', '.']);
  return path;
}

function mutate(rng: Rng, path: string): string {
  let p = path;
  for (let n = 1 + rng.int(3); n > 0; n--) {
    const at = rng.int(p.length + 1);
    switch (rng.int(6)) {
      case 0:
        p = p.slice(0, at) + rng.pick(INSERTS) + p.slice(at);
        break;
      case 1:
        p = p.slice(0, at) + p.slice(at + 1 + rng.int(4));
        break;
      case 2:
        p = p.slice(0, at) + String.fromCharCode(rng.int(256)) + p.slice(at);
        break;
      case 3:
        p = rng.chance(0.5) ? p.toUpperCase() : p.replace(/[a-z]/g, (c) => (rng.chance(0.5) ? c.toUpperCase() : c));
        break;
      case 4:
        p = p.replace(/[a-z.]/g, (c) => (rng.chance(0.2) ? `%${c.charCodeAt(0).toString(16)}` : c));
        break;
      default:
        p += rng.pick(['/', '/x', '?x=1', '&x', '%', '/..', '/.%2e', '..']);
    }
  }
  return p;
}

export function randomQuery(rng: Rng): string {
  const parts: string[] = [];
  for (let n = rng.int(6); n > 0; n--) {
    const key = rng.pick([
      'guids',
      'width',
      'v',
      'h1',
      'h2',
      'hmac',
      'a',
      'b',
      'lw',
      'rev',
      'aspxerrorpath',
      rng.token(1, 8),
      '',
      '%zz',
      'x[]',
      '__proto__',
      'constructor',
    ]);
    const value = rng.pick([
      '',
      '1',
      '-1',
      '99999999999999999999',
      '0x10',
      'abc',
      '%',
      '%zz',
      '%00',
      '..%2f..%2fcanary.css',
      '3f2504e0-4f89-11d3-9a0c-0305e82c3301,3f2504e0-4f89-11d3-9a0c-0305e82c3302',
      'x'.repeat(rng.int(3000)),
      encodeURIComponent(rng.bytes(8).toString('latin1')),
      '{}',
      'a=b=c',
    ]);
    parts.push(rng.chance(0.1) ? key : `${key}=${value}`);
  }
  return parts.join(rng.chance(0.9) ? '&' : ';');
}

export function fuzzPath(rng: Rng, host: string): string {
  const base = HOSTS[host] ? rng.pick(HOSTS[host]) : '/';
  const r = rng.int(10);
  let path: string;
  if (r < 3) path = traversalPath(rng);
  else if (r < 6) path = mutate(rng, base);
  else if (r < 7) path = `${base.split('?')[0]}?${randomQuery(rng)}`;
  else if (r < 8)
    path = rng.pick([
      '*',
      '',
      'static/css/main.css',
      `https://${host}/static/css/main.css`,
      'http://127.0.0.1/',
      '/'.repeat(1 + rng.int(50)),
      `/${'a'.repeat(4000 + rng.int(200))}`,
      `/?${'q'.repeat(5000)}`,
    ]);
  else path = base;
  return path;
}

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

/** OCSP request bodies: random bytes, truncated and bit-flipped valid ones, lying DER lengths. */
export function ocspBody(rng: Rng, valid: Buffer): Buffer {
  const b = Buffer.from(valid);
  switch (rng.int(9)) {
    case 0:
      return rng.bytes(rng.int(200));
    case 1:
      return b.subarray(0, rng.int(b.length));
    case 2: {
      for (let n = 1 + rng.int(8); n > 0; n--) b[rng.int(b.length)] ^= 1 << rng.int(8);
      return b;
    }
    case 3: {
      // Long-form lengths that claim gigabytes, at the top level or at an inner SEQUENCE.
      const at = rng.chance(0.5) ? 0 : Math.max(0, b.indexOf(0x30, 2 + rng.int(20)));
      const huge = rng.pick([
        Buffer.from([0x84, 0xff, 0xff, 0xff, 0xff]),
        Buffer.from([0x88, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
        Buffer.from([0x80]),
        Buffer.from([0x8f]),
        Buffer.from([0x81, 0x00]),
      ]);
      return Buffer.concat([b.subarray(0, at + 1), huge, b.subarray(at + 2)]);
    }
    case 4:
      // Deep nesting.
      return Buffer.concat([Buffer.from(Array.from({ length: 2000 }, (_, i) => (i % 2 ? 0x80 : 0x30))), b]);
    case 5:
      return Buffer.concat([b, rng.bytes(1 + rng.int(16))]);
    case 6:
      return rng.chance(0.5) ? Buffer.alloc(0) : rng.bytes(10_001 + rng.int(1000));
    case 7: {
      // A valid request with one byte changed to every value class at one position.
      b[rng.int(b.length)] = rng.pick([0x00, 0xff, 0x80, 0x30, 0x02, 0x05]);
      return b;
    }
    default:
      return b;
  }
}

/** An OCSP request over HTTP/1.1 (POST of a body, or GET of its base64 in the path). */
export function ocspRequest(rng: Rng, valid: Buffer, servername?: string): H1Request {
  const host = rng.pick(['r10.o.pki.test', 'r11.o.pki.test']);
  const body = ocspBody(rng, valid);
  const type = rng.chance(0.85) ? 'application/ocsp-request' : rng.pick(['application/ocsp-request; charset=x', 'text/plain', '', 'application/OCSP-request']);
  if (rng.chance(0.3)) {
    let b64 = body.toString(rng.chance(0.5) ? 'base64' : 'base64url');
    b64 = rng.pick([b64, encodeURIComponent(b64), b64.replace(/\+/g, ' ').replace(/ /g, '%20'), b64.replace(/\//g, '%2F'), `${b64}%`, b64.slice(0, -1)]);
    const bytes = Buffer.from(`GET /${b64} HTTP/1.1\r\nHost: ${host}\r\n\r\n`, 'latin1');
    return { label: `OCSP GET /${b64.slice(0, 60)}`, bytes, head: false, servername, mayWait: false };
  }
  const declared = rng.chance(0.03) ? rng.pick([10_001, 2 ** 31, 99999999]) : body.length;
  const lying = declared !== body.length;
  const head = `POST / HTTP/1.1\r\nHost: ${host}\r\nContent-Type: ${type}\r\nContent-Length: ${declared}\r\n${lying ? 'Connection: close\r\n' : ''}\r\n`;
  return {
    label: `OCSP POST ${body.length} bytes (declared ${declared})`,
    bytes: Buffer.concat([Buffer.from(head, 'latin1'), body]),
    head: false,
    servername,
    mayWait: false,
  };
}
