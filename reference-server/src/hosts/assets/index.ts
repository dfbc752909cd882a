import * as path from 'node:path';
import type express from 'express';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { createApp } from '../../http/app';
import { withFastPath, type FastPath } from '../../http/fast-path';
import { evaluatePreconditions } from '../../http/conditional';
import { indexContent } from '../../http/content-index';
import { chooseEncoding } from '../../http/encoding';
import { resolveRequestPath } from '../../http/request-path';
import { securityHeadersMiddleware, setSecurityHeaders } from '../../http/security-headers';
import { sendBody } from '../../http/send-body';
import type { HostContext } from '../context';
import { renamer } from '../deployment';
import { amznTraceId, azureRef, EdgeCache } from './cdn-headers';

const MEDIA_PREFIX = '/-/media';
const MAX_AGE = 604800;

const page = (title: string) => `<!DOCTYPE html>\r\n<html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>\r\n`;

/**
 * The media host ({asset_url}): Sitecore media library items behind a CDN. Only SVG media is
 * indexed; `rev` and any other query is ignored for lookup. Range requests get the whole file,
 * as the description shows no Accept-Ranges here.
 */
export function createAssetsApp(ctx: HostContext): express.Express {
  const app = createApp();
  const media = indexContent([{ dir: path.join(ctx.contentRoot, 'assets/media'), urlPrefix: MEDIA_PREFIX, rename: renamer(ctx.deployment) }], (name) =>
    name.toLowerCase().endsWith('.svg') ? 'image/svg+xml' : undefined,
  );
  const edge = new EdgeCache();
  const { deployment } = ctx;
  const rfc9211 = deployment.assetHeaders === 'rfc9211';
  const trace = (res: { setHeader(name: string, value: string): unknown }) =>
    rfc9211 ? res.setHeader('X-Amzn-Trace-Id', amznTraceId(new Date())) : res.setHeader('X-Azure-Ref', azureRef(new Date()));

  const traceAndMethods: RequestHandler = (req, res, next) => {
    trace(res);
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    res.setHeader('Allow', 'GET, HEAD');
    return sendBody(req, res, page('405 Method Not Allowed'), { status: 405, type: 'text/html' });
  };

  const serveMedia: RequestHandler = async (req, res) => {
    const resolved = resolveRequestPath(req.url);
    if (resolved.kind === 'bad-request') return sendBody(req, res, page('400 Bad Request'), { status: 400, type: 'text/html' });
    const file = resolved.kind === 'ok' ? media.get(resolved.key) : undefined;
    if (!file) return sendBody(req, res, page('404 Not Found'), { status: 404, type: 'text/html' });

    res.setHeader('Content-Type', file.type);
    res.setHeader('Cache-Control', deployment.mediaFieldSpelling === 'edge' ? `max-age=${MAX_AGE},public` : `public, max-age=${MAX_AGE}`);
    res.setHeader('Vary', deployment.mediaFieldSpelling === 'edge' ? 'accept-encoding' : 'Accept-Encoding');
    res.setHeader('Content-Disposition', deployment.mediaFieldSpelling === 'edge' ? `inline; filename="${file.name}"` : `inline; filename=${file.name}`);
    res.setHeader('Last-Modified', file.mtime.toUTCString());
    const hit = edge.status(file.key) === 'TCP_HIT';
    if (rfc9211) res.setHeader('Cache-Status', `"media-edge"; ${hit ? 'hit' : 'fwd=uri-miss'}`);
    else res.setHeader('X-Cache', hit ? 'TCP_HIT' : 'TCP_MISS');

    const outcome = evaluatePreconditions(req.method, req.headers, { lastModified: file.mtime });
    if (outcome !== 'proceed') {
      // 304 and 412 carry no body, so no body length or coding either.
      res.statusCode = outcome === 'not-modified' ? 304 : 412;
      res.end();
      return;
    }
    const coding = chooseEncoding(req.headers, ['br', 'gzip']);
    const body = coding === 'identity' ? file.bytes : await file.encoded(coding);
    if (coding !== 'identity') res.setHeader('Content-Encoding', coding);
    res.setHeader('Content-Length', body.length);
    res.statusCode = 200;
    if (req.method === 'HEAD') res.end();
    else res.end(body);
  };

  const answerServerError = (req: Request, res: Response): void => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    for (const name of ['Content-Encoding', 'Content-Disposition', 'Last-Modified', 'X-Cache', 'Cache-Status', 'Cache-Control', 'Vary']) res.removeHeader(name);
    void sendBody(req, res, page('500 Internal Server Error'), { status: 500, type: 'text/html' });
  };

  const serverError: ErrorRequestHandler = (_err, req, res, _next) => answerServerError(req, res);

  // GET and HEAD skip Express: the same answer as the chain below gives (security headers, the
  // trace header, the media lookup), at several times the rate (bench/static.ts).
  const getAndHead: FastPath = (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const [request, response] = [req as unknown as Request, res as unknown as Response];
    setSecurityHeaders(request, response, deployment);
    trace(response);
    Promise.resolve(serveMedia(request, response, () => undefined)).catch(() => answerServerError(request, response));
    return true;
  };

  app.use(securityHeadersMiddleware(deployment));
  app.use(traceAndMethods);
  app.use(serveMedia);
  app.use(serverError);
  return withFastPath(app, getAndHead);
}
