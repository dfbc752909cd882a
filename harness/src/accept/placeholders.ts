/**
 * A value the target answered names the target (its own address in a Location, its host in a
 * cookie's Domain): written as is, the spec would hold for that one deployment only. Such values are
 * written as the spec writes them, with the role placeholders har2spec uses ({base_url}, {section},
 * {site_host}); a further name of a role (hop2.redirect.test) becomes a port-agnostic regex.
 */
import { hasMarker, markedToRegex, parseRoleMapping, Placeholderizer } from '../har/role-mapping';
import type { TargetMeta } from '../report/types';
import type { MatcherSpec } from '../spec-model/types';

export interface Placeholders {
  /** A stable observed value as a literal matcher: a string, or a regex when it names a further host of a role. */
  literal(value: string): MatcherSpec;
  /** A cookie Domain: the host of a role's first address as `{<role>_host}`, anything else lowercased. */
  domain(value: string): string;
}

/** Placeholders of the run's target map as the report records it; none when it records none. */
export function targetPlaceholders(target: TargetMeta | null | undefined): Placeholders {
  const hosts: Record<string, string> = {};
  const roleHosts = new Map<string, string>();
  for (const [role, urls] of Object.entries(target?.roles ?? {})) {
    if (!Array.isArray(urls)) continue;
    urls.forEach((u, i) => {
      try {
        const host = new URL(u).hostname.toLowerCase();
        if (!(host in hosts)) hosts[host] = role;
        if (i === 0) roleHosts.set(host, role);
      } catch {
        /* not a URL: no placeholder for it */
      }
    });
  }
  const section = typeof target?.section === 'string' && /^[A-Za-z0-9._~-]+$/.test(target.section) ? target.section : undefined;
  let ph: Placeholderizer | undefined;
  try {
    if (Object.keys(hosts).length) ph = new Placeholderizer(parseRoleMapping({ hosts, ...(section ? { section } : {}) }, 'results.json run.target'));
  } catch {
    ph = undefined; // a target map this version does not know (another role set): values stay as they are
  }
  const inner = section ? new RegExp(`/${section.replace(/\./g, '\\.')}/`, 'g') : undefined;
  const last = section ? new RegExp(`/${section.replace(/\./g, '\\.')}(?=\\?|$)`) : undefined;
  return {
    literal(value) {
      let out = ph ? ph.apply(value) : value;
      if (hasMarker(out)) return { regex: markedToRegex(out) };
      // The section as a path segment: inside any value ("</static/a.css>"), at the end only of a path or URL ("{base_url}/static").
      if (inner && last) {
        out = out.replace(inner, '/{section}/');
        if (out.startsWith('/') || out.startsWith('{')) out = out.replace(last, '/{section}');
      }
      return out;
    },
    domain(value) {
      const host = value.replace(/^\./, '').toLowerCase();
      const role = roleHosts.get(host);
      return role ? `{${role}_host}` : host;
    },
  };
}

/** No target map: values are written as observed. */
export const NO_PLACEHOLDERS: Placeholders = { literal: (v) => v, domain: (v) => v.replace(/^\./, '').toLowerCase() };
