/**
 * "HTTP/1.1, HTTP/2 and HTTP/3 are all seen" is about the service as a whole: every TLS role is
 * asked (ALPN) whether it offers h2. No role offering h2 fails the service-level expectation; a
 * single role without it is a warning. OCSP over plain http cannot negotiate h2 and is exempt.
 */
import type { ReplayRecord } from '../../record';
import { ROLES, roleUrls } from '../../target-map';
import type { ReplayClients } from '../../replay';
import { FlowContext } from './context';

const CLAUSE = 'Service description, introduction: "All traffic is HTTPS; HTTP/1.1, HTTP/2 and HTTP/3 are all seen."';

export async function runProtocolsFlow(clients: ReplayClients, options: { targetName?: string } = {}): Promise<ReplayRecord> {
  const id = 'service/http2-seen';
  const ctx = new FlowContext(id, clients, { role: 'service', ...options });
  const offered: string[] = [];
  let asked = 0;
  for (const role of ROLES) {
    for (const url of roleUrls(clients.map, role)) {
      if (url.protocol !== 'https:') continue;
      asked++;
      // One step per name of a role (the redirector has three), as its expectation is.
      const stepId = `${id} ${role} ${url.hostname}`;
      ctx.begin(stepId);
      let probe;
      try {
        probe = await clients.h2.probe(url.origin);
      } catch (e) {
        ctx.error(stepId, 'a TLS handshake offering h2 in ALPN', `${role}: ${(e as Error).message}`);
        continue;
      }
      if (probe.offered) offered.push(`${role} (${url.host})`);
      ctx.expect(stepId, probe.offered, 'h2 offered in ALPN', probe.offered ? 'h2' : 'http/1.1 only', 'capture', {
        clause: CLAUSE,
        level: 'should',
        ...(probe.offered ? {} : { message: `${role}: its HTTP/2 legs are not run (${probe.reason})` }),
      });
    }
  }
  ctx.begin(id);
  if (asked === 0) ctx.skip(id, 'no https role is mapped');
  else
    ctx.expect(
      id,
      offered.length > 0,
      'HTTP/2 offered by the service (at least one role negotiates h2)',
      offered.length ? offered.join(', ') : `none of ${asked} https origins offers h2: every HTTP/2 leg of the replay was not run`,
      'capture',
      { clause: CLAUSE },
    );
  return ctx.record;
}
