import type express from 'express';
import { createApp } from '../../http/app';
import { onlyMethods } from '../../http/methods';
import { originOf } from '../../http/urls';
import type { HostContext } from '../context';
import { documentMovedBody } from './document-moved';
import { plainMovedBody } from '../../http/plain-moved';

/**
 * The bare host ({bare_url}): every path moves permanently to the same path on {base_url},
 * as an IIS rewrite rule does. The description shows `/`; keeping the path is the reference's choice.
 */
export function createBareApp(ctx: HostContext): express.Express {
  const app = createApp();
  if (ctx.deployment.unusualMethods === 'method-not-allowed') app.use(onlyMethods('GET', 'HEAD'));
  app.use((req, res) => {
    const location = originOf('site', req) + req.originalUrl;
    const body = Buffer.from(ctx.deployment.redirectBodies === 'iis' ? documentMovedBody(location) : plainMovedBody(location), 'utf8');
    res.statusCode = 301;
    res.setHeader('Content-Type', 'text/html');
    res.setHeader('Location', location);
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  return app;
}
