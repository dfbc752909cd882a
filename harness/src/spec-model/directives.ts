/**
 * Fields whose value is a set of directives, compared by what they mean rather than as text: a
 * Content-Security-Policy or Feature-Policy (`;`-separated, a name and its sources), a
 * Strict-Transport-Security (`;`, `name=value`), a Cache-Control or Permissions-Policy
 * (`,`-separated, `name[=value]`). Two policies with the same directives in another order are the
 * same policy; a lifetime is a number within a calendar span; a source written `{host}` stands for
 * any host a deployment chooses (its own tag-management host), a role placeholder for that role's
 * origin in the target map.
 */
import { listMembers } from './list-members';

/** What one directive must hold: present (any value), exactly these value tokens (any order), or a number in a range. */
export type DirectiveValue = true | string[] | { min?: number; max?: number };

export type DirectiveSeparator = ';' | ',';

/** Any host-source (CSP 3 §2.3.1): a name with an optional scheme, port and path; not a keyword, nonce, hash, bare scheme or `*`. */
export const ANY_HOST = '{host}';

const unquote = (v: string) => (/^".*"$/.test(v) ? v.slice(1, -1) : v);

/**
 * The directives of a field value, name (lower-cased) -> value tokens, the first of a name kept
 * (CSP 3 §2.2, RFC 6797 §6.1: a repeated directive is ignored after the first).
 */
export function parseDirectives(value: string, separator: DirectiveSeparator): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const parts = separator === ',' ? listMembers(value) : value.split(';');
  for (const raw of parts) {
    const part = raw.trim();
    if (!part) continue;
    const m = /^([^\s=]+)\s*(=\s*)?(.*)$/s.exec(part)!;
    const name = m[1].toLowerCase();
    if (out.has(name)) continue;
    const rest = m[3].trim();
    let tokens: string[];
    if (m[2] !== undefined) {
      const v = unquote(rest);
      // A structured list in parentheses (Permissions-Policy `camera=(self "https://x")`): its members.
      tokens = /^\(.*\)$/s.test(v) ? v.slice(1, -1).split(/\s+/).filter(Boolean) : [v];
    } else tokens = rest ? rest.split(/\s+/) : [];
    out.set(name, tokens);
  }
  return out;
}

/** A token that names a host (what `{host}` stands for). */
export function isHostSource(token: string): boolean {
  return !/^'[^']*'$/.test(token) && !/^[a-z][a-z0-9+.-]*:$/i.test(token) && token !== '*' && /[a-z0-9]\.[a-z0-9]|^[a-z][a-z0-9+.-]*:\/\//i.test(token);
}

const describeValue = (v: DirectiveValue): string =>
  v === true ? '' : Array.isArray(v) ? (v.length ? ` ${v.join(' ')}` : ' (empty)') : ` ${v.min ?? ''}..${v.max ?? ''}`;

/** The expectation in words: `default-src 'self' https:; script-src 'self' {host} (any order)`. */
export function describeDirectives(want: Readonly<Record<string, DirectiveValue>>, separator: DirectiveSeparator): string {
  const joiner = separator === ',' ? ', ' : '; ';
  return `the directives ${Object.entries(want)
    .map(([n, v]) => `${n}${describeValue(v)}`)
    .join(joiner)} (in any order; {host}: any host)`;
}

/** Multiset equality of tokens, `{host}` matching any host-source; case-insensitive. */
function sameTokens(want: readonly string[], got: readonly string[]): boolean {
  if (want.length !== got.length) return false;
  const left = got.map((t) => t.toLowerCase());
  const wildcards = want.filter((t) => t === ANY_HOST).length;
  for (const w of want) {
    if (w === ANY_HOST) continue;
    const i = left.indexOf(w.toLowerCase());
    if (i < 0) return false;
    left.splice(i, 1);
  }
  return left.length === wildcards && left.every(isHostSource);
}

/** What differs between the wanted directives (placeholders already filled) and a field value; empty when they agree. */
export function directiveDifferences(want: Readonly<Record<string, DirectiveValue>>, value: string, separator: DirectiveSeparator): string[] {
  const got = parseDirectives(value, separator);
  const problems: string[] = [];
  const names = new Set(Object.keys(want).map((n) => n.toLowerCase()));
  for (const [name, v] of Object.entries(want)) {
    const tokens = got.get(name.toLowerCase());
    if (tokens === undefined) {
      problems.push(`no ${name}`);
      continue;
    }
    if (v === true) continue;
    if (Array.isArray(v)) {
      if (!sameTokens(v, tokens)) problems.push(`${name} is ${tokens.join(' ') || '(empty)'}`);
      continue;
    }
    const n = tokens.length === 1 && /^[0-9]+$/.test(tokens[0]) ? Number(tokens[0]) : NaN;
    if (!(Number.isFinite(n) && (v.min === undefined || n >= v.min) && (v.max === undefined || n <= v.max)))
      problems.push(`${name} is ${tokens.join(' ') || '(empty)'}`);
  }
  const extra = [...got.keys()].filter((n) => !names.has(n));
  if (extra.length) problems.push(`also ${extra.join(', ')}`);
  return problems;
}
