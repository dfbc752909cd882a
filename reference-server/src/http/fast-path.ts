import type express from 'express';
import type { AnyRequest, AnyResponse } from './guards';

/** Answers the request and returns true, or returns false to let the app's Express chain answer it. */
export type FastPath = (req: AnyRequest, res: AnyResponse) => boolean;

type Handle = (req: unknown, res: unknown, next?: unknown) => void;

/**
 * Lets a host answer its hottest requests (static files from its in-memory index) before
 * Express's per-request setup and router, which cost more than the answer itself
 * (bench/static.ts). The fast path must answer exactly as the app's middleware chain would: it
 * sees node's request/response (HTTP/1.1 or HTTP/2 compat), not Express's.
 */
export function withFastPath<T extends express.Express>(app: T, fast: FastPath): T {
  const inner = app as unknown as { handle: Handle };
  const handle = inner.handle;
  inner.handle = function fastOrExpress(this: unknown, req, res, next) {
    if (fast(req as AnyRequest, res as AnyResponse)) return;
    handle.call(this, req, res, next);
  };
  return app;
}
