/**
 * Turns what `send()` returned into an ObservedExchange: cookies parsed per Set-Cookie line, body
 * decoded from its content coding. Nothing here compares anything.
 */
import * as zlib from 'node:zlib';
import { getSetCookies, Headers } from 'undici';
import { fieldLines, setCookiePair } from '../core';
import type { ObservedResponse } from '../transport/send';
import type { ObservedCookie, ObservedExchange, ObservedTls } from './observed';

export interface ObserveInput {
  /** Name of the target map the request went to. */
  target: string;
  request: { method?: string; url: string; headers?: Record<string, string> | Array<[string, string]> };
  response: ObservedResponse;
  protocol?: ObservedExchange['protocol'];
  tls?: ObservedTls;
  startedAt: Date | string;
  totalMs: number;
  /** The body came with its content coding already removed (a browser's reading of it). */
  bodyDecoded?: boolean;
  /**
   * Most bytes a body may decode to (the sending map's HARNESS_BODY_CAP_BYTES): past it the decoding
   * stops with a `decodeError`, so a few bytes of a compression bomb cannot fill the heap.
   */
  bodyCapBytes: number;
}

export function toObservedExchange(input: ObserveInput): ObservedExchange {
  const { response } = input;
  const headers = input.request.headers ?? {};
  const codings = fieldLines(response.lines, 'content-encoding');
  const { decoded, decodeError } = input.bodyDecoded
    ? { decoded: response.body, decodeError: undefined }
    : response.truncated
      ? {
          decoded: undefined,
          decodeError: `body larger than the cap: ${response.truncated.totalBytes} bytes (SHA-256 ${response.truncated.sha256}), only the first ${response.truncated.keptBytes} kept`,
        }
      : decodeBody(response.body, codings, input.bodyCapBytes);
  return {
    target: input.target,
    request: {
      method: (input.request.method ?? 'GET').toUpperCase(),
      url: input.request.url,
      headers: Array.isArray(headers) ? headers.map(([n, v]) => [n, v]) : Object.entries(headers),
    },
    protocol: input.protocol ?? 'unknown',
    status: response.status,
    lines: response.lines.map(([n, v]) => [n.toLowerCase(), v]),
    cookies: fieldLines(response.lines, 'set-cookie').map((v) => parseSetCookieLine(v)),
    body: response.body,
    ...(decoded ? { decoded } : {}),
    ...(decodeError ? { decodeError } : {}),
    ...(input.tls ? { tls: input.tls } : {}),
    timings: { startedAt: typeof input.startedAt === 'string' ? input.startedAt : input.startedAt.toISOString(), totalMs: input.totalMs },
  };
}

/** The last value of a cookie attribute as written (RFC 6265 §5.3: the last one wins). */
function rawAttribute(line: string, name: string): string | undefined {
  let found: string | undefined;
  for (const part of line.split(';').slice(1)) {
    const i = part.indexOf('=');
    const key = (i < 0 ? part : part.slice(0, i)).trim().toLowerCase();
    if (key === name) found = i < 0 ? '' : part.slice(i + 1).trim();
  }
  return found;
}

/**
 * One Set-Cookie line, attributes as undici parses them (RFC 6265bis), except Expires, kept as
 * written (undici turns it into a Date with `new Date()`), and Max-Age, kept even when negative.
 */
export function parseSetCookieLine(line: string): ObservedCookie {
  let parsed: ReturnType<typeof getSetCookies>[number] | undefined;
  try {
    [parsed] = getSetCookies(new Headers([['set-cookie', line]]));
  } catch {
    parsed = undefined; // a value Headers refuses (control characters): fall back to a plain split
  }
  const pair = setCookiePair(line);
  const name = parsed?.name ?? pair.name;
  const value = parsed?.value ?? pair.value;
  const expires = rawAttribute(line, 'expires');
  const maxAgeRaw = rawAttribute(line, 'max-age');
  const cookie: ObservedCookie = {
    name,
    value,
    httpOnly: parsed?.httpOnly ?? rawAttribute(line, 'httponly') !== undefined,
    secure: parsed?.secure ?? rawAttribute(line, 'secure') !== undefined,
    line,
  };
  const path = parsed?.path ?? rawAttribute(line, 'path');
  const domain = parsed?.domain ?? rawAttribute(line, 'domain');
  const sameSite = parsed?.sameSite ?? rawAttribute(line, 'samesite');
  if (path !== undefined) cookie.path = path;
  if (domain !== undefined) cookie.domain = domain;
  if (expires !== undefined) cookie.expires = expires;
  if (maxAgeRaw !== undefined && /^-?[0-9]+$/.test(maxAgeRaw)) cookie.maxAge = Number(maxAgeRaw);
  if (sameSite !== undefined) cookie.sameSite = sameSite;
  return cookie;
}

type Decoder = (b: Buffer, maxOutputLength: number) => Buffer;

/** zlib's zstd (Node 22.15+): with the same `maxOutputLength` as the others, so a few bytes cannot expand without bound. */
const zstd = (zlib as unknown as { zstdDecompressSync?: (b: Buffer, options: { maxOutputLength: number }) => Buffer }).zstdDecompressSync;

/** The cap was reached: not a format error, so no other reading of the bytes is tried. */
const overCap = (e: unknown) => (e as { code?: string })?.code === 'ERR_BUFFER_TOO_LARGE';

const DECODERS: Record<string, Decoder | undefined> = {
  gzip: (b, maxOutputLength) => zlib.gunzipSync(b, { maxOutputLength }),
  'x-gzip': (b, maxOutputLength) => zlib.gunzipSync(b, { maxOutputLength }),
  br: (b, maxOutputLength) => zlib.brotliDecompressSync(b, { maxOutputLength }),
  // "deflate" is zlib-wrapped (RFC 9110 §8.4.1.2), but some servers send raw deflate.
  deflate: (b, maxOutputLength) => {
    try {
      return zlib.inflateSync(b, { maxOutputLength });
    } catch (e) {
      if (overCap(e)) throw e;
      return zlib.inflateRawSync(b, { maxOutputLength });
    }
  },
  zstd: zstd ? (b, maxOutputLength) => zstd(b, { maxOutputLength }) : undefined,
};

/** Removes the content codings, last applied first. An empty body (HEAD, 304) decodes to itself. */
export function decodeBody(body: Buffer, contentEncoding: string[], maxOutputLength = 2 ** 31 - 1): { decoded?: Buffer; decodeError?: string } {
  const codings = contentEncoding
    .flatMap((v) => v.split(','))
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c && c !== 'identity');
  if (codings.length === 0 || body.length === 0) return { decoded: body };
  let out = body;
  for (const coding of [...codings].reverse()) {
    if (!(coding in DECODERS)) return { decodeError: `unknown content-coding "${coding}"` };
    const decode = DECODERS[coding];
    if (!decode) return { decodeError: `content-coding "${coding}" is not supported by Node ${process.version}` };
    try {
      out = decode(out, maxOutputLength);
    } catch (e) {
      return { decodeError: `${coding}: ${(e as Error).message}` };
    }
  }
  return { decoded: out };
}
