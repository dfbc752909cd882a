import type { Request } from '@playwright/test';
import { meetsStated } from '../../../spec-model/field-forms';
import { FlowSession, type BrowserFlow } from '../session';

/** The requests of a redirect chain, first hop first. */
export function chainOf(last: Request): Request[] {
  const out: Request[] = [last];
  for (let r = last.redirectedFrom(); r; r = r.redirectedFrom()) out.unshift(r);
  return out;
}

export const bareToWww: BrowserFlow = {
  id: 'bare/browser/redirect-to-www',
  role: 'bare',
  title: 'Bare host to www as Chromium follows it: one 301 to {base_url}/, recorded with request.redirectedFrom()',
  clause: 'Bare host {bare_url}: GET / -> "301 Moved Permanently, content-type text/html, location {base_url}/"',
  requires: ['bare', 'site'],
  har: 'bare-redirect-to-www',
  async run(s) {
    const start = `${s.origin('bare')}/`;
    const end = `${s.origin('site')}/`;
    const res = await s.goto(start, 'domcontentloaded');
    s.findings.compare(`${s.id} final url`, res.url() === end, end, res.url());
    const chain = chainOf(res.request());
    s.findings.compare(`${s.id} chain`, chain.length === 2 && chain[0].url() === start, `${start} -> ${end}`, chain.map((r) => r.url()).join(' -> '));
    if (chain.length >= 2) {
      const hop = await chain[0].response();
      s.findings.compare(`${s.id} ${s.label(start)} status`, hop?.status() === 301, '301', String(hop?.status() ?? '(no response)'));
      const location = hop ? await hop.headerValue('location') : null;
      s.findings.compare(`${s.id} ${s.label(start)} location`, meetsStated('location', end, location, { base: start }), end, location ?? '(absent)');
      s.redirectHop(start, hop?.status(), location);
      const type = hop ? await hop.headerValue('content-type') : null;
      s.findings.compare(`${s.id} ${s.label(start)} content-type`, meetsStated('content-type', 'text/html', type), 'text/html', type ?? '(absent)');
    }
    s.checkResource(await FlowSession.observe(res));
  },
};
