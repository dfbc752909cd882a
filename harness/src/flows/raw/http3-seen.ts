/**
 * "HTTP/1.1, HTTP/2 and HTTP/3 are all seen", the HTTP/3 part, about the service as a whole: each
 * https role is asked once over HTTP/1.1 and its Alt-Svc read (RFC 7838); a role that advertises
 * h3 is then asked the same over HTTP/3 with QUIC forced to the advertised endpoint. No role
 * advertising h3 fails the service-level expectation; a single role without it is a warning; a role
 * whose advertised endpoint does not answer (a failed handshake, a dead UDP port) is an `error`
 * within the connect and request timeouts. OCSP over plain http cannot advertise h3 and is exempt.
 * A run with the HTTP/3 legs off (TARGET_H3=0, an embedded reference without its edge) skips it all
 * with that reason.
 */
import type { ReplayRecord } from '../../record';
import { fieldLines } from '../../core';
import { ROLES, roleUrls } from '../../target-map';
import { proxyFor } from '../../target-map/proxy';
import type { ReplayClients } from '../../replay';
import { H3RequestError, type H3Client } from '../../transport/h3-client';
import { ALT_SVC_CLAUSE, altSvcRefusal, endpointOf } from '../../replay/h3';
import type { QuicEndpoint } from '../../target-map/browser';
import { FlowContext } from './context';

const CLAUSE = 'Service description, introduction: "All traffic is HTTPS; HTTP/1.1, HTTP/2 and HTTP/3 are all seen."';
export const HTTP3_SEEN = 'service/http3-seen';

/** A role's origin that advertises h3, and where. */
interface ToAsk {
  role: string;
  url: URL;
  stepId: string;
  endpoint: QuicEndpoint;
}

/** Asks each advertised endpoint once over HTTP/3 (a handshake step each): the roles that answered over h3, and where. */
async function askOverH3(ctx: FlowContext, h3: H3Client, toAsk: readonly ToAsk[]): Promise<string[]> {
  const advertised: string[] = [];
  if (toAsk.length) await h3.prepare(toAsk.map((a) => a.endpoint));
  for (const { role, url, stepId, endpoint } of toAsk) {
    const where = `${endpoint.address}:${endpoint.port} (UDP)`;
    ctx.begin(`${stepId} handshake`);
    try {
      const answer = await h3.request({ method: 'GET', url: url.href, headers: {} }, endpoint);
      const ok = answer.protocol === 'h3';
      if (ok) advertised.push(`${role} (${url.host} at ${where})`);
      ctx.expect(`${stepId} handshake`, ok, `an answer over h3 from ${where}`, `status ${answer.status} over ${answer.protocol}`, 'capture', {
        clause: CLAUSE,
        level: 'must',
      });
    } catch (e) {
      const reason = e instanceof H3RequestError ? e.reason : (e as Error).message;
      ctx.error(`${stepId} handshake`, `an answer over h3 from ${where}`, `${role}: ${url.origin} advertises h3 at ${where}, which did not answer: ${reason}`);
    }
  }
  return advertised;
}

export async function runHttp3Flow(clients: ReplayClients, options: { targetName?: string } = {}): Promise<ReplayRecord> {
  const id = HTTP3_SEEN;
  const ctx = new FlowContext(id, clients, { role: 'service', ...options });
  const off = clients.map.h3Off ?? (clients.h3 ? undefined : 'no HTTP/3 client for this run');
  if (off) {
    ctx.begin(id);
    ctx.skip(id, off);
    return ctx.record;
  }
  let asked = 0;
  const toAsk: ToAsk[] = [];
  for (const role of ROLES) {
    for (const url of roleUrls(clients.map, role)) {
      if (url.protocol !== 'https:') continue;
      const stepId = `${id} ${role} ${url.hostname}`;
      if (proxyFor(clients.map.proxy, url)) {
        ctx.begin(stepId);
        ctx.skip(stepId, `${url.origin} is reached through an HTTP proxy, which QUIC cannot pass`);
        continue;
      }
      asked++;
      const observed = await ctx.fetch(`${stepId} alt-svc`, { url: url.href });
      if (!observed) continue;
      const endpoint = endpointOf(clients.map, url, observed.lines);
      const altSvc = fieldLines(observed.lines, 'alt-svc');
      const refusal = altSvcRefusal(clients.map, observed.lines);
      if (refusal) {
        ctx.expect(`${stepId} alt-svc`, false, refusal.expected, altSvc.join(', '), 'rfc', {
          clause: ALT_SVC_CLAUSE,
          level: refusal.level,
          message: `${role}: ${refusal.problem}: refused, never given to Chromium (its HTTP/3 legs are not run)`,
        });
        continue;
      }
      ctx.expect(
        `${stepId} alt-svc`,
        endpoint !== undefined,
        'Alt-Svc naming an h3 endpoint (RFC 7838)',
        altSvc.length ? altSvc.join(', ') : '(absent)',
        'capture',
        {
          clause: CLAUSE,
          level: 'should',
          ...(endpoint ? {} : { message: `${role}: its HTTP/3 legs are not run (no Alt-Svc h3 on its answers)` }),
        },
      );
      if (endpoint) toAsk.push({ role, url, stepId, endpoint });
    }
  }
  const advertised = clients.h3 ? await askOverH3(ctx, clients.h3, toAsk) : [];
  ctx.begin(id);
  if (asked === 0) ctx.skip(id, 'no https role is reached directly (QUIC needs a direct path)');
  else
    ctx.expect(
      id,
      advertised.length > 0,
      'HTTP/3 served by the service (at least one role advertises h3 in Alt-Svc and answers over it)',
      advertised.length ? advertised.join(', ') : `none of ${asked} https origins serves h3: every HTTP/3 leg of the replay was not run`,
      'capture',
      { clause: CLAUSE },
    );
  return ctx.record;
}
