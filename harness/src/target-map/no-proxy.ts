/**
 * NO_PROXY / no_proxy: the hosts that go direct although a proxy is set. The forms are curl's, so
 * a value that works for curl works here: a host name (which also covers its subdomains, with or
 * without a leading `.` or `*.`), `host:port`, an IP address or a CIDR range (`10.0.0.0/8`), and
 * `*` for every host. Matching looks at the URL's own host, never at a resolve entry's address
 * (curl does the same with --connect-to). Entries are parsed once: an entry curl would silently
 * never match (a URL, a stray wildcard) is an error naming it, not a proxy used by surprise.
 */
import { urlPort } from './resolve';
import { BlockList, isIP } from 'node:net';
import { TargetConfigError } from './errors';

export type NoProxyRule =
  | { kind: 'all'; source: string }
  /** `example.org`, `.example.org`, `*.example.org`: the domain itself and every name under it. */
  | { kind: 'domain'; domain: string; port?: number; source: string }
  /** An IP literal, compared with the URL's host when that is an IP literal too (no DNS lookup). */
  | { kind: 'ip'; address: string; port?: number; source: string }
  | { kind: 'cidr'; network: string; prefix: number; family: 4 | 6; source: string };

const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;
const FORMS = 'is not a NO_PROXY entry (a host name, .domain, host:port, IP address, CIDR range such as 10.0.0.0/8, or *)';

function parsePort(text: string): number | undefined {
  if (!/^\d{1,5}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= 1 && n <= 65535 ? n : undefined;
}

/** An IPv6 literal as the URL parser writes it (`::1`, not `0:0::1`), so both sides compare as text. */
function canonicalV6(address: string): string {
  return new URL(`http://[${address}]/`).hostname.slice(1, -1);
}

function isDomain(name: string): boolean {
  return name.length <= 253 && name.split('.').every((l) => LABEL.test(l));
}

/** One entry, or undefined when it is not one of the forms. */
function parseEntry(source: string): NoProxyRule | undefined {
  const text = source.toLowerCase();
  if (text === '*') return { kind: 'all', source };
  const cidr = /^([0-9a-f.:]+)\/(\d{1,3})$/.exec(text);
  if (cidr) {
    const family = isIP(cidr[1]);
    const prefix = Number(cidr[2]);
    if (family === 0 || prefix > (family === 4 ? 32 : 128)) return undefined;
    return { kind: 'cidr', network: family === 6 ? canonicalV6(cidr[1]) : cidr[1], prefix, family: family as 4 | 6, source };
  }
  if (isIP(text) === 6) return { kind: 'ip', address: canonicalV6(text), source };
  const bracketed = /^\[([0-9a-f.:]+)\](?::(\d+))?$/.exec(text);
  if (bracketed) {
    const port = bracketed[2] === undefined ? undefined : parsePort(bracketed[2]);
    if (isIP(bracketed[1]) !== 6 || (bracketed[2] !== undefined && port === undefined)) return undefined;
    return { kind: 'ip', address: canonicalV6(bracketed[1]), ...(port ? { port } : {}), source };
  }
  const colon = text.lastIndexOf(':');
  const name = colon < 0 ? text : text.slice(0, colon);
  const port = colon < 0 ? undefined : parsePort(text.slice(colon + 1));
  if (colon >= 0 && port === undefined) return undefined;
  const withPort = port === undefined ? {} : { port };
  if (isIP(name) === 4) return { kind: 'ip', address: name, ...withPort, source };
  const domain = name.replace(/^\*?\./, '').replace(/\.$/, '');
  if (domain === '' || !isDomain(domain)) return undefined;
  return { kind: 'domain', domain, ...withPort, source };
}

/** The variable's entries, separated by commas and/or white space (empty entries are skipped). */
export function parseNoProxy(value: string, variable: string): NoProxyRule[] {
  const entries = value.split(/[\s,]+/).filter((e) => e !== '');
  return entries.map((entry) => {
    const rule = parseEntry(entry);
    if (!rule) throw new TargetConfigError(variable, entry, FORMS);
    return rule;
  });
}

function hostOf(url: URL): string {
  return url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
}

/** Whether `url` goes direct under these rules (its host and port against each entry). */
export function bypassesProxy(rules: readonly NoProxyRule[], url: URL): boolean {
  const host = hostOf(url);
  const port = urlPort(url);
  const family = isIP(host);
  return rules.some((rule) => {
    switch (rule.kind) {
      case 'all':
        return true;
      case 'domain':
        return (rule.port === undefined || rule.port === port) && (host === rule.domain || host.endsWith(`.${rule.domain}`));
      case 'ip':
        return (rule.port === undefined || rule.port === port) && family !== 0 && host === rule.address;
      case 'cidr': {
        if (family !== rule.family) return false;
        const list = new BlockList();
        list.addSubnet(rule.network, rule.prefix, rule.family === 4 ? 'ipv4' : 'ipv6');
        return list.check(host, family === 4 ? 'ipv4' : 'ipv6');
      }
    }
  });
}

/**
 * The rules as Chromium's --proxy-bypass-list entries (`;`-joined by the caller). Chromium's
 * `example.org` matches that host only and `*.example.org` the names under it, so a domain gives
 * both; `*` is not translated (the caller launches without a proxy instead).
 */
export function chromiumBypassRules(rules: readonly NoProxyRule[]): string[] {
  return rules.flatMap((rule) => {
    switch (rule.kind) {
      case 'all':
        return [];
      case 'domain': {
        const port = rule.port === undefined ? '' : `:${rule.port}`;
        return [`${rule.domain}${port}`, `*.${rule.domain}${port}`];
      }
      case 'ip': {
        const host = rule.address.includes(':') ? `[${rule.address}]` : rule.address;
        return [rule.port === undefined ? host : `${host}:${rule.port}`];
      }
      case 'cidr':
        return [`${rule.network}/${rule.prefix}`];
    }
  });
}
