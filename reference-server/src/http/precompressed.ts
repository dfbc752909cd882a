import type { Request, Response } from 'express';
import * as zlib from 'node:zlib';
import { chooseEncoding, type Coding, type ContentCoding } from './encoding';

/** One body in every content coding a host offers for it, compressed once when the host is built. */
export interface Precompressed {
  readonly identity: Buffer;
  /** Codings offered, in server preference order. */
  readonly codings: readonly ContentCoding[];
  get(coding: Coding): Buffer;
}

/**
 * Compresses `body` at the highest levels (brotli 11 in text mode, gzip 9). Synchronous: it runs
 * when a host is built, never per request, and the bodies are small pages and text assets.
 */
export function precompress(body: string | Buffer, codings: readonly ContentCoding[]): Precompressed {
  const identity = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const variants = new Map<Coding, Buffer>([['identity', identity]]);
  for (const coding of codings) {
    variants.set(
      coding,
      coding === 'gzip'
        ? zlib.gzipSync(identity, { level: 9 })
        : zlib.brotliCompressSync(identity, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
            },
          }),
    );
  }
  return {
    identity,
    codings,
    get: (coding) => variants.get(coding) ?? identity,
  };
}

/** The coding this request gets for a precompressed body. */
export function codingFor(req: Request, body: Precompressed): Coding {
  return body.codings.length ? chooseEncoding(req.headers, body.codings) : 'identity';
}

/**
 * Sends a precompressed body in the coding the client accepts (Vary: Accept-Encoding when more
 * than one coding exists), with an exact Content-Length, and no body for HEAD.
 */
export function sendPrecompressed(
  req: Request,
  res: Response,
  body: Precompressed,
  options: { status?: number; type: string; coding?: Coding; noVary?: boolean },
): void {
  const coding = options.coding ?? codingFor(req, body);
  const sent = body.get(coding);
  res.statusCode = options.status ?? 200;
  res.setHeader('Content-Type', options.type);
  if (coding !== 'identity') res.setHeader('Content-Encoding', coding);
  if (body.codings.length && !options.noVary) res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('Content-Length', sent.length);
  if (req.method === 'HEAD') res.end();
  else res.end(sent);
}
