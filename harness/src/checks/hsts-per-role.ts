import { fieldLines } from '../core';
import type { Check } from './types';
import { finding } from './util';

interface HstsPolicy {
  maxAge: number;
  includeSubDomains?: boolean;
  preload?: boolean;
}

const SITE: HstsPolicy = { maxAge: 31536000, includeSubDomains: true, preload: true };

/**
 * Per role, from the service description; roles absent here are not checked. The bare host's row
 * lists only status, content-type, location and body, so it is not held to the site's HSTS.
 */
export const HSTS_POLICIES: Readonly<Record<string, HstsPolicy>> = {
  site: SITE,
  assets: SITE,
  shop: { maxAge: 63072000 },
};

function describe(p: HstsPolicy): string {
  return [`max-age=${p.maxAge}`, p.includeSubDomains ? 'includeSubDomains' : '', p.preload ? 'preload' : ''].filter(Boolean).join('; ');
}

export const hstsPerRole: Check = {
  id: 'security/hsts-per-role',
  title: 'Strict-Transport-Security carries the max-age and flags of the role',
  clause:
    'Service description, Headers on every {base_url} response: "strict-transport-security: max-age=31536000; includeSubDomains; preload" (also on the asset host); ' +
    'Limits: "strict-transport-security max-age: 31536000 seconds on the site hosts, 63072000 seconds on the storefront".',
  source: 'capture',
  level: 'must',
  fields: (role) => (HSTS_POLICIES[role] ? ['strict-transport-security'] : []),
  run(ex, context) {
    const policy = HSTS_POLICIES[context.role];
    if (!policy || !ex.request.url.startsWith('https:')) return [];
    const lines = fieldLines(ex.lines, 'strict-transport-security');
    const expected = describe(policy);
    if (lines.length !== 1) {
      // RFC 6797 §8.1: a UA processes only the first of several fields.
      return [
        finding(hstsPerRole, false, `one line: ${expected}`, lines.length ? `${lines.length} lines: ${lines.join(' | ')}` : '(absent)', {
          field: 'strict-transport-security',
        }),
      ];
    }
    const directives = new Map<string, string | undefined>();
    for (const part of lines[0].split(';')) {
      const [name, ...rest] = part.split('=');
      if (name.trim()) directives.set(name.trim().toLowerCase(), rest.length ? rest.join('=').trim().replace(/^"|"$/g, '') : undefined);
    }
    const ok =
      directives.get('max-age') === String(policy.maxAge) &&
      (!policy.includeSubDomains || directives.has('includesubdomains')) &&
      (!policy.preload || directives.has('preload'));
    return [finding(hstsPerRole, ok, expected, lines[0], { field: 'strict-transport-security' })];
  },
};
