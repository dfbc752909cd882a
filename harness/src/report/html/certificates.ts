/**
 * The "Certificates" section: per role and node, what its certificate is as the certs flow saw it
 * (subject, names, issuer, validity and days left, the chain as served, TLS versions, ALPN,
 * stapling), one row each, linked to the test whose findings judge it. Reads the typed
 * `certificates` of a test.
 */
import { esc } from '../escape';
import type { ConformanceResults } from '../types';
import { badge } from './cells';

export function certificates(r: ConformanceResults): string {
  const tests = r.tests.filter((t) => t.certificates?.length).sort((a, b) => (a.role < b.role ? -1 : a.role > b.role ? 1 : 0));
  const several = tests.some((t) => t.certificates!.some((c) => c.node));
  const rows = tests.flatMap((t) =>
    t.certificates!.map((c) => {
      // The leaf's OCSP status is the live OCSP flow's (asked through the responder its AIA names): its verdict, linked.
      const live = r.tests.find((x) => x.id === `ocsp/live/${t.role}`);
      const ocsp = `${c.stapled ? 'stapled' : 'not stapled'}${live ? `<div><a href="#${esc(live.key)}">ocsp/live/${esc(t.role)}</a> ${badge(live.verdict)}</div>` : ''}`;
      const days = c.daysLeft < 0 ? `expired ${-c.daysLeft} days ago` : `${c.daysLeft} days left`;
      const node = several ? `<td class="mono">${esc(c.node ?? '')}</td>` : '';
      return `<tr><td><a href="#${esc(t.key)}">${esc(t.role)}</a><div class="muted">${esc(c.host)}</div></td>${node}<td>${esc(c.subject)}<div class="muted">${esc(c.names.join(', '))}</div><div class="muted mono">serial ${esc(c.serial)}</div></td><td>${esc(c.issuer)}</td><td>${esc(c.notAfter.slice(0, 10))}<div class="muted">${esc(days)}</div></td><td>${c.chain.map((s) => esc(s)).join('<br>')}</td><td>${esc([...c.protocols, c.alpn ? `ALPN ${c.alpn}` : 'no ALPN'].join(', '))}</td><td>${ocsp}</td></tr>`;
    }),
  );
  if (!rows.length) return '';
  const nodeHead = several ? '<th>node</th>' : '';
  return `<section class="certificates"><h2>Certificates (${tests.length} role${tests.length === 1 ? '' : 's'})</h2><table class="side"><thead><tr><th>role</th>${nodeHead}<th>subject and names</th><th>issuer</th><th>valid until</th><th>chain as served</th><th>TLS</th><th>OCSP</th></tr></thead><tbody>${rows.join('')}</tbody></table></section>`;
}
