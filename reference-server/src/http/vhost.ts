import type { AnyRequest, AnyResponse } from './guards';
import { misdirected, refuseMalformed } from './guards';
import { authorityOf, hostnameOf } from './urls';

export type Handler = (req: AnyRequest, res: AnyResponse) => void;

/** One handler per host name; a name no role serves gets 421 (RFC 9110 §15.5.20). */
export function vhost(apps: ReadonlyMap<string, Handler>): Handler {
  return (req, res) => {
    // A request asking to upgrade (websocket, h2c) is answered as a plain one, but Node's parser
    // reads nothing more on that connection: close it after the answer instead of leaving it hung.
    if (req.httpVersionMajor === 1 && req.headers.upgrade !== undefined) res.setHeader('Connection', 'close');
    if (refuseMalformed(req, res)) return;
    const app = apps.get(hostnameOf(req));
    if (!app) return misdirected(res, authorityOf(req));
    app(req, res);
  };
}
