import * as path from 'node:path';
import type { Request, Response } from 'express';
import { evaluatePreconditions, type Validators } from './conditional';
import { indexContent, type IndexedFile, type Mount } from './content-index';
import { chooseEncoding } from './encoding';
import { iisEtag } from './iis-etag';
import { contentRange, selectRange } from './range';

/** IIS's legacy MIME map for the extensions the site serves (not Express's / mime-db's). */
export const IIS_MIME_TYPES: Readonly<Record<string, string>> = {
  '.css': 'text/css',
  '.js': 'application/x-javascript',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.woff2': 'application/font-woff2',
  '.woff': 'application/font-woff',
  '.ico': 'image/x-icon',
};

/** IIS static compression is gzip only, and here applies to the site's text types only. */
const COMPRESSIBLE = new Set(['text/css', 'application/x-javascript']);

export interface IisStaticFile extends IndexedFile {
  readonly etag: string;
  readonly lastModified: string;
  readonly compressible: boolean;
}

export function iisTypeOf(fileName: string): string | undefined {
  return IIS_MIME_TYPES[path.extname(fileName).toLowerCase()];
}

/**
 * The static files of an IIS site: an in-memory index with each file's validators computed once.
 * `textCharset`: a charset parameter on the text types' Content-Type (IIS sends none; a server
 * that labels its text, as Express or a configured nginx does, sends `; charset=utf-8`).
 */
export function indexIisStaticFiles(mounts: readonly Mount[], options: { textCharset?: string } = {}): Map<string, IisStaticFile> {
  const out = new Map<string, IisStaticFile>();
  for (const [key, file] of indexContent(mounts, iisTypeOf)) {
    const compressible = COMPRESSIBLE.has(file.type);
    out.set(
      key,
      Object.assign(file, {
        type: compressible && options.textCharset ? `${file.type}; charset=${options.textCharset}` : file.type,
        etag: iisEtag(file.mtimeNs),
        lastModified: file.mtime.toUTCString(),
        compressible,
      }),
    );
  }
  return out;
}

function setAll(res: Response, headers: Record<string, string | number>): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
}

/**
 * Answers a GET or HEAD for a static file as IIS's StaticFileHandler does: strong mtime ETag,
 * Last-Modified, Accept-Ranges, gzip for text types, no Cache-Control. Preconditions come before
 * Range; a range applies to the bytes of the representation chosen (the gzip bytes when gzip is
 * sent), which keeps Content-Length and Content-Range consistent with what goes on the wire.
 */
export async function sendIisStaticFile(req: Request, res: Response, file: IisStaticFile): Promise<void> {
  const method = req.method ?? 'GET';
  const validators: Validators = { etag: file.etag, lastModified: file.mtime };
  const common = { ETag: file.etag, 'Last-Modified': file.lastModified, Vary: 'Accept-Encoding' };

  const outcome = evaluatePreconditions(method, req.headers, validators);
  if (outcome === 'not-modified') {
    setAll(res, common);
    res.statusCode = 304;
    res.end();
    return;
  }
  if (outcome === 'precondition-failed') {
    setAll(res, { ...common, 'Content-Length': 0 });
    res.statusCode = 412;
    res.end();
    return;
  }

  const coding = file.compressible ? chooseEncoding(req.headers, ['gzip']) : 'identity';
  const body = coding === 'identity' ? file.bytes : await file.encoded(coding);
  const range = method === 'GET' ? selectRange(req.headers, body.length, validators) : { kind: 'full' as const };

  setAll(res, { 'Content-Type': file.type, 'Last-Modified': file.lastModified, 'Accept-Ranges': 'bytes', ETag: file.etag, Vary: 'Accept-Encoding' });
  if (coding !== 'identity') res.setHeader('Content-Encoding', coding);

  if (range.kind === 'unsatisfiable') {
    // Nothing of the representation is sent, so nothing describes it.
    res.removeHeader('Content-Encoding');
    res.removeHeader('Content-Type');
    setAll(res, { 'Content-Range': contentRange(range, body.length)!, 'Content-Length': 0 });
    res.statusCode = 416;
    res.end();
    return;
  }
  const sent = range.kind === 'partial' ? body.subarray(range.start, range.end + 1) : body;
  if (range.kind === 'partial') {
    res.statusCode = 206;
    res.setHeader('Content-Range', contentRange(range, body.length)!);
  } else {
    res.statusCode = 200;
  }
  res.setHeader('Content-Length', sent.length);
  if (method === 'HEAD') res.end();
  else res.end(sent);
}
