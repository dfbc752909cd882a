/**
 * Writes a synthetic HAR of about `targetBytes` (default 100 MB) the way Chrome exports one: many
 * entries on the reference's hosts with realistic request and response headers, Set-Cookie lines,
 * and base64-encoded bodies. Deterministic (seeded), written in pieces so the generator itself
 * never holds the document.
 */
import * as fs from 'node:fs';

function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOSTS = ['www.lessons.test', 'www.lessons.test', 'www.lessons.test', 'media.lessons.test', 'analytics.beacon.test', 'cdn.unmapped.example'];
const KINDS = [
  { dir: 'css', ext: 'css', mime: 'text/css' },
  { dir: 'js', ext: 'js', mime: 'application/x-javascript' },
  { dir: 'img', ext: 'png', mime: 'image/png' },
  { dir: 'img', ext: 'svg', mime: 'image/svg+xml' },
  { dir: 'fonts', ext: 'woff2', mime: 'application/font-woff2' },
];

// Long because its loop body writes one HAR entry out literally, field by field as Chrome exports
// it: a template that reads better whole, every field drawn from the same generator and entry number.
export function generateHar(file: string, targetBytes = 100 * 1024 * 1024, seed = 42): { entries: number; bytes: number } {
  const rnd = prng(seed);
  const hex = (n: number) => Array.from({ length: n }, () => '0123456789abcdef'[Math.floor(rnd() * 16)]).join('');
  const alnum = (n: number) => Array.from({ length: n }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(rnd() * 36)]).join('');
  const fd = fs.openSync(file, 'w');
  let bytes = 0;
  const write = (s: string) => {
    bytes += fs.writeSync(fd, s);
  };
  write(
    '{"log":{"version":"1.2","creator":{"name":"WebInspector","version":"537.36"},"pages":[{"startedDateTime":"2026-04-14T10:00:00.000Z","id":"page_1","title":"https://www.lessons.test/","pageTimings":{"onContentLoad":120,"onLoad":300}}],"entries":[\n',
  );
  const session = alnum(24);
  const visitor = hex(32);
  let n = 0;
  const start = Date.UTC(2026, 3, 14, 10, 0, 0);
  while (bytes < targetBytes) {
    const host = HOSTS[n % HOSTS.length];
    const kind = KINDS[Math.floor(rnd() * KINDS.length)];
    const when = new Date(start + n * 37);
    const date = when.toUTCString();
    const name = `file${Math.floor(rnd() * 400)}`;
    const path =
      host === 'media.lessons.test'
        ? `/-/media/Project/Lessons/icons/${name}.svg?rev=${hex(32)}`
        : `/static/${kind.dir}/${name}.${kind.ext}?lw=260408T16${String(n % 60).padStart(2, '0')}`;
    const bodyLen = 1000 + Math.floor(rnd() * 6000);
    const body = Buffer.alloc(bodyLen);
    for (let i = 0; i < bodyLen; i += 4) body.writeUInt32LE(Math.floor(rnd() * 4294967296), Math.min(i, bodyLen - 4));
    const first = n === 0;
    const setCookies = first
      ? [
          { name: 'set-cookie', value: `ASP.NET_SessionId=${session}; path=/; HttpOnly; SameSite=Lax` },
          {
            name: 'set-cookie',
            value: `SC_ANALYTICS_GLOBAL_COOKIE=${visitor}|False; expires=${new Date(when.getTime() + 315619200000).toUTCString()}; path=/; HttpOnly`,
          },
        ]
      : [];
    const entry = {
      _initiator: { type: 'parser', url: 'https://www.lessons.test/', lineNumber: n % 200 },
      _priority: 'High',
      _resourceType: kind.dir === 'css' ? 'stylesheet' : kind.dir === 'js' ? 'script' : kind.dir === 'img' ? 'image' : 'font',
      cache: {},
      connection: '443',
      pageref: 'page_1',
      request: {
        method: 'GET',
        url: `https://${host}${path}`,
        httpVersion: 'http/2.0',
        headers: [
          { name: ':authority', value: host },
          { name: ':method', value: 'GET' },
          { name: ':path', value: path },
          { name: ':scheme', value: 'https' },
          { name: 'accept', value: kind.mime === 'text/css' ? 'text/css,*/*;q=0.1' : '*/*' },
          { name: 'accept-encoding', value: 'gzip, deflate, br, zstd' },
          { name: 'accept-language', value: 'en-US,en;q=0.9' },
          { name: 'cookie', value: `ASP.NET_SessionId=${session}; SC_ANALYTICS_GLOBAL_COOKIE=${visitor}|False` },
          { name: 'referer', value: 'https://www.lessons.test/' },
          { name: 'sec-ch-ua', value: '"Chromium";v="140", "Not=A?Brand";v="24"' },
          { name: 'sec-fetch-dest', value: 'style' },
          { name: 'sec-fetch-mode', value: 'no-cors' },
          { name: 'user-agent', value: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36' },
        ],
        queryString: [],
        cookies: [],
        headersSize: -1,
        bodySize: 0,
      },
      response: {
        status: 200,
        statusText: '',
        httpVersion: 'http/2.0',
        headers: [
          { name: 'accept-ranges', value: 'bytes' },
          { name: 'content-length', value: String(bodyLen) },
          { name: 'content-type', value: kind.mime },
          { name: 'date', value: date },
          { name: 'etag', value: `"${hex(14)}:0"` },
          { name: 'last-modified', value: 'Mon, 06 Apr 2026 09:00:00 GMT' },
          { name: 'strict-transport-security', value: 'max-age=31536000; includeSubDomains; preload' },
          { name: 'vary', value: 'Accept-Encoding' },
          { name: 'x-content-type-options', value: 'nosniff' },
          { name: 'x-frame-options', value: 'SAMEORIGIN' },
          { name: 'x-request-id', value: `${hex(8)}-${hex(4)}-${hex(4)}-${hex(4)}-${hex(12)}` },
          ...setCookies,
        ],
        cookies: [],
        content: { size: bodyLen, mimeType: kind.mime, text: body.toString('base64'), encoding: 'base64' },
        redirectURL: '',
        headersSize: -1,
        bodySize: bodyLen,
        _transferSize: bodyLen + 300,
        _error: null,
      },
      serverIPAddress: '[::1]',
      startedDateTime: when.toISOString(),
      time: 12.5 + (n % 50),
      timings: { blocked: 0.4, dns: -1, ssl: -1, connect: -1, send: 0.1, wait: 10.2, receive: 1.8, _blocked_queueing: 0.2 },
    };
    write(`${n === 0 ? '' : ',\n'}${JSON.stringify(entry)}`);
    n++;
  }
  write('\n]}}\n');
  fs.closeSync(fd);
  return { entries: n, bytes };
}
