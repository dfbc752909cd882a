/**
 * A path shape of the description, written as a template: `/{section}/css/{name}.css`,
 * `{asset_url}/-/media/{folder*}/{file}.svg?rev={rev}`. Names the run knows (a role origin,
 * `{section}`, a set `{value:NAME}`) are literal; every other `{name}` is a part the target
 * chooses: `{name}` one path segment (or query value), `{name*}` one or more segments. A template
 * without `?` says nothing of the query: the address is taken with whatever query it has.
 */
import { HarnessError } from '../core';
import { ROLE_PLACEHOLDERS, ROLES, type Role } from '../target-map';

export class TemplateError extends HarnessError {
  declare readonly code: 'HARNESS_ERR_TEMPLATE';
  constructor(
    readonly template: string,
    reason: string,
  ) {
    super('HARNESS_ERR_TEMPLATE', `template ${JSON.stringify(template)}: ${reason}`);
  }
}

export interface CompiledTemplate {
  template: string;
  /** The origin an address must have. */
  origin: string;
  /** Matched against the path, or path and query when the template has a `?`. */
  regex: RegExp;
  /** The target-chosen parts, in order. */
  names: string[];
  withQuery: boolean;
}

export interface TemplateMatch {
  url: URL;
  /** The target-chosen parts of this address, by name. */
  parts: Record<string, string>;
}

const TOKEN = /\{(value:)?([A-Za-z_][A-Za-z0-9_]*)(\*)?\}/g;
const ROLE_OF = new Map<string, Role>(ROLES.map((r) => [ROLE_PLACEHOLDERS[r], r]));
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `values` is the run's placeholder table (`{section}`, `{base_url}`, `{value:NAME}`...);
 * `roleOrigin` is the origin of the exchange's own role, used when the template is a bare path.
 */
export function compileTemplate(template: string, values: Readonly<Record<string, string>>, roleOrigin: string): CompiledTemplate {
  let rest = template;
  let origin = roleOrigin;
  const lead = /^\{[a-z]+_url\}/.exec(template);
  if (lead) {
    const role = ROLE_OF.get(lead[0]);
    if (!role) throw new TemplateError(template, `${lead[0]} is not a role origin (known: ${ROLES.map((r) => ROLE_PLACEHOLDERS[r]).join(', ')})`);
    const value = values[lead[0]];
    if (value === undefined) throw new TemplateError(template, `${lead[0]}: role not mapped (${role})`);
    origin = new URL(value).origin;
    rest = template.slice(lead[0].length);
  }
  if (!rest.startsWith('/')) throw new TemplateError(template, 'must be a path ("/...") or start with a role origin ("{asset_url}/...")');
  const names: string[] = [];
  let source = '';
  let last = 0;
  for (const m of rest.matchAll(TOKEN)) {
    const [token, isValue, name, star] = m;
    source += escapeRegex(rest.slice(last, m.index));
    last = (m.index ?? 0) + token.length;
    if (ROLE_OF.has(token)) throw new TemplateError(template, `${token} may only open the template`);
    const known = values[isValue ? `{value:${name}}` : `{${name}}`];
    if (known !== undefined && !star) {
      source += escapeRegex(known);
      continue;
    }
    if (names.includes(name)) throw new TemplateError(template, `{${name}} appears twice`);
    names.push(name);
    source += star ? `(?<${name}>[^?#]+?)` : `(?<${name}>[^/?#&=]+)`;
  }
  source += escapeRegex(rest.slice(last));
  return { template, origin, regex: new RegExp(`^${source}$`), names, withQuery: rest.includes('?') };
}

/** The address, when it has the template's origin and shape. */
export function matchTemplate(t: CompiledTemplate, url: URL): TemplateMatch | undefined {
  if (url.origin !== t.origin) return undefined;
  const m = t.regex.exec(t.withQuery ? url.pathname + url.search : url.pathname);
  if (!m) return undefined;
  const parts: Record<string, string> = {};
  for (const name of t.names) parts[name] = m.groups?.[name] ?? '';
  return { url, parts };
}
