/**
 * A value the target answered names the target (its own address in a Location, its host in a
 * cookie's Domain, the run's section in a path): written as is, the spec would hold for that one
 * deployment only. The run's target map becomes the value context har2spec's rules read
 * (`har/generalize.ts`): a role's origin its placeholder ({base_url}), the run's section
 * `{section}`, another name of a role (hop2.redirect.test) any host, any port.
 */
import type { ValueContext } from '../har/generalize';
import { parseRoleMapping, Placeholderizer, type RoleMapping } from '../har/role-mapping';
import type { TargetMeta } from '../report/types';
import { DEFAULT_SECTION } from '../target-map';

export interface Placeholders {
  /** The run's target map as har2spec's value context. */
  context: ValueContext;
  /** Its origins alone, as har2spec writes a capture's values before its rules read them (`retemplate`). */
  origins: Placeholderizer;
}

/** A target map's placeholders, and its section as a path segment `{section}` (a capture's is read from its pages; a run records its own). */
class RunPlaceholderizer extends Placeholderizer {
  constructor(
    mapping: RoleMapping,
    private readonly sectioned: (value: string) => string,
  ) {
    super(mapping);
  }

  override apply(value: string): string {
    return this.sectioned(super.apply(value));
  }
}

const NO_HOSTS: RoleMapping = { hosts: new Map(), primary: new Map(), section: DEFAULT_SECTION };

/** Placeholders of the run's target map as the report records it; none when it records none. */
export function targetPlaceholders(target: TargetMeta | null | undefined): Placeholders {
  const hosts: Record<string, string> = {};
  for (const [role, urls] of Object.entries(target?.roles ?? {})) {
    if (!Array.isArray(urls)) continue;
    urls.forEach((u) => {
      try {
        const host = new URL(u).hostname.toLowerCase();
        if (!(host in hosts)) hosts[host] = role;
      } catch {
        /* not a URL: no placeholder for it */
      }
    });
  }
  const section = typeof target?.section === 'string' && /^[A-Za-z0-9._~-]+$/.test(target.section) ? target.section : undefined;
  let mapping = NO_HOSTS;
  try {
    if (Object.keys(hosts).length) mapping = parseRoleMapping({ hosts, ...(section ? { section } : {}) }, 'results.json run.target');
  } catch {
    mapping = NO_HOSTS; // a target map this version does not know (another role set): values stay as they are
  }
  const inner = section ? new RegExp(`/${section.replace(/\./g, '\\.')}/`, 'g') : undefined;
  const last = section ? new RegExp(`/${section.replace(/\./g, '\\.')}(?=\\?|$)`) : undefined;
  // The section as a path segment: inside any value ("</static/a.css>"), at the end only of a path or URL ("{base_url}/static").
  const sectioned = (value: string): string => {
    if (!inner || !last) return value;
    const out = value.replace(inner, '/{section}/');
    return out.startsWith('/') || out.startsWith('{') ? out.replace(last, '/{section}') : out;
  };
  return { context: { ph: new RunPlaceholderizer(mapping, sectioned) }, origins: new Placeholderizer(mapping) };
}

/** No target map: values are written as observed. */
export const NO_PLACEHOLDERS: Placeholders = { context: { ph: new Placeholderizer(NO_HOSTS) }, origins: new Placeholderizer(NO_HOSTS) };
