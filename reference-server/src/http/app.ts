import express from 'express';
import { allowHttp2 } from './express-h2';

/**
 * An Express app as every host uses it: answers HTTP/1.1 and HTTP/2, adds no X-Powered-By and
 * no automatic ETag (each host sets exactly the validators the service description shows).
 */
export function createApp(): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  return allowHttp2(app);
}
