import { randomUUID } from 'node:crypto';
import type express from 'express';
import { createApp } from '../../http/app';
import { onlyMethods } from '../../http/methods';
import type { HostContext } from '../context';
import { azureErrorDocument } from './error-document';

export const AZURE_SERVER = 'Windows-Azure-Web/1.0 Microsoft-HTTPAPI/2.0';

/**
 * The maintenance host ({maintenance_url}): a static website whose public access is off, so every
 * path (the maintenance page included) is refused with Azure's AuthorizationFailure document.
 */
export function createMaintenanceApp(ctx: HostContext): express.Express {
  const app = createApp();
  const { deployment } = ctx;
  if (deployment.unusualMethods === 'method-not-allowed') app.use(onlyMethods('GET', 'HEAD'));
  app.use((req, res) => {
    const requestId = randomUUID();
    const body = azureErrorDocument('AuthorizationFailure', 'This request is not authorized to perform this operation.', requestId);
    res.statusCode = 403;
    res.setHeader('Content-Length', body.length);
    res.setHeader('Content-Type', 'application/xml');
    res.setHeader('Server', deployment.maintenanceServer);
    res.setHeader(deployment.maintenanceRequestIdHeader, requestId);
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  return app;
}
