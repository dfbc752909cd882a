import * as fs from 'node:fs';
import * as path from 'node:path';
import type express from 'express';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { createApp } from '../../http/app';
import { onlyMethods } from '../../http/methods';
import { precompress, sendPrecompressed } from '../../http/precompressed';
import { resolveRequestPath } from '../../http/request-path';
import { hostnameOf, portSuffixOf } from '../../http/urls';
import type { HostContext } from '../context';
import { roleNames } from '../deployment';
import { MOVED_PERMANENTLY_BODY, NOT_FOUND_BODY, REDIRECT_MAX_AGE, redirectDates } from './cloudflare';

const PAGE_TYPE = 'text/html; charset=UTF-8';
const EDGE_ASSET_CACHE = 'max-age=7200, public';
/** One path segment naming a directory, `/<directory>/`, matched on the raw path (no escapes). */
const DIRECTORY = /^\/[A-Za-z0-9][A-Za-z0-9._-]{0,62}\/$/;

/** A stylesheet as an edge's minifier leaves it: comments and the space around punctuation gone (the addresses it names kept). */
export function minifiedCss(css: Buffer): Buffer {
  const text = css
    .toString('utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};:,>])\s*/g, '$1')
    .replace(/;}/g, '}')
    .trim();
  return Buffer.from(`${text}\n`, 'utf8');
}

/**
 * The Cloudflare-fronted redirector ({redirector_url}) and the two hosts of its favicon chain:
 * go.redirect.test/favicon.ico -> 301 hop2.redirect.test/ -> 301 hop3.redirect.test/ (200 page),
 * or the deployment's own hop names and edge headers.
 * Every name serves Cloudflare's /cdn-cgi/ error-page assets. All bodies are built once here.
 * Long because the handlers are closures over those bodies and the deployment's hop names and edge
 * headers: as separate functions each would take a handful of them, read once per app.
 */
export function createRedirectorApp(ctx: HostContext): express.Express {
  const app = createApp();
  const [MAIN_HOST, SECOND_HOST, THIRD_HOST] = roleNames(ctx.deployment).redirector;
  const { server, rayHeader, ray } = ctx.deployment.redirectorEdge;
  const noVary = !ctx.deployment.varyOnDynamic;
  const own = `/${ctx.deployment.targetValues.REDIRECTOR_DIRECTORY}/`;
  const isDirectory = (p: string) => (ctx.deployment.redirectorDirectories === 'own' ? p === own : DIRECTORY.test(p));
  const root = path.join(ctx.contentRoot, 'redirector');
  const directoryPage = precompress(fs.readFileSync(path.join(root, 'pages/directory.html')), ['gzip']);
  const arrivalPage = precompress(fs.readFileSync(path.join(root, 'pages/hop3.html')), ['gzip']);
  const css = fs.readFileSync(path.join(root, 'cdn-cgi/styles/cf.errors.css'));
  const errorsCss = precompress(ctx.deployment.redirectorErrorsCss === 'minified' ? minifiedCss(css) : css, ['gzip']);
  const hopHeaders = Object.entries(ctx.deployment.redirectorHopHeaders);
  const exclamation = fs.readFileSync(path.join(root, 'cdn-cgi/images/icon-exclamation.png'));

  const redirect = (req: Request, res: Response, host: string): void => {
    const { date, expires } = redirectDates(new Date());
    res.statusCode = 301;
    res.setHeader('Date', date);
    res.setHeader('Content-Type', 'text/html');
    res.setHeader('Content-Length', MOVED_PERMANENTLY_BODY.length);
    res.setHeader('Location', `https://${host}${portSuffixOf(req)}/`);
    res.setHeader('Cache-Control', `max-age=${REDIRECT_MAX_AGE}`);
    res.setHeader('Expires', expires);
    for (const [name, value] of hopHeaders) res.setHeader(name, value);
    res.end(req.method === 'HEAD' ? undefined : MOVED_PERMANENTLY_BODY);
  };

  const notFound = (req: Request, res: Response, status = 404, body = NOT_FOUND_BODY): void => {
    res.statusCode = status;
    res.setHeader('Content-Type', 'text/html');
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  const edgeHeaders: RequestHandler = (_req, res, next) => {
    res.setHeader('Server', server);
    res.setHeader(rayHeader, ray());
    next();
  };

  const dispatch: RequestHandler = (req, res) => {
    const host = hostnameOf(req);
    if (host === MAIN_HOST && isDirectory(req.url.split('?', 1)[0])) {
      res.setHeader('X-Frame-Options', 'SAMEORIGIN');
      return sendPrecompressed(req, res, directoryPage, { type: PAGE_TYPE, noVary });
    }
    const resolved = resolveRequestPath(req.url);
    if (resolved.kind === 'bad-request')
      return notFound(
        req,
        res,
        400,
        Buffer.from(
          '<html>\r\n<head><title>400 Bad Request</title></head>\r\n<body>\r\n<center><h1>400 Bad Request</h1></center>\r\n<hr><center>cloudflare</center>\r\n</body>\r\n</html>\r\n',
        ),
      );
    if (resolved.kind === 'not-found') return notFound(req, res);
    const { key } = resolved;

    if (key === '/cdn-cgi/styles/cf.errors.css') {
      res.setHeader('Cache-Control', EDGE_ASSET_CACHE);
      res.setHeader('X-Frame-Options', 'DENY');
      return sendPrecompressed(req, res, errorsCss, { type: 'text/css', noVary });
    }
    if (key === '/cdn-cgi/images/icon-exclamation.png') {
      res.statusCode = 200;
      res.setHeader('Content-Type', 'image/png');
      res.setHeader('Content-Length', exclamation.length);
      res.setHeader('Cache-Control', EDGE_ASSET_CACHE);
      return res.end(req.method === 'HEAD' ? undefined : exclamation);
    }
    if (host === MAIN_HOST && key === '/favicon.ico') return redirect(req, res, SECOND_HOST);
    if (host === SECOND_HOST && key === '/') return redirect(req, res, THIRD_HOST);
    if (host === THIRD_HOST && key === '/') {
      if (ctx.deployment.redirectorArrivalFrameOptions) res.setHeader('X-Frame-Options', 'SAMEORIGIN');
      for (const [name, value] of hopHeaders) res.setHeader(name, value);
      return sendPrecompressed(req, res, arrivalPage, { type: PAGE_TYPE });
    }
    return notFound(req, res);
  };

  const serverError: ErrorRequestHandler = (_err, req, res, _next) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    for (const name of ['Content-Encoding', 'Location', 'Cache-Control', 'Expires', 'Vary']) res.removeHeader(name);
    notFound(req, res, 500, Buffer.from('<html><body><h1>500 Internal Server Error</h1></body></html>\r\n'));
  };

  app.use(edgeHeaders);
  app.use(onlyMethods('GET', 'HEAD'));
  app.use(dispatch);
  app.use(serverError);
  return app;
}
