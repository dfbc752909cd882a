/** A target map as every view names it: its site's address (else its first role's), and whether it is the embedded reference. */
import type { TargetMeta } from './types';

export function targetName(m: TargetMeta): string {
  return `${targetSite(m)}${m.origin === 'reference' ? ' (embedded reference)' : ''}`;
}

/** The address alone. */
export function targetSite(m: TargetMeta): string {
  return m.roles.site?.[0] ?? Object.values(m.roles)[0]?.[0] ?? '(no role)';
}
