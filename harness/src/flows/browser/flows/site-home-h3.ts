import type { QuicEndpoint } from '../../../target-map/browser';
import type { BrowserFlow } from '../session';
import { siteHome } from './site-home';

const CLAUSE = 'Service description, introduction: "All traffic is HTTPS; HTTP/1.1, HTTP/2 and HTTP/3 are all seen."';

/**
 * The home page flow in a Chromium with QUIC forced to every endpoint the roles advertise (Alt-Svc):
 * the same checks as `site/browser/home`, and the protocol of every answer the page got, read from
 * the DevTools protocol. An answer from a forced origin must have come over h3; one from another
 * origin (a third party, a role that advertises nothing) is listed with its protocol, never judged.
 */
export function siteHomeH3(endpoints: readonly QuicEndpoint[]): BrowserFlow {
  const forced = new Set(endpoints.map((e) => `${e.originHost}:${e.originPort}`));
  const isForced = (url: URL) => forced.has(`${url.hostname.replace(/^\[|\]$/g, '').toLowerCase()}:${url.port || (url.protocol === 'https:' ? 443 : 80)}`);
  return {
    ...siteHome,
    id: 'site/browser/home-h3',
    title: 'Home page in Chromium over HTTP/3 (QUIC forced to the advertised endpoints): the home page checks, and every answer over h3',
    clause: `${siteHome.clause}; ${CLAUSE}`,
    async run(s) {
      const cdp = await s.context.newCDPSession(s.page);
      const protocols = new Map<string, string>();
      cdp.on('Network.requestWillBeSent', (e) => {
        if (e.redirectResponse && !protocols.has(e.redirectResponse.url)) protocols.set(e.redirectResponse.url, e.redirectResponse.protocol ?? 'unknown');
      });
      cdp.on('Network.responseReceived', (e) => {
        if (!protocols.has(e.response.url)) protocols.set(e.response.url, e.response.protocol ?? 'unknown');
      });
      await cdp.send('Network.enable');
      try {
        await siteHome.run(s);
      } finally {
        for (const [href, protocol] of protocols) {
          const url = new URL(href);
          if (url.protocol === 'data:' || url.protocol === 'blob:') continue;
          const id = `${s.id} protocol ${s.label(href)}`;
          if (isForced(url))
            s.findings.compare(id, protocol === 'h3', 'h3 (QUIC forced to the endpoint its origin advertises)', protocol, { clause: CLAUSE, level: 'must' });
          else s.findings.add(id, 'info', 'the protocol it came over (its origin advertises no h3: not forced)', protocol, { clause: CLAUSE });
        }
        await cdp.detach().catch(() => undefined);
      }
    },
  };
}
