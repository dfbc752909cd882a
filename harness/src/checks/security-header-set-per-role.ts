import type { Check, Finding } from './types';
import { finding, headerValue } from './util';

const DISABLED = ['microphone', 'midi', 'camera', 'magnetometer', 'gyroscope', 'payment'];

interface Rule {
  header: string;
  expected: string;
  test(value: string): boolean;
}

const norm = (v: string) => v.trim().toLowerCase().replace(/\s*;\s*/g, '; ');

/** The site's security header set (service description, "Headers on every {base_url} response"). */
export const SITE_SECURITY_HEADERS: readonly Rule[] = [
  {
    header: 'x-frame-options',
    expected: 'SAMEORIGIN (repeats allowed: "SAMEORIGIN, SAMEORIGIN")',
    test: (v) => v.split(',').every((t) => t.trim().toUpperCase() === 'SAMEORIGIN'),
  },
  { header: 'x-xss-protection', expected: '1; mode=block', test: (v) => norm(v) === '1; mode=block' },
  { header: 'x-content-type-options', expected: 'nosniff', test: (v) => norm(v) === 'nosniff' },
  { header: 'referrer-policy', expected: 'no-referrer-when-downgrade', test: (v) => norm(v) === 'no-referrer-when-downgrade' },
  { header: 'content-security-policy', expected: 'a policy with a default-src directive', test: (v) => /(^|;)\s*default-src\s/i.test(v) },
  {
    header: 'feature-policy',
    expected: DISABLED.map((f) => `${f} 'none'`).join('; '),
    test: (v) => {
      const parts = new Map(v.split(';').map((p) => p.trim().split(/\s+/)).map(([f, ...rest]) => [f.toLowerCase(), rest.join(' ')]));
      return DISABLED.every((f) => parts.get(f) === "'none'");
    },
  },
  {
    header: 'permissions-policy',
    expected: DISABLED.map((f) => `${f}=()`).join(', '),
    test: (v) => {
      const parts = new Map(v.split(',').map((p) => p.trim().split('=')).map(([f, ...rest]) => [f.trim().toLowerCase(), rest.join('=').replace(/\s+/g, '')]));
      return DISABLED.every((f) => parts.get(f) === '()');
    },
  },
];

/** Roles whose responses carry the site's security header set. */
export const ROLES_WITH_SITE_HEADERS: readonly string[] = ['site', 'assets'];

export const securityHeaderSetPerRole: Check = {
  id: 'security/header-set-per-role',
  title: "The site's security header set is on every site and asset-host response",
  clause:
    'Service description, "Headers on every {base_url} response" (x-frame-options, x-xss-protection, x-content-type-options, referrer-policy, ' +
    'content-security-policy, feature-policy, permissions-policy) and Media files on {asset_url}: "plus the same security headers as {base_url}".',
  source: 'capture',
  run(ex, context) {
    if (!ROLES_WITH_SITE_HEADERS.includes(context.role)) return [];
    const out: Finding[] = [];
    for (const rule of SITE_SECURITY_HEADERS) {
      const value = headerValue(ex, rule.header);
      out.push(finding(securityHeaderSetPerRole, value !== undefined && rule.test(value), rule.expected, value ?? '(absent)', { aspect: rule.header }));
    }
    return out;
  },
};
