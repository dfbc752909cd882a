import type { RequestHandler } from 'express';

/** Answers 405 with `Allow` for any method outside `allowed` (RFC 9110 §15.5.6). */
export function onlyMethods(...allowed: string[]): RequestHandler {
  const allow = allowed.join(', ');
  return (req, res, next) => {
    if (allowed.includes(req.method)) return next();
    res.status(405).setHeader('Allow', allow);
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end('Method Not Allowed\n');
  };
}
