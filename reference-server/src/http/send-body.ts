import type { Request, Response } from 'express';
import { promisify } from 'node:util';
import * as zlib from 'node:zlib';
import { chooseEncoding, type ContentCoding } from './encoding';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export interface BodyOptions {
  status?: number;
  type: string;
  /** Codings this response may use, in server preference; Vary: Accept-Encoding comes with them. */
  codings?: readonly ContentCoding[];
  /** Leave Vary out even though the coding is negotiated (a deployment that does not send it). */
  noVary?: boolean;
}

/**
 * Sends a generated body with an exact Content-Length (compressed in one piece, not streamed),
 * and no body for HEAD. Default compression levels: these bodies change per request.
 */
export async function sendBody(req: Request, res: Response, body: string | Buffer, options: BodyOptions): Promise<void> {
  const raw = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  let sent = raw;
  res.statusCode = options.status ?? 200;
  res.setHeader('Content-Type', options.type);
  if (options.codings && options.codings.length > 0) {
    const coding = chooseEncoding(req.headers, options.codings);
    if (coding === 'gzip') sent = await gzip(raw);
    else if (coding === 'br') sent = await brotli(raw);
    if (coding !== 'identity') res.setHeader('Content-Encoding', coding);
    if (!options.noVary) res.setHeader('Vary', 'Accept-Encoding');
  }
  res.setHeader('Content-Length', sent.length);
  if (req.method === 'HEAD') res.end();
  else res.end(sent);
}
