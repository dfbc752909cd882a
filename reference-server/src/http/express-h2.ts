import * as http2 from 'node:http2';
import express from 'express';

/*
 * Express 5 sets Node's HTTP/1 IncomingMessage/ServerResponse prototypes on every request, which
 * crashes on HTTP/2 compat requests. Each app gets a second pair of prototypes built on the
 * HTTP/2 compat classes with Express's methods copied on, chosen per request.
 */
function copyDescriptors(target: object, source: object): void {
  for (const key of Reflect.ownKeys(source)) {
    const d = Object.getOwnPropertyDescriptor(source, key);
    if (d) Object.defineProperty(target, key, d);
  }
}

const h2RequestBase: Record<string, unknown> = Object.create(http2.Http2ServerRequest.prototype);
copyDescriptors(h2RequestBase, express.request);
const expressGet = (express.request as unknown as { get(name: string): unknown }).get;
// `:authority` stands in for Host on HTTP/2.
function h2Get(this: http2.Http2ServerRequest, name: string): unknown {
  if (typeof name === 'string' && name.toLowerCase() === 'host') {
    return this.headers[':authority'] ?? this.headers.host;
  }
  return expressGet.call(this, name);
}
h2RequestBase.get = h2Get;
h2RequestBase.header = h2Get;

const h2ResponseBase: object = Object.create(http2.Http2ServerResponse.prototype);
copyDescriptors(h2ResponseBase, express.response);

type Handle = (req: unknown, res: unknown, next?: unknown) => void;
interface AppInternals {
  handle: Handle;
  request: object;
  response: object;
}

/** Makes an Express app (or sub-app) answer HTTP/2 compat requests as well as HTTP/1.1 ones. */
export function allowHttp2<T extends express.Express>(app: T): T {
  const inner = app as unknown as AppInternals;
  const h2Request = Object.create(h2RequestBase, { app: { configurable: true, enumerable: true, writable: true, value: app } });
  const h2Response = Object.create(h2ResponseBase, { app: { configurable: true, enumerable: true, writable: true, value: app } });
  const original = inner.handle;
  inner.handle = function handle(this: AppInternals, req, res, next) {
    if (!(req instanceof http2.Http2ServerRequest)) return original.call(this, req, res, next);
    const h1Request = this.request;
    const h1Response = this.response;
    // Express sets the prototypes synchronously at the top of handle().
    this.request = h2Request;
    this.response = h2Response;
    try {
      return original.call(this, req, res, next);
    } finally {
      this.request = h1Request;
      this.response = h1Response;
    }
  };
  return app;
}
