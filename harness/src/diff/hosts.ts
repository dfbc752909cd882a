/**
 * The baseline's names written as the candidate's: staging answers with its own host names (in
 * Location, Link, CSP, HTML bodies), so its values are compared with production's after each
 * production name is replaced by the staging name of the same role. Pairs come from the two
 * target maps, role by role and URL by URL. Where every pair that shares a baseline port maps it
 * to one candidate port (two deployments on other ports, the embedded references), that port is
 * mapped for other host names too (a CSP naming a third-party host on the deployment's port).
 */
import { fieldLines, isField } from '../core';
import { ROLES, roleUrls, type TargetMap } from '../target-map';
import type { ObservedExchange } from '../spec-model/observed';

export interface HostMapping {
  /** No pair differs: values are compared as they are. */
  identity: boolean;
  /** A baseline value with the baseline's names and ports written as the candidate's. */
  text(value: string): string;
}

const defaultPort = (scheme: string) => (scheme === 'http:' || scheme === 'http' ? '80' : '443');
const portOf = (u: URL) => u.port || defaultPort(u.protocol);

/** A host name of two or more labels, then an optional port; `//` before it marks a URL's authority. */
const HOST =
  /(\/\/)?(?<![A-Za-z0-9.-])([A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+)(?::(\d{1,5}))?(?![A-Za-z0-9-])/g;

export function hostMapping(baseline: TargetMap, candidate: TargetMap): HostMapping {
  /** `host:port` of the baseline -> the candidate's URL of the same role. */
  const authorities = new Map<string, URL>();
  const hosts = new Map<string, string>();
  const ports = new Map<string, Set<string>>();
  for (const role of ROLES) {
    const b = roleUrls(baseline, role);
    const c = roleUrls(candidate, role);
    for (let i = 0; i < Math.min(b.length, c.length); i++) {
      authorities.set(`${b[i].hostname}:${portOf(b[i])}`, c[i]);
      if (!hosts.has(b[i].hostname)) hosts.set(b[i].hostname, c[i].hostname);
      const set = ports.get(portOf(b[i])) ?? new Set<string>();
      set.add(portOf(c[i]));
      ports.set(portOf(b[i]), set);
    }
  }
  const portMap = new Map<string, string>();
  for (const [from, to] of ports) if (to.size === 1 && !to.has(from)) portMap.set(from, [...to][0]);
  const identity = [...authorities].every(([k, u]) => k === `${u.hostname}:${portOf(u)}`) && portMap.size === 0;

  // Only a baseline host name or a mapped port can be rewritten: a value naming neither (most of a
  // stylesheet or a script, whose every `1.5em` the pattern would otherwise visit) is left as it is.
  const names = [...hosts.keys()];
  const mappedPorts = [...portMap.keys()].map((p) => `:${p}`);
  const text = (value: string): string => {
    if (identity) return value;
    const lower = value.toLowerCase();
    if (!names.some((n) => lower.includes(n)) && !mappedPorts.some((p) => value.includes(p))) return value;
    return value.replace(HOST, (whole: string, slashes: string | undefined, host: string, port: string | undefined, offset: number, all: string) => {
      const lower = host.toLowerCase();
      if (slashes) {
        const scheme = /([a-z][a-z0-9+.-]*):$/i.exec(all.slice(Math.max(0, offset - 10), offset))?.[1] ?? 'https';
        const paired = authorities.get(`${lower}:${port ?? defaultPort(scheme)}`);
        if (paired) return `//${paired.host}`;
      }
      const name = hosts.get(lower) ?? host;
      const mappedPort = port === undefined ? undefined : (portMap.get(port) ?? port);
      if (name === host && mappedPort === port) return whole;
      return `${slashes ?? ''}${name}${mappedPort === undefined ? '' : `:${mappedPort}`}`;
    });
  };
  return { identity, text };
}

/** Content types whose bodies are text, where host names can appear. */
export function isTextual(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const t = contentType.split(';')[0].trim().toLowerCase();
  return t.startsWith('text/') || /[/+](json|xml|javascript|ecmascript|x-javascript|svg\+xml)$/.test(t) || t === 'image/svg+xml';
}

/**
 * A cookie's Domain as its distance from the answer's own host (`=host`, `=host-1`: the parent
 * domain), so "domain-wide" on production's parent domain equals staging's on its own.
 */
function relativeDomain(domain: string | undefined, host: string): string | undefined {
  if (domain === undefined) return undefined;
  const d = domain.replace(/^\./, '').toLowerCase();
  const labels = host.toLowerCase().split('.');
  for (let k = 0; k < labels.length - 1; k++)
    if (labels.slice(k).join('.') === d) return k === 0 ? '‹the host›' : `‹the host without ${k} leading label${k === 1 ? '' : 's'}›`;
  return domain;
}

/**
 * Alt-Svc with each alternative's port written relative to the answer's own (RFC 7838 §3: the
 * port of an alternative is the deployment's choice, as its host names are): two deployments that
 * both serve HTTP/3 on a UDP port of their own advertise the same thing, while HTTP/3 on the TLS
 * port in one and on another port in the other still differ.
 */
export function relativeAltSvc(value: string, url: URL): string {
  return value.replace(
    /="([^"]*):(\d{1,5})"/g,
    (_whole, host: string, port: string) => `="${host}:${port === portOf(url) ? '‹its own port›' : '‹another port›'}"`,
  );
}

/** An answer as it is compared: cookie domains relative to its host, Alt-Svc ports relative to its port, and (for the baseline) every value and text body with names mapped. */
export function comparable(ex: ObservedExchange, mapping?: HostMapping): ObservedExchange {
  const url = new URL(ex.request.url);
  const host = url.hostname;
  const map = mapping && !mapping.identity ? mapping.text : (v: string) => v;
  const type = fieldLines(ex.lines, 'content-type')[0];
  const decoded = ex.decoded && mapping && !mapping.identity && isTextual(type) ? Buffer.from(map(ex.decoded.toString('utf8')), 'utf8') : ex.decoded;
  return {
    ...ex,
    lines: ex.lines.map(([n, v]) => [n, isField(n, 'set-cookie') ? v : isField(n, 'alt-svc') ? relativeAltSvc(map(v), url) : map(v)]),
    cookies: ex.cookies.map((c) => {
      const domain = relativeDomain(c.domain, host);
      return { ...c, ...(domain !== undefined ? { domain } : {}) };
    }),
    ...(decoded ? { decoded } : {}),
  };
}
