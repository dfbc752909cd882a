import type express from 'express';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { createApp } from '../../http/app';
import { onlyMethods } from '../../http/methods';
import { sendBody } from '../../http/send-body';
import type { HostContext } from '../context';
import { renamer } from '../deployment';
import { allowedRequestHeaders, corsOrigin, MAX_COLLECT_BODY, missingPixelParams, TRANSPARENT_GIF } from './beacons';

export const COLLECT_PATH = '/ccm/collect';
export const PIXEL_PATH = '/t.gif';
const COLLECT_METHODS = 'POST, OPTIONS';
const TEXT = 'text/plain; charset=utf-8';

function plain(req: Request, res: Response, status: number, text: string): Promise<void> {
  return sendBody(req, res, `${text}\n`, { status, type: TEXT });
}

/**
 * The third-party analytics host (analytics.beacon.test): the collect endpoint the site page posts
 * a hit to, and the tracking pixel it loads. Paths are matched exactly (case-sensitive).
 */
export function createAnalyticsApp(ctx: HostContext): express.Express {
  const app = createApp();

  /** Cross-origin reads of the collect answer: the request's own Origin, credentials allowed. */
  const cors = (req: Request, res: Response): void => {
    res.setHeader('Vary', 'Origin');
    const origin = corsOrigin(req.headers.origin);
    if (!origin) return;
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
  };

  const collect = (req: Request, res: Response, query: string | undefined): Promise<void> | void => {
    if (req.method === 'OPTIONS') {
      cors(req, res);
      res.setHeader('Vary', 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers');
      res.setHeader('Access-Control-Allow-Methods', COLLECT_METHODS);
      const headers = allowedRequestHeaders(req.headers['access-control-request-headers']);
      if (headers) res.setHeader('Access-Control-Allow-Headers', headers);
      res.setHeader('Access-Control-Max-Age', '86400');
      res.setHeader('Allow', COLLECT_METHODS);
      res.statusCode = 204;
      res.end();
      return;
    }
    cors(req, res);
    res.setHeader('Cache-Control', 'no-cache, no-store, must-revalidate');
    if (Number(req.headers['content-length'] ?? 0) > MAX_COLLECT_BODY) return plain(req, res, 413, 'Payload Too Large');
    if (!query) return plain(req, res, 400, 'Bad Request: a hit needs its parameters in the query');
    res.statusCode = 200;
    res.setHeader('Content-Type', 'text/plain');
    res.setHeader('Content-Length', 0);
    res.end();
  };

  const pixel = (req: Request, res: Response, query: string | undefined): Promise<void> | void => {
    res.setHeader('Cache-Control', 'private, no-store, max-age=0');
    const missing = missingPixelParams(query);
    if (missing.length) return plain(req, res, 400, `Bad Request: missing ${missing.join(', ')}`);
    res.statusCode = 200;
    res.setHeader('Content-Type', 'image/gif');
    res.setHeader('Content-Length', TRANSPARENT_GIF.length);
    res.end(req.method === 'HEAD' ? undefined : TRANSPARENT_GIF);
  };

  const routes = new Map<string, { methods: RequestHandler; handle: typeof pixel }>([
    [COLLECT_PATH, { methods: onlyMethods('POST', 'OPTIONS'), handle: collect }],
    [renamer(ctx.deployment)(PIXEL_PATH), { methods: onlyMethods('GET', 'HEAD'), handle: pixel }],
  ]);

  const dispatch: RequestHandler = (req, res, next) => {
    const q = req.url.indexOf('?');
    const route = routes.get(q < 0 ? req.url : req.url.slice(0, q));
    if (!route) return plain(req, res, 404, 'Not Found');
    const query = q < 0 ? undefined : req.url.slice(q + 1);
    route.methods(req, res, () => {
      Promise.resolve(route.handle(req, res, query)).catch(next);
    });
  };

  const serverError: ErrorRequestHandler = (_err, req, res, _next) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    void plain(req, res, 500, 'Internal Server Error');
  };

  app.use(dispatch);
  app.use(serverError);
  return app;
}
