import type { Check, CheckResult } from './types';
import { finding } from './util';

/** RFC 6265 §5.1.3: a domain string domain-matches a host name when they are equal or the host ends with "." + domain (not an IP address). */
export function domainMatches(host: string, domain: string): boolean {
  const h = host.toLowerCase();
  const d = domain.toLowerCase().replace(/^\./, '');
  if (h === d) return true;
  return h.endsWith(`.${d}`) && !/^[0-9.]+$/.test(h) && !h.includes(':');
}

/**
 * A cookie's Domain must cover the host that set it, or every browser ignores the cookie
 * (RFC 6265 §5.3 step 6); "domain-wide" cookies on the storefront name a parent domain of it.
 */
export const cookieDomainMatchesHost: Check = {
  id: 'cookie/domain-matches-host',
  title: "A cookie's Domain attribute covers the host that sets it",
  clause:
    'RFC 6265 §5.3 step 6: "If the canonicalized request-host does not domain-match the domain-attribute: Ignore the cookie entirely"; ' +
    'service description: ARRAffinity "Domain=<site host>", _tracking_consent and _cmp_a "domain-wide".',
  source: 'rfc',
  level: 'must',
  run(ex) {
    const host = new URL(ex.request.url).hostname;
    const out: CheckResult[] = [];
    for (const c of ex.cookies) {
      if (c.domain === undefined || c.domain === '') continue;
      out.push(
        finding(
          cookieDomainMatchesHost,
          domainMatches(host, c.domain),
          `${c.name}: a Domain that ${host} domain-matches (${host} or a parent of it)`,
          `Domain=${c.domain}`,
          { part: c.name },
        ),
      );
    }
    return out;
  },
};
