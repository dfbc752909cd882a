import { UnmappedPlaceholderError } from './errors';
import { ROLE_PLACEHOLDERS, ROLES, SECTION_PLACEHOLDER, type Role } from './roles';
import { roleUrls, type TargetMap } from './target-map';

/** `{placeholder}` -> value for every mapped role, plus `{section}`. Origins carry no slash. */
export function placeholders(map: TargetMap): Record<string, string> {
  const out: Record<string, string> = {};
  for (const role of ROLES) {
    const [first] = roleUrls(map, role);
    if (first) out[ROLE_PLACEHOLDERS[role]] = first.origin;
  }
  out[SECTION_PLACEHOLDER] = map.section;
  return out;
}

const ROLE_OF_PLACEHOLDER = new Map<string, Role>(ROLES.map((r) => [ROLE_PLACEHOLDERS[r], r]));

/**
 * Only the known names are replaced: spec values hold JSON, CSS and scripts whose own braces must
 * pass through untouched, so an unknown `{word}` is left as it is rather than rejected.
 */
const PLACEHOLDER = new RegExp([...ROLE_OF_PLACEHOLDER.keys(), SECTION_PLACEHOLDER].map((p) => p.replace(/[{}]/g, '\\$&')).join('|'), 'g');

export function resolvePlaceholders(text: string, map: TargetMap): string {
  const values = placeholders(map);
  return text.replace(PLACEHOLDER, (p) => {
    const value = values[p];
    if (value === undefined) throw new UnmappedPlaceholderError(p, ROLE_OF_PLACEHOLDER.get(p) ?? p);
    return value;
  });
}
