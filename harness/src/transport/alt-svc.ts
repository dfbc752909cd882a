/**
 * Alt-Svc (RFC 7838 §3): the alternative services an origin advertises, and the HTTP/3 endpoint
 * among them. No registry package parses this field (it is not a Structured Field, so RFC 8941
 * parsers refuse its `h3=":443"` members), hence this small parser of its ABNF:
 *
 *   Alt-Svc       = clear / 1#alt-value
 *   alt-value     = alternative *( OWS ";" OWS parameter )
 *   alternative   = protocol-id "=" alt-authority        (alt-authority a quoted-string)
 *   parameter     = token "=" ( token / quoted-string )
 */
import { isIP } from 'node:net';

export interface AltService {
  /** ALPN protocol id, percent-decoded (`h3`, `h3-29`, `h2`). */
  protocol: string;
  /** Host of the alternative; empty when it is the origin's own (`":443"`). */
  host: string;
  port: number;
  /** `ma`: seconds the alternative is fresh (RFC 7838 §3.1; 24 hours when absent). */
  maxAge: number;
  persist: boolean;
}

/** One field value: its alternatives, `clear`, or the reason it is not valid RFC 7838 syntax. */
export type AltSvcValue = { kind: 'clear' } | { kind: 'list'; alternatives: AltService[] } | { kind: 'invalid'; reason: string };

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const DEFAULT_MAX_AGE = 86400;
const LABEL = '[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?';
const HOST_NAME = new RegExp(`^${LABEL}(?:\\.${LABEL})*\\.?$`);

/**
 * The alternative's host is a DNS name or an IP address (RFC 3986's uri-host as used), nothing
 * else: it goes into Chromium's --host-resolver-rules, where a comma starts another rule, so a
 * crafted value (`h3="x, MAP www.site 203.0.113.9:443"`) could remap another role.
 */
function isHost(host: string): boolean {
  if (host === '') return true;
  return isIP(host) !== 0 || (host.length <= 253 && HOST_NAME.test(host) && !/^[0-9.]+$/.test(host));
}

/** Splits on `sep` outside quoted strings (a quoted alt-authority may hold neither, but a parameter may). */
function splitOutsideQuotes(s: string, sep: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quoted && c === '\\' && i + 1 < s.length) {
      cur += c + s[++i];
      continue;
    }
    if (c === '"') quoted = !quoted;
    if (c === sep && !quoted) {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

function unquote(v: string): string | undefined {
  if (TOKEN.test(v)) return v;
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) return v.slice(1, -1).replace(/\\(.)/g, '$1');
  return undefined;
}

function parseAlternative(member: string): AltService | string {
  const [head, ...params] = splitOutsideQuotes(member, ';').map((p) => p.trim());
  const eq = head.indexOf('=');
  if (eq <= 0) return `"${head}" is not protocol-id="authority"`;
  let protocol: string;
  try {
    protocol = decodeURIComponent(head.slice(0, eq).trim());
  } catch {
    return `protocol-id "${head.slice(0, eq)}" is not percent-encoded correctly`;
  }
  const rawAuthority = head.slice(eq + 1).trim();
  if (!rawAuthority.startsWith('"')) return `alt-authority ${rawAuthority} is not a quoted string`;
  const authority = unquote(rawAuthority);
  if (authority === undefined) return `alt-authority ${rawAuthority} is not a quoted string`;
  const colon = authority.lastIndexOf(':');
  const portText = colon < 0 ? '' : authority.slice(colon + 1);
  const port = Number(portText);
  if (colon < 0 || !/^\d{1,5}$/.test(portText) || port < 1 || port > 65535) return `alt-authority "${authority}" has no port between 1 and 65535`;
  let host = authority.slice(0, colon);
  const bracketed = host.startsWith('[') && host.endsWith(']');
  if (bracketed) host = host.slice(1, -1);
  if (!isHost(host) || (bracketed && isIP(host) !== 6) || (!bracketed && isIP(host) === 6))
    return `alt-authority "${authority}" names a host that is not a host name or IP address`;
  const alt: AltService = { protocol, host: host.toLowerCase(), port, maxAge: DEFAULT_MAX_AGE, persist: false };
  for (const p of params) {
    if (p === '') continue;
    const i = p.indexOf('=');
    const name = (i < 0 ? p : p.slice(0, i)).trim().toLowerCase();
    const value = i < 0 ? undefined : unquote(p.slice(i + 1).trim());
    if (!TOKEN.test(name) || value === undefined) return `parameter "${p}" is not token=value`;
    if (name === 'ma') {
      if (!/^\d+$/.test(value)) return `ma=${value} is not a number of seconds`;
      alt.maxAge = Number(value);
    } else if (name === 'persist') alt.persist = value === '1';
  }
  return alt;
}

/** Parses every Alt-Svc field line of an answer (RFC 9110 §5.3: the lines are one list). */
export function parseAltSvc(lines: readonly string[]): AltSvcValue {
  const members = lines.flatMap((l) => splitOutsideQuotes(l, ',')).map((m) => m.trim());
  const nonEmpty = members.filter((m) => m !== '');
  if (nonEmpty.length === 1 && nonEmpty[0] === 'clear') return { kind: 'clear' };
  if (nonEmpty.length === 0) return { kind: 'invalid', reason: 'an empty field' };
  const alternatives: AltService[] = [];
  for (const m of nonEmpty) {
    const a = parseAlternative(m);
    if (typeof a === 'string') return { kind: 'invalid', reason: a };
    alternatives.push(a);
  }
  return { kind: 'list', alternatives };
}

/**
 * Why an answer's Alt-Svc cannot be used at all (not RFC 7838 syntax: a crafted host among them),
 * or undefined when it is absent or valid.
 */
export function altSvcProblem(lines: readonly string[]): string | undefined {
  if (lines.length === 0) return undefined;
  const v = parseAltSvc(lines);
  return v.kind === 'invalid' ? v.reason : undefined;
}

/** The HTTP/3 alternative an answer advertises (the first `h3`; drafts such as `h3-29` are not HTTP/3), or undefined. */
export function h3Alternative(lines: readonly string[]): AltService | undefined {
  const v = parseAltSvc(lines);
  return v.kind === 'list' ? v.alternatives.find((a) => a.protocol === 'h3') : undefined;
}
