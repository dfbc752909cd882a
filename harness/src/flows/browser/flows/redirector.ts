import { meetsStated } from '../../../spec-model/field-forms';
import { FlowSession, type BrowserFlow } from '../session';
import { chainOf } from './bare-to-www';

export const redirectorPage: BrowserFlow = {
  id: 'redirector/browser/page',
  role: 'redirector',
  title: 'Redirecting host page in Chromium; the cdn-cgi assets it links',
  clause:
    'Redirecting host {redirector_url}: GET /<directory>/ -> 200, text/html; charset=UTF-8, gzip, x-frame-options SAMEORIGIN; the host "serves an HTML page, a few static error-page assets"',
  requires: ['redirector'],
  values: ['REDIRECTOR_DIRECTORY'],
  har: 'redirector-page',
  async run(s) {
    // The description gives the shape /<directory>/ without a name: the target's own (TARGET_VALUE_REDIRECTOR_DIRECTORY).
    const doc = await s.goto(`${s.origin('redirector')}/${s.env.values['{value:REDIRECTOR_DIRECTORY}']}/`);
    // Status, type, coding and X-Frame-Options: the spec exchange of the page's shape (redirector/directory).
    s.checkResource(await FlowSession.observe(doc));
    await s.settle();
    const resources = await s.checkResources(() => true);
    const p = (u: string) => new URL(u).pathname;
    // The description does not say which assets the page links: the reference's page links both (informational).
    const linked = "the reference's page links it; the description does not say the page does";
    s.requireLoaded(resources, [
      { what: 'cdn-cgi stylesheet', test: (r) => p(r.url) === '/cdn-cgi/styles/cf.errors.css', source: 'reference', note: linked },
      { what: 'cdn-cgi image', test: (r) => p(r.url) === '/cdn-cgi/images/icon-exclamation.png', source: 'reference', note: linked },
    ]);
    s.checkConsole(['site']);
  },
};

export const redirectorFaviconChain: BrowserFlow = {
  id: 'redirector/browser/favicon-chain',
  role: 'redirector',
  title: 'Favicon chain as Chromium follows it: {redirector_url}/favicon.ico -> 301 -> 301 -> the third host',
  clause: 'Redirecting host: GET /favicon.ico -> 301, location <another host>, cache-control max-age=3600; GET / on that host -> 301, location <a third host>',
  requires: ['redirector'],
  har: 'redirector-favicon-chain',
  async run(s) {
    const start = `${s.origin('redirector')}/favicon.ico`;
    const second = s.origin('redirector', 1);
    const third = s.origin('redirector', 2);
    const expected = [start, second ? `${second}/` : '<another host>/', third ? `${third}/` : '<a third host>/'];
    const res = await s.goto(start);
    const chain = chainOf(res.request());
    for (const r of chain) {
      const answer = r === res.request() ? res : await r.response();
      if (answer) s.noteForHar(answer);
    }
    const hosts = chain.map((r) => new URL(r.url()).host);
    s.findings.compare(
      `${s.id} hosts`,
      chain.length === 3 && new Set(hosts).size === 3,
      '/favicon.ico, then / on another host, then / on a third host (three hosts, two 301s)',
      chain.map((r) => r.url()).join(' -> '),
    );
    s.findings.compare(
      `${s.id} chain`,
      chain.length === 3 && chain.every((r, i) => (!expected[i].startsWith('<') ? r.url() === expected[i] : true)),
      expected.join(' -> '),
      chain.map((r) => r.url()).join(' -> '),
      {
        source: 'reference',
        message: 'the hosts of the target map (TARGET_REDIRECTOR_URL); the description says only "another host", "a third host"',
      },
    );
    for (let i = 0; i < chain.length - 1; i++) {
      const hop = await chain[i].response();
      const label = `${s.id} ${s.label(chain[i].url())}`;
      const h = hop ? await hop.allHeaders() : {};
      s.findings.compare(`${label} status`, hop?.status() === 301, '301', String(hop?.status() ?? '(no response)'));
      s.findings.compare(
        `${label} location`,
        meetsStated('location', chain[i + 1].url(), h.location, { base: chain[i].url() }),
        chain[i + 1].url(),
        h.location ?? '(absent)',
      );
      s.redirectHop(chain[i].url(), hop?.status(), h.location);
      s.findings.compare(
        `${label} cache-control`,
        meetsStated('cache-control', 'max-age=3600', h['cache-control']),
        'max-age=3600',
        h['cache-control'] ?? '(absent)',
      );
      s.findings.compare(`${label} content-type`, meetsStated('content-type', 'text/html', h['content-type']), 'text/html', h['content-type'] ?? '(absent)');
    }
    const last = await FlowSession.observe(res);
    const ok = last.status !== undefined && last.status >= 200 && last.status < 300;
    s.findings.compare(`${s.id} ${s.label(last.url)} status`, ok, '2xx (the chain ends on a page)', String(last.status), {
      source: 'reference',
      message: "the description does not show the third host's answer",
    });
    s.checkConsole(['site']);
  },
};
